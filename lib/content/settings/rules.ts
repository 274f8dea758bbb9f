import { checkSocialImageUrl, SETTINGS_LIMITS } from '@/lib/validation/settings';
import { ownerNameOf, type About } from '@/lib/content/about/types';
import { splitParagraphs } from '@/lib/content/about/rules';
import { truncate } from '@/lib/format';
import type { SiteSettings } from './types';

/**
 * Pure Site Configuration rules (no database, no React; client-safe): the public pages' metadata from
 * the stored configuration, each empty field falling back to the owner's profile.
 */

export const EMPTY_SITE_SETTINGS: SiteSettings = { siteTitle: '', metaDescription: '', socialImageUrl: '', updatedAt: null };

/** The values an empty setting falls back to: the owner's, from the profile (siteDefaultsOf). */
export interface SiteSettingsDefaults {
  readonly title: string;
  readonly description: string;
}

export type EffectiveSiteSettings = Omit<SiteSettings, 'updatedAt'>;

/**
 * The configuration the public pages use: a stored text wins when it is not blank, else the default. A
 * social image the Settings form would refuse (an internal address, http:, one too long: stored before
 * the rule, by hand or restored from a backup) is dropped rather than put into a page; blank means no
 * default image (the site had none before).
 */
export function effectiveSiteSettings(settings: SiteSettings | null | undefined, defaults: SiteSettingsDefaults): EffectiveSiteSettings {
  const image = settings?.socialImageUrl.trim() ?? '';
  return {
    siteTitle: settings?.siteTitle.trim() || defaults.title,
    metaDescription: settings?.metaDescription.trim() || defaults.description,
    socialImageUrl: image && image.length <= SETTINGS_LIMITS.url && checkSocialImageUrl(image) === 'ok' ? image : '',
  };
}

/**
 * What an empty setting falls back to: the owner's name as the site title, the biography's first paragraph as
 * the description. Without a profile both are empty, and the pages name no one.
 */
export function siteDefaultsOf(about: Pick<About, 'name' | 'bio'> | null | undefined): SiteSettingsDefaults {
  const firstParagraph = splitParagraphs(about?.bio ?? '')[0];
  return { title: ownerNameOf(about), description: firstParagraph ? truncate(firstParagraph, 160) : '' };
}

/** A page's title with the site's after it ('Blog | Jane Doe'), or the page's alone while the site has none. */
export function titleTemplate(siteTitle: string): string {
  return siteTitle ? `%s | ${siteTitle}` : '%s';
}
