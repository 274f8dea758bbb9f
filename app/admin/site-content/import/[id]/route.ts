import { restoreCommand } from '@/lib/backup/latest';
import { backupNow } from '@/lib/backup/service';
import { cancelImport, confirmImport, importState, receiveChunk } from '@/lib/backup/site-content';
import { asFreshAdmin, failure, jsonBody } from '@/lib/backup/site-content-http';
import { uncachedJson } from '@/lib/public-pages';
import { z } from '@/lib/validation/zod';
import { afterContentWrite, TAGS } from '@/lib/content/tags';
import { getDb } from '@/lib/db/client';
import { getStorageForRequest } from '@/lib/storage';

/**
 * One import from Settings → Site content, after POST /admin/site-content/import:
 *
 *   PUT    ?offset=n   a part of the archive (at most chunkBytes), in order; the last part's answer is the
 *                      preview of what the import would do, or why the archive is refused (422)
 *   POST   { mode }    'replace' or 'merge': a backup (embedded mode), then the import, all or nothing
 *   GET               where it is (uploading, checking, previewed, importing)
 *   DELETE            cancels it before it is confirmed; nothing was written to the site
 *
 * Each request re-checks a fresh admin, the one who started it.
 */
type Context = { params: Promise<{ id: string }> };

export function GET(request: Request, { params }: Context): Promise<Response> {
  return asFreshAdmin(request, 'The import', async (owner) => uncachedJson(importState((await params).id, owner)));
}

export function PUT(request: Request, { params }: Context): Promise<Response> {
  return asFreshAdmin(request, 'The upload', async (owner) => {
    const offset = Number(new URL(request.url).searchParams.get('offset'));
    if (!Number.isSafeInteger(offset) || offset < 0) return failure('Say where the part goes: ?offset=n.', 400);
    const id = (await params).id;
    return uncachedJson(await receiveChunk({ id, owner, offset, body: request.body, db: await getDb(), storage: await getStorageForRequest() }));
  });
}

export function POST(request: Request, { params }: Context): Promise<Response> {
  return asFreshAdmin(request, 'The import', async (owner) => {
    const body = await jsonBody(request, z.object({ mode: z.enum(['replace', 'merge']) }));
    if (!body) return failure('Choose how to import: replace or merge.', 400);
    const done = await confirmImport({
      id: (await params).id,
      owner,
      mode: body.mode,
      db: await getDb(),
      storage: await getStorageForRequest(),
      async backup() {
        const backup = await backupNow();
        return backup ? { file: backup.file, restoreCommand: restoreCommand(backup.file, process.env.DATA_DIR) } : null;
      },
    });
    // Every public page reads the imported content on its next request.
    afterContentWrite(...Object.values(TAGS));
    return uncachedJson({ rows: done.result.rows, filesWritten: done.result.filesWritten, filesPresent: done.result.filesPresent, backup: done.backup });
  });
}

export function DELETE(request: Request, { params }: Context): Promise<Response> {
  return asFreshAdmin(request, 'Cancelling the import', async (owner) => {
    await cancelImport((await params).id, owner);
    return uncachedJson({ cancelled: true });
  });
}
