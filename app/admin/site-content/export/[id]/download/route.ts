import { exportDownload } from '@/lib/backup/site-content';
import { asFreshAdmin } from '@/lib/backup/site-content-http';
import { NEVER_STORE } from '@/lib/public-pages';

/**
 * GET /admin/site-content/export/{id}/download: the prepared archive, streamed from disk with its length (so
 * the browser shows the download's progress), once; then it is removed from the server.
 */
export function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return asFreshAdmin(request, 'The download', async (owner) => {
    const { stream, size, fileName } = exportDownload((await params).id, owner);
    return new Response(stream, {
      headers: {
        'content-type': 'application/gzip',
        'content-length': String(size),
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': NEVER_STORE,
        'x-content-type-options': 'nosniff',
      },
    });
  });
}
