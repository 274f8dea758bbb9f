import { JsonLd } from '@/components/site/json-ld';
import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { readOr } from '@/lib/content/read';
import { effectiveSiteSettings, siteDefaultsOf } from '@/lib/content/settings/types';
import { getSiteSettings } from '@/lib/content/settings/queries';
import { getEnv } from '@/lib/env';
import { personData, websiteData } from '@/lib/structured-data';

/** The owner as a schema.org Person (and, on the home page, the site as a WebSite). */
export async function OwnerJsonLd({ withWebsite = false }: { withWebsite?: boolean }) {
  const siteUrl = getEnv().SITE_URL;
  const [about, settings] = await Promise.all([
    readOr('the profile for structured data', getAbout, null),
    withWebsite ? readOr('the site settings for structured data', getSiteSettings, null) : Promise.resolve(null),
  ]);
  const person = personData(about, siteUrl);
  const siteTitle = effectiveSiteSettings(settings, siteDefaultsOf(about)).siteTitle;
  return <JsonLd data={withWebsite && siteTitle ? [person, websiteData(siteTitle, siteUrl)] : person} />;
}

/** The name a post's structured data gives as its author: the profile's, or '' when it has none. */
export async function ownerName(): Promise<string> {
  return ownerNameOf(await readOr('the profile for structured data', getAbout, null));
}
