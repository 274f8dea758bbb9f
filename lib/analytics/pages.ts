import 'server-only';

import { parseViewPath } from '@/lib/content/research/filters';
import type { Queryable } from '@/lib/db/types';
import { sitemapEntries } from '@/lib/sitemap';

/**
 * Which paths are a reader's page (issue 48): an event for any other path is dropped before it is written, so
 * forged beacons cannot fill the counts with pages that do not exist. The pages are the sitemap's (every
 * public page, post, paper, talk and course page, drafts left out: `sitemapEntries`, from the same columns its
 * reads take), the search page and the map of talks' places. Read straight from the database, not through the
 * pages' caches, as the queue is written outside any request; kept KEEP_MS, so a flood of beacons reads them
 * once every few seconds.
 */

const KEEP_MS = 5_000;

/** Public pages the sitemap leaves out, as they are not content of their own. */
const OTHER_PAGES = ['/search', '/talks/places'];

const RESEARCH_VIEWS = '/research/list/';

/**
 * The page a path is counted as: a research view (/research/list/…, the research page filtered) is /research;
 * any other path is itself. Whether it exists is `knownPages`'s to say.
 */
export function countedPagePath(path: string): string {
  if (!path.startsWith(RESEARCH_VIEWS)) return path;
  try {
    return parseViewPath(path.slice(RESEARCH_VIEWS.length).split('/').map(decodeURIComponent)) ? '/research' : path;
  } catch {
    return path;
  }
}

const slotKey = Symbol.for('academic-portfolio.analytics-pages');
type Slot = { pages?: Promise<Set<string>>; madeAt: number };
const slot = ((globalThis as Record<symbol, unknown>)[slotKey] ??= { madeAt: 0 } satisfies Slot) as Slot;

async function readPages(db: Queryable): Promise<Set<string>> {
  const [posts, personal, papers, talks, courses] = await Promise.all([
    db.query<{ slug: string }>('select slug from public.blog_posts'),
    db.query<{ id: string }>('select id::text as id from public.personal_posts'),
    db.query<{ id: string; status: 'published' | 'preprint' | 'submitted' | 'draft' }>('select id::text as id, status from public.research_papers'),
    db.query<{ id: string }>('select id::text as id from public.talks'),
    db.query<{ id: string; has_page: boolean }>('select id::text as id, has_page from public.courses'),
  ]);
  const updatedAt = '';
  const entries = sitemapEntries('', {
    posts: posts.rows.map((row) => ({ slug: row.slug, updatedAt })),
    personal: personal.rows.map((row) => ({ id: row.id, createdAt: updatedAt })),
    papers: papers.rows.map((row) => ({ id: row.id, status: row.status, updatedAt })),
    talks: talks.rows.map((row) => ({ id: row.id, updatedAt })),
    courses: courses.rows.map((row) => ({ id: row.id, hasPage: row.has_page, updatedAt })),
  });
  return new Set([...entries.map((entry) => entry.url || '/'), ...OTHER_PAGES]);
}

/** Every reader's page of the site now (within KEEP_MS). */
export function knownPages(db: Queryable, now = Date.now()): Promise<Set<string>> {
  if (!slot.pages || now - slot.madeAt > KEEP_MS) {
    slot.madeAt = now;
    const pages = readPages(db);
    slot.pages = pages;
    pages.catch(() => {
      if (slot.pages === pages) slot.pages = undefined;
    });
  }
  return slot.pages;
}

/** For tests: read the pages again at the next check. */
export function forgetKnownPages(): void {
  slot.pages = undefined;
}
