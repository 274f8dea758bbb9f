import { getBlogPost } from '@/lib/content/blog/queries';
import { readOr } from '@/lib/content/read';
import { cardSite, noCard, ogCardResponse } from '@/lib/og-card';
import { isSlug } from '@/lib/validation/blog';

export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';

/** A post's link-preview card: its title, its author, the site. An unknown or malformed slug is a 404 without rendering anything. */
export default async function Image({ params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  const { slug } = await params;
  if (!isSlug(slug)) return noCard();
  const [post, site] = await Promise.all([readOr(`the blog post "${slug}" for its card`, () => getBlogPost(slug), null), cardSite()]);
  if (!post) return noCard();
  return ogCardResponse({ kicker: 'Blog', title: post.title, byline: site.owner, siteName: site.siteTitle });
}
