import 'server-only';
import { revalidateTag, updateTag } from 'next/cache';
import { noteAdminWrite } from '@/lib/backup/notify';
import { CONTENT_TYPES } from './registry.mjs';
import type { CITATIONS_TAG } from '@/lib/scholarly/citation-types';

/**
 * Every cache tag, one per entity (lib/content/registry.mjs): a write to an entity expires exactly its tag.
 * TAGS.settings is the site configuration of Admin Settings: every public page's title, description and
 * social image.
 */
export const TAGS = Object.fromEntries(CONTENT_TYPES.map((type) => [type.key, type.tag])) as {
  readonly [Entry in (typeof CONTENT_TYPES)[number] as Entry['key']]: Entry['tag'];
};

export type Tag = (typeof TAGS)[keyof typeof TAGS];

/** The tag of data derived from the content rather than written in an editor: the citation counts and their settings (issue 46). */
export type DerivedTag = typeof CITATIONS_TAG;

/**
 * The end of every write in lib/content (and of an import confirmed in the admin area), and the only thing
 * such a write needs to call: the entities' cached reads expired (expireTags) and the embedded server's
 * backup scheduled (noteAdminWrite, lib/backup/notify.ts). A write nothing public reads names no tag.
 * Admin writes outside lib/content that no cached read shows (roles, uploads, file deletes) call
 * noteAdminWrite alone (docs/architecture.md, "Caches").
 */
export function afterContentWrite(...tags: (Tag | DerivedTag)[]): void {
  expireTags(...tags);
  noteAdminWrite();
}

/**
 * Expires the given entities' cached reads after a write, so the public site shows the change on the
 * next request: Next.js's tagged data cache (updateTag in a server action, for read-your-own-writes;
 * revalidateTag with an immediate expiry elsewhere, e.g. a route handler). Only the caches: a write calls
 * afterContentWrite, which also schedules the backup.
 */
function expireTags(...tags: (Tag | DerivedTag)[]): void {
  for (const tag of new Set(tags)) {
    try {
      updateTag(tag);
    } catch {
      revalidateTag(tag, { expire: 0 });
    }
  }
}
