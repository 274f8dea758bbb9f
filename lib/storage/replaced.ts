import 'server-only';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import type { Bucket } from './buckets';
import { getStorage, getStorageForRequest } from './index';
import { encodeObjectPath, pathFromPublicUrl } from './paths';
import { findContentReferences } from './references';
import type { StorageAdapter } from './types';

type MaybeUrl = string | null | undefined;

/** Compares two addresses as the browser would resolve them on this site (so '/a' and '/a' match, 'https://x/a' does not). */
function sameAddress(a: string, b: string): boolean {
  try {
    const base = 'http://site.invalid';
    return new URL(a, base).href === new URL(b, base).href;
  } catch {
    return false;
  }
}

/**
 * The object path of `url` when it is the public address of an object in `bucket` exactly as this site's
 * storage writes it (`/storage/<bucket>/<path>` on local disk, `<project>/storage/v1/object/public/<bucket>/<path>`
 * with Supabase); null for anything else: an empty value, /placeholder.svg, a pasted external link (even
 * one whose path happens to contain the bucket's name), another bucket, another Supabase project. The path
 * is taken from the URL after the bucket name (docs/product.md §7), as the profile image delete does.
 */
export function ownedObjectPath(storage: StorageAdapter, bucket: Bucket, url: MaybeUrl): string | null {
  const trimmed = url?.trim();
  if (!trimmed) return null;
  const objectPath = pathFromPublicUrl(trimmed, bucket);
  if (!objectPath) return null;
  return sameAddress(storage.publicUrl(bucket, objectPath), trimmed) ? objectPath : null;
}

/** The adapter for a removal: the signed-in admin's where the backend needs it, else the server's own. */
async function cleanupStorage(): Promise<StorageAdapter> {
  try {
    return await getStorageForRequest();
  } catch {
    // Outside a request (a script, a test) there are no cookies to read: the server's own adapter.
    return getStorage();
  }
}

export interface RemoveReplacedFilesOptions {
  /** The bucket the uploads live in ('profile-images' for the About image, 'project-images' for projects). */
  bucket: Bucket;
  /** Every image URL the saved content held before the save (nulls and blanks are ignored). */
  before: readonly MaybeUrl[];
  /** Every image URL it holds after the save. */
  after: readonly MaybeUrl[];
  /** Defaults to the request's adapter (lib/storage getStorageForRequest, falling back to getStorage). */
  storage?: StorageAdapter;
  /** Where other content is searched for references; defaults to getDb(). */
  db?: Queryable;
}

/**
 * Removes the uploaded files a save has replaced or cleared. Call it ONLY AFTER the save's transaction has
 * committed (and its tags are expired), with the image URLs of the saved content before and after:
 *
 *     await removeReplacedFiles({ bucket: 'project-images', before: oldProjects.map((p) => p.image), after: saved.map((p) => p.image) });
 *
 * A URL of `before` is removed from storage only when all of these hold:
 * - it is this site's own upload in `bucket` (ownedObjectPath: never an external link, never the placeholder);
 * - no URL of `after` names the same object;
 * - no stored content still refers to it anywhere (lib/storage/references.ts: About, projects, posts, papers…),
 *   so an image shared by two items survives when one of them changes.
 *
 * It never throws: a failure (the reference search, the storage call) is logged and the file is left in
 * place, because the save itself has already succeeded and must be reported as such. An orphan costs disk
 * space; a missing file breaks a page. Answers the object paths it removed.
 */
export async function removeReplacedFiles(options: RemoveReplacedFilesOptions): Promise<string[]> {
  const { bucket } = options;
  try {
    const storage = options.storage ?? (await cleanupStorage());
    const kept = new Set(options.after.map((url) => ownedObjectPath(storage, bucket, url)).filter((p): p is string => p !== null));
    const candidates = [
      ...new Set(options.before.map((url) => ownedObjectPath(storage, bucket, url)).filter((p): p is string => p !== null && !kept.has(p))),
    ];
    if (candidates.length === 0) return [];

    const db = options.db ?? (await getDb());
    const unreferenced: string[] = [];
    for (const objectPath of candidates) {
      const references = await findContentReferences(db, bucket, encodeObjectPath(objectPath));
      if (references.length === 0) unreferenced.push(objectPath);
    }
    if (unreferenced.length === 0) return [];
    await storage.remove(bucket, unreferenced);
    return unreferenced;
  } catch (error) {
    console.error(`Could not remove replaced files from ${bucket}; they stay in storage (the save itself succeeded)`, error);
    return [];
  }
}
