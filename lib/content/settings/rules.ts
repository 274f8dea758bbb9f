import { checkSocialImageUrl, SETTINGS_LIMITS } from '@/lib/validation/settings';
import type { SiteSettings } from './types';

/**
 * Pure Site Configuration rules (no database, no React; client-safe): the public pages' metadata from
 * the stored configuration, each empty field falling back to the site's built-in value.
 */

export const EMPTY_SITE_SETTINGS: SiteSettings = { siteTitle: '', metaDescription: '', socialImageUrl: '', updatedAt: null };

/** The built-in values an empty setting falls back to (lib/site.ts SITE_DEFAULTS). */
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
