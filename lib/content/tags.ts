import { revalidateTag, updateTag } from 'next/cache';
import { noteAdminWrite } from '@/lib/backup/notify';
import { invalidatePageCache } from '@/lib/page-cache';

/** Every cache tag, one per entity: a write to an entity expires exactly its tag. */
export const TAGS = {
  about: 'about',
  experience: 'experience',
  projects: 'projects',
  research: 'research',
  blog: 'blog',
  personal: 'personal',
  /** The site configuration of Admin Settings: every public page's title, description and social image. */
  settings: 'settings',
} as const;

export type Tag = (typeof TAGS)[keyof typeof TAGS];

/**
 * Expires the given entities' cached reads after a write, so the public site shows the change on the
 * next request: Next.js's tagged data cache (updateTag in a server action, for read-your-own-writes;
 * revalidateTag with an immediate expiry elsewhere, e.g. a route handler) and the in-process page cache.
 * It also schedules the embedded server's backup (lib/backup/notify.ts), which covers every write.
 * Every write in lib/content ends with this; nothing else needs to remember it.
 */
export function expireTags(...tags: Tag[]): void {
  for (const tag of new Set(tags)) {
    try {
      updateTag(tag);
    } catch {
      revalidateTag(tag, { expire: 0 });
    }
  }
  invalidatePageCache();
  noteAdminWrite();
}
