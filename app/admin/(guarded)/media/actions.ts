'use server';

import { z } from '@/lib/validation/zod';
import { AdminFacingError, adminAction } from '@/lib/auth/admin-action';
import { getDb } from '@/lib/db/client';
import { removeStoredFile } from '@/lib/storage';
import { encodeObjectPath } from '@/lib/storage/paths';
import { findContentReferences } from '@/lib/storage/references';
import { storedFileSchema } from '@/lib/validation/media';

/** The storage errors' words, for an anonymous caller and a non-admin alike. */
const NOT_ALLOWED = "Permission denied: You don't have access to this storage bucket. Please make sure you're logged in as an admin.";

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Content that still refers to the file, shown in the delete confirmation. */
export const findReferencesAction = adminAction({
  schema: storedFileSchema,
  invalid: z.prettifyError,
  denied: NOT_ALLOWED,
  run: async ({ bucket, path }) => findContentReferences(await getDb(), bucket, encodeObjectPath(path)),
  failed: { log: 'Media library: reference search failed', answer: (error) => `Could not check where the file is used: ${message(error)}` },
});

/** Deletes one stored file (the media library's Delete, after confirmation). */
export const deleteFileAction = adminAction({
  schema: storedFileSchema,
  invalid: z.prettifyError,
  denied: NOT_ALLOWED,
  run: async ({ bucket, path }) => {
    if (!(await removeStoredFile(bucket, path))) throw new AdminFacingError('The file was not found; it may have been deleted already.');
    return { path };
  },
  failed: { log: 'Media library: delete failed', answer: (error) => `Failed to delete file: ${message(error)}` },
});

// No action here deletes the About image: its Delete Image changes only the form, and the file is removed
// after the profile is saved without it (lib/content/about/queries.ts saveAbout → lib/storage/replaced.ts).
