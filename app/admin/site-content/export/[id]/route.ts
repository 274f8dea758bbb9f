import { exportState } from '@/lib/backup/site-content';
import { asFreshAdmin, json } from '@/lib/backup/site-content-http';

/** GET /admin/site-content/export/{id}: how far the export is (`preparing` with its progress, `ready`, `failed`). */
export function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return asFreshAdmin(request, 'The export', async (owner) => json(exportState((await params).id, owner)));
}
