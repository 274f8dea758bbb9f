import { readOr } from '@/lib/content/read';
import { getResearchPaper } from '@/lib/content/research/queries';
import { isCitable } from '@/lib/content/research/scholar';
import { cardSite, noCard, ogCardResponse, siteCard } from '@/lib/og-card';
import { isUuid } from '@/lib/validation/lists';

export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

/**
 * A paper's link-preview card: its title, its authors, the site. A draft (which is not announced anywhere)
 * gets the site's own card; an unknown or malformed id is a 404 without rendering anything.
 */
export default async function Image({ params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  if (!isUuid(id)) return noCard();
  const [paper, site] = await Promise.all([readOr(`the research paper "${id}" for its card`, () => getResearchPaper(id), null), cardSite()]);
  if (!paper) return noCard();
  if (!isCitable(paper)) return ogCardResponse(siteCard(site));
  return ogCardResponse({ kicker: 'Research', title: paper.title, byline: paper.authors.join(', ') || site.owner, siteName: site.siteTitle });
}
