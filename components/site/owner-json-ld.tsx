import { JsonLd } from '@/components/site/json-ld';
import { getAbout } from '@/lib/content/about/queries';
import { readOr } from '@/lib/content/read';
import { getSiteSettings } from '@/lib/content/settings/queries';
import { getEnv } from '@/lib/env';
import { SITE, SITE_DEFAULTS } from '@/lib/site';
import { personData, websiteData } from '@/lib/structured-data';

/** The owner as a schema.org Person (and, on the home page, the site as a WebSite). */
export async function OwnerJsonLd({ withWebsite = false }: { withWebsite?: boolean }) {
  const siteUrl = getEnv().SITE_URL;
  const [about, settings] = await Promise.all([
    readOr('the profile for structured data', getAbout, null),
    withWebsite ? readOr('the site settings for structured data', getSiteSettings, null) : Promise.resolve(null),
  ]);
  const person = personData(about, SITE, siteUrl);
  return <JsonLd data={withWebsite ? [person, websiteData(settings?.siteTitle.trim() || SITE_DEFAULTS.title, siteUrl)] : person} />;
}

/** The name a post's structured data gives as its author: the profile's, else the configured owner. */
export async function ownerName(): Promise<string> {
  const about = await readOr('the profile for structured data', getAbout, null);
  return about?.name.trim() || SITE.ownerName;
}
