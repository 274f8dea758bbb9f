import { startImport } from '@/lib/backup/site-content';
import { asFreshAdmin, failure } from '@/lib/backup/site-content-http';
import { uncachedJson } from '@/lib/public-pages';

/**
 * POST /admin/site-content/import `{ size }` (Settings → Site content, issue 36): makes room for an archive of
 * that many bytes and answers `{ id, chunkBytes }`; the archive then goes to ./[id] in parts (PUT). Only a
 * fresh admin; one export or import at a time.
 */
export function POST(request: Request): Promise<Response> {
  return asFreshAdmin(request, 'The import', async (owner) => {
    const body: unknown = await request.json().catch(() => null);
    const size = body && typeof body === 'object' && 'size' in body ? body.size : undefined;
    if (typeof size !== 'number') return failure('Say the archive\'s size in bytes: { "size": n }.', 400);
    return uncachedJson(await startImport({ owner, size }), 201);
  });
}
