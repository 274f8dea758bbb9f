'use server';

import { z } from '@/lib/validation/zod';
import { invalidInput, type ActionResult } from '@/lib/action-result';
import { checkAdmin } from '@/lib/auth/guard';
import { noteAdminWrite } from '@/lib/backup/notify';
import { getDb } from '@/lib/db/client';
import { BUCKETS, getStorageForRequest } from '@/lib/storage';
import { encodeObjectPath, safeObjectPath } from '@/lib/storage/paths';
import { findContentReferences, type ContentReference } from '@/lib/storage/references';

const fileSchema = z.object({
  bucket: z.enum(BUCKETS),
  path: z
    .string()
    .min(1)
    .max(512)
    .refine((p) => safeObjectPath(p) !== null, 'Invalid file path.'),
});

const NOT_ALLOWED = "Permission denied: You don't have access to this storage bucket. Please make sure you're logged in as an admin.";

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Content that still refers to the file, shown in the delete confirmation. */
export async function findReferencesAction(input: unknown): Promise<ActionResult<ContentReference[]>> {
  if (!(await checkAdmin()).ok) return { ok: false, error: NOT_ALLOWED };
  const parsed = fileSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, z.prettifyError(parsed.error));
  try {
    return { ok: true, data: await findContentReferences(await getDb(), parsed.data.bucket, encodeObjectPath(parsed.data.path)) };
  } catch (error) {
    console.error('Media library: reference search failed', error);
    return { ok: false, error: `Could not check where the file is used: ${message(error)}` };
  }
}

/** Deletes one stored file (the media library's Delete, after confirmation). */
export async function deleteFileAction(input: unknown): Promise<ActionResult<{ path: string }>> {
  if (!(await checkAdmin()).ok) return { ok: false, error: NOT_ALLOWED };
  const parsed = fileSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, z.prettifyError(parsed.error));
  try {
    const removed = await (await getStorageForRequest()).remove(parsed.data.bucket, [parsed.data.path]);
    if (removed === 0) return { ok: false, error: 'The file was not found; it may have been deleted already.' };
    noteAdminWrite();
    return { ok: true, data: { path: parsed.data.path } };
  } catch (error) {
    console.error('Media library: delete failed', error);
    return { ok: false, error: `Failed to delete file: ${message(error)}` };
  }
}

// No action here deletes the About image: its Delete Image changes only the form, and the file is removed
// after the profile is saved without it (lib/content/about/queries.ts saveAbout → lib/storage/replaced.ts).
