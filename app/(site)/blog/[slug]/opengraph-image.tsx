import { getBlogPost } from '@/lib/content/blog/queries';
import { readOr } from '@/lib/content/read';
import { cardSite, ogCardResponse, siteCard } from '@/lib/og-card';

export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

/** A post's link-preview card: its title, its author, the site. An unknown slug gets the site's own card. */
export default async function Image({ params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  const [post, site] = await Promise.all([readOr(`the blog post "${slug}" for its card`, () => getBlogPost(slug), null), cardSite()]);
  return ogCardResponse(post ? { kicker: 'Blog', title: post.title, byline: site.owner, siteName: site.siteTitle } : siteCard(site));
}
