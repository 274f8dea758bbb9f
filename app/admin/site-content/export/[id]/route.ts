import { cancelExport, exportState } from '@/lib/backup/site-content';
import { asFreshAdmin } from '@/lib/backup/site-content-http';
import { uncachedJson } from '@/lib/public-pages';

/**
 * One export from Settings → Site content:
 *
 *   GET      how far it is (`preparing` with its progress, `ready`, `downloading`, `downloaded`, `failed`)
 *   DELETE   cancels it (the page went before the download began): its file is removed
 */
type Context = { params: Promise<{ id: string }> };

export function GET(request: Request, { params }: Context): Promise<Response> {
  return asFreshAdmin(request, 'The export', async (owner) => uncachedJson(exportState((await params).id, owner)));
}

export function DELETE(request: Request, { params }: Context): Promise<Response> {
  return asFreshAdmin(request, 'Cancelling the export', async (owner) => {
    await cancelExport((await params).id, owner);
    return uncachedJson({ cancelled: true });
  });
}
