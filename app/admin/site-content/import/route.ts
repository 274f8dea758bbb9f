import { startImport } from '@/lib/backup/site-content';
import { asFreshAdmin, failure, jsonBody } from '@/lib/backup/site-content-http';
import { uncachedJson } from '@/lib/public-pages';
import { z } from '@/lib/validation/zod';

/**
 * POST /admin/site-content/import `{ size }` (Settings → Site content): makes room for an archive of
 * that many bytes and answers `{ id, chunkBytes }`; the archive then goes to ./[id] in parts (PUT). Only a
 * fresh admin; one export or import at a time.
 */
export function POST(request: Request): Promise<Response> {
  return asFreshAdmin(request, 'The import', async (owner) => {
    const body = await jsonBody(request, z.object({ size: z.number() }));
    if (!body) return failure('Say the archive\'s size in bytes: { "size": n }.', 400);
    return uncachedJson(await startImport({ owner, size: body.size }), 201);
  });
}
