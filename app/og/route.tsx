import { cardSite, ogCardResponse, siteCard } from '@/lib/og-card';

/**
 * The site's link-preview card (its title and owner): the preview image of every public page without one
 * of its own while Admin Settings names no social image. A route the site layout names explicitly, not an
 * opengraph-image file: such a file beside the layout would also take the home page's preview from a
 * configured image, as a page's file image outranks its layout's metadata.
 */
export async function GET(): Promise<Response> {
  return ogCardResponse(siteCard(await cardSite()));
}
