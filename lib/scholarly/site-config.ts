import 'server-only';

import { getAboutForEditing } from '@/lib/content/about/queries';
import { getLookupContactEmail, getSiteSettingsForEditing } from '@/lib/content/settings/queries';
import { effectiveSiteSettings, siteDefaultsOf } from '@/lib/content/settings/rules';
import { getEnv } from '@/lib/env';
import { scholarlyConfig, type ScholarlyConfig } from './config';

/**
 * The sources' configuration as this site asks them (Add by identifier, Refresh from source, the citation
 * run): their fixed addresses (configuration, never input), and a User-Agent naming the site with the
 * contact address from Settings, as Crossref's etiquette asks. Named by the site's title, else the owner's
 * name, else the site's address.
 */
export async function siteScholarlyConfig(): Promise<ScholarlyConfig> {
  const [contactEmail, settings, about] = await Promise.all([getLookupContactEmail(), getSiteSettingsForEditing(), getAboutForEditing()]);
  const siteUrl = getEnv().SITE_URL ?? '';
  return scholarlyConfig({ siteName: effectiveSiteSettings(settings, siteDefaultsOf(about)).siteTitle || siteUrl, siteUrl, contactEmail });
}
