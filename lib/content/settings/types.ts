/** Admin Settings (docs/product.md §2, "Admin Settings"): client-safe types of the profile and the site configuration. */

/** The signed-in admin's own profile (public.profiles): name and bio editable, email from the account. */
export interface ProfileSettings {
  id: string;
  /** Read-only here: it belongs to the account (auth.users). */
  email: string;
  /** profiles.full_name: the name Admin Users shows ('' when none). */
  displayName: string;
  bio: string;
}

/** What Save Profile writes. */
export type ProfileUpdate = Pick<ProfileSettings, 'displayName' | 'bio'>;

/** The one row of public.site_settings. Empty text means "use the built-in default". */
export interface SiteSettings {
  siteTitle: string;
  metaDescription: string;
  /** An https address on a public host or a site path ('/storage/...'), or empty. */
  socialImageUrl: string;
  /** null before the configuration was ever saved. */
  updatedAt: string | null;
}

/** What Save Configuration writes. */
export type SiteSettingsUpdate = Omit<SiteSettings, 'updatedAt'>;


export { effectiveSiteSettings, siteDefaultsOf, titleTemplate, type EffectiveSiteSettings, type SiteSettingsDefaults } from './rules';
