import type { Metadata } from 'next';
import { connection } from 'next/server';

import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { EditorPage } from '@/components/admin/editor-page';
import { SettingsForms } from '@/components/admin/settings/settings-forms';
import { requireAdmin } from '@/lib/auth/guard';
import { getCvSettingsForEditing } from '@/lib/content/cv/queries';
import { getLookupContactEmail, getProfileSettings, getSiteSettingsForEditing, getSiteTimeZoneForEditing, type ProfileSettings, type SiteSettings } from '@/lib/content/settings/queries';
import type { CvSettings } from '@/lib/cv/types';
import { getAboutForEditing } from '@/lib/content/about/queries';
import { siteDefaultsOf } from '@/lib/content/settings/rules';
import type { SiteSettingsDefaults } from '@/lib/content/settings/types';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { BackupRow } from '@/components/admin/settings/site-content';
import { listBackups, restoreCommand } from '@/lib/backup/latest';
import { CONTENT_TYPES } from '@/lib/content/registry.mjs';
import { getEnv } from '@/lib/env';
import { sampleContentSummary } from '@/lib/content/first-run';
import { getCitationStatus } from '@/lib/content/research/citations';
import { ownerOrcid } from '@/lib/content/about/types';
import { getAnalyticsSettings } from '@/lib/analytics/settings';
import type { AnalyticsSettings } from '@/lib/analytics/types';

/** How many backups the section lists (the newest). */
const BACKUPS_SHOWN = 20;

/** The embedded server's backups, newest first, with the command that restores each; null in the other modes. */
async function backupRows(): Promise<BackupRow[] | null> {
  const env = getEnv();
  if (env.mode !== 'embedded') return null;
  const backups = (await listBackups(env.dataDir)).slice(0, BACKUPS_SHOWN);
  return Promise.all(
    backups.map(async (backup) => ({
      name: path.basename(backup.file),
      createdAt: backup.createdAt.toISOString(),
      size: (await stat(backup.file).catch(() => null))?.size ?? 0,
      restoreCommand: restoreCommand(backup.file, process.env.DATA_DIR),
    })),
  );
}

/** Each content table's name as the admin knows it (the editors' labels). */
const TABLE_LABELS: Record<string, string> = Object.fromEntries(CONTENT_TYPES.map((type) => [type.table, type.admin?.label ?? 'Site configuration']));

export const metadata: Metadata = { title: 'Settings' };

export default function AdminSettingsPage() {
  return (
    <EditorPage title="Settings" description="Your profile, the site's configuration, the CV, publication lookups and citations, reader analytics, the site's content and your password." loading="Loading settings...">
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
  let backups: BackupRow[] | null;
  let defaults: SiteSettingsDefaults;
  let sample: string;
  let citations: Awaited<ReturnType<typeof getCitationStatus>>;
  let orcid: string | null;
  let timeZone: string;
  let analytics: AnalyticsSettings;
  try {
    const about = getAboutForEditing();
    [profile, site, cv, lookupContactEmail, backups, defaults, sample, citations, orcid, timeZone, analytics] = await Promise.all([
      getProfileSettings(user),
      getSiteSettingsForEditing(),
      getCvSettingsForEditing(),
      getLookupContactEmail(),
      backupRows(),
      about.then(siteDefaultsOf),
      sampleContentSummary(),
      getCitationStatus(),
      about.then(ownerOrcid),
      getSiteTimeZoneForEditing(),
      getAnalyticsSettings(),
    ]);
  } catch (error) {
    console.error('Failed to load settings', error);
    return <EditorLoadFailed toast="Failed to load settings" what="The settings" />;
  }
  return <SettingsForms profile={profile} site={site ?? { siteTitle: '', metaDescription: '', socialImageUrl: '' }} defaults={defaults} cv={cv} lookupContactEmail={lookupContactEmail} timeZone={timeZone} citations={{ settings: citations.settings, status: citations.status, orcid }} analytics={analytics} siteContent={{ labels: TABLE_LABELS, backups, sample }} />;
}
