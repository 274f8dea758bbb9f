import { exportState } from '@/lib/backup/site-content';
import { asFreshAdmin } from '@/lib/backup/site-content-http';
import { uncachedJson } from '@/lib/public-pages';

/** GET /admin/site-content/export/{id}: how far the export is (`preparing` with its progress, `ready`, `failed`). */
export function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return asFreshAdmin(request, 'The export', async (owner) => uncachedJson(exportState((await params).id, owner)));
}
