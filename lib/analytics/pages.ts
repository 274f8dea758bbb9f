import 'server-only';

import { getBlogPostStamps } from '@/lib/content/blog/queries';
import { getCourseStamps } from '@/lib/content/courses/queries';
import { getPersonalPostStamps } from '@/lib/content/personal/queries';
import { parseViewPath } from '@/lib/content/research/filters';
import { getResearchPaperStamps } from '@/lib/content/research/queries';
import { getTalkStamps } from '@/lib/content/talks/queries';
import { SITEMAP_URL_LIMIT, sitemapEntries } from '@/lib/sitemap';

/**
 * Which paths are a reader's page (issue 48): a beacon for any other path is dropped, so forged beacons cannot
 * fill the counts with pages that do not exist. The pages are the sitemap's (every public page, post, paper,
 * talk and course page, drafts left out), the search page and the map of talks' places; a research view
 * (/research/list/…) is counted as /research. The set is made from the sitemap's cached reads and kept a few
 * seconds, so a flood of beacons does not make it again for each.
 */

const KEEP_MS = 5_000;

/** Public pages the sitemap leaves out, as they are not content of their own. */
const OTHER_PAGES = ['/search', '/talks/places'];

const slotKey = Symbol.for('academic-portfolio.analytics-pages');
type Slot = { pages?: Promise<Set<string>>; madeAt: number };
const slot = ((globalThis as Record<symbol, unknown>)[slotKey] ??= { madeAt: 0 } satisfies Slot) as Slot;

async function readerPages(): Promise<Set<string>> {
  const [posts, personal, papers, talks, courses] = await Promise.all([
    getBlogPostStamps(SITEMAP_URL_LIMIT),
    getPersonalPostStamps(SITEMAP_URL_LIMIT),
    getResearchPaperStamps(SITEMAP_URL_LIMIT),
    getTalkStamps(SITEMAP_URL_LIMIT),
    getCourseStamps(SITEMAP_URL_LIMIT),
  ]);
  const paths = sitemapEntries('', { posts, personal, papers, talks, courses }).map((entry) => entry.url || '/');
  return new Set([...paths, ...OTHER_PAGES]);
}

/** The page a path counts as, or null when it is not a reader's page of this site. */
export async function readerPage(path: string, now = Date.now()): Promise<string | null> {
  const prefix = '/research/list/';
  if (path.startsWith(prefix)) {
    try {
      return parseViewPath(path.slice(prefix.length).split('/').map(decodeURIComponent)) ? '/research' : null;
    } catch {
      return null;
    }
  }
  if (!slot.pages || now - slot.madeAt > KEEP_MS) {
    slot.madeAt = now;
    const pages = readerPages();
    slot.pages = pages;
    pages.catch(() => {
      if (slot.pages === pages) slot.pages = undefined;
    });
  }
  return (await slot.pages).has(path) ? path : null;
}
