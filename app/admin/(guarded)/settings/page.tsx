import type { Metadata } from 'next';
import { connection } from 'next/server';

import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { SettingsForms } from '@/components/admin/settings/settings-forms';
import { requireAdmin } from '@/lib/auth/guard';
import { getCvSettingsForEditing } from '@/lib/content/cv/queries';
import { getLookupContactEmail, getProfileSettings, getSiteSettingsForEditing, type ProfileSettings, type SiteSettings } from '@/lib/content/settings/queries';
import type { CvSettings } from '@/lib/cv/types';
import { SITE_DEFAULTS } from '@/lib/site';

export const metadata: Metadata = { title: 'Settings' };

export default function AdminSettingsPage() {
  return (
    <EditorPage title="Settings" description="Your profile, the site's configuration, the CV, publication lookups and your password." loading="Loading settings...">
      <Settings />
    </EditorPage>
  );
}

async function Settings() {
  await connection();
  const user = await requireAdmin();
  let profile: ProfileSettings;
  let site: SiteSettings | null;
  let cv: CvSettings;
  let lookupContactEmail: string;
  try {
    [profile, site, cv, lookupContactEmail] = await Promise.all([getProfileSettings(user), getSiteSettingsForEditing(), getCvSettingsForEditing(), getLookupContactEmail()]);
  } catch (error) {
    console.error('Failed to load settings', error);
    return <EditorLoadFailed toast="Failed to load settings" what="The settings" />;
  }
  return <SettingsForms profile={profile} site={site ?? { siteTitle: '', metaDescription: '', socialImageUrl: '' }} defaults={SITE_DEFAULTS} cv={cv} lookupContactEmail={lookupContactEmail} />;
}
