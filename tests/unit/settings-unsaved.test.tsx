import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { CvSettingsForm, cvSettingsKey } from '@/components/admin/settings/cv-settings-form';
import { SettingsForms } from '@/components/admin/settings/settings-forms';
import { CV_SECTIONS, DEFAULT_CV_SETTINGS, type CvSettings } from '@/lib/cv/types';

/**
 * The Settings page's unsaved-changes warning: what each form tells useUnsavedWarning when it first renders
 * with what the server sends. Untouched, nothing is unsaved, so leaving the page asks nothing.
 */

const warned = vi.hoisted(() => [] as boolean[]);
vi.mock('@/components/admin/use-unsaved-warning', () => ({
  LEAVE_WARNING: 'You have unsaved changes. Leave this page and lose them?',
  useUnsavedWarning: (dirty: boolean) => void warned.push(dirty),
  confirmLeave: () => true,
}));
// The forms' server actions: never called by a render.
vi.mock('@/app/admin/(guarded)/settings/actions', () => {
  const never = () => Promise.reject(new Error('not in this test'));
  return {
    saveProfileAction: never,
    saveSiteSettingsAction: never,
    saveCvSettingsAction: never,
    saveLookupContactAction: never,
    saveTimeZoneAction: never,
    changePasswordAction: never,
    saveCitationSettingsAction: never,
    refreshCitationsNowAction: never,
    citationStatusAction: never,
    saveAnalyticsSettingsAction: never,
  };
});

/** CvSettings as lib/content/cv/queries.ts's toCvSettings builds them: its keys in its order. */
function fromServer(settings: Partial<CvSettings>): CvSettings {
  const { sections, paperSize, summary, projects, includeDrafts } = { ...DEFAULT_CV_SETTINGS, ...settings };
  return { sections, paperSize, summary, projects, includeDrafts };
}

const STORED: CvSettings[] = [
  fromServer({}),
  fromServer({ sections: ['talk', 'education'], paperSize: 'letter', summary: 'Line one.\nLine two "quoted".', projects: 'all', includeDrafts: true }),
  fromServer({ sections: [...CV_SECTIONS].reverse() }),
];

beforeEach(() => {
  warned.length = 0;
});

describe('Settings → CV: unsaved changes', () => {
  it.each(STORED.map((settings) => [JSON.stringify(settings), settings] as const))('is not dirty when it starts from the stored settings %s', (_, settings) => {
    renderToString(<CvSettingsForm initial={settings} />);
    expect(warned).toEqual([false]);
  });

  it('compares settings by their values, whatever order their keys were made in', () => {
    const stored = STORED[1]!;
    const reordered: CvSettings = { includeDrafts: stored.includeDrafts, summary: stored.summary, projects: stored.projects, paperSize: stored.paperSize, sections: stored.sections };
    expect(cvSettingsKey(reordered)).toBe(cvSettingsKey(stored));
    expect(cvSettingsKey({ ...stored, sections: ['education', 'talk'] })).not.toBe(cvSettingsKey(stored));
    expect(cvSettingsKey({ ...stored, paperSize: 'a4' })).not.toBe(cvSettingsKey(stored));
    expect(cvSettingsKey({ ...stored, projects: 'featured' })).not.toBe(cvSettingsKey(stored));
    expect(cvSettingsKey({ ...stored, includeDrafts: false })).not.toBe(cvSettingsKey(stored));
    expect(cvSettingsKey({ ...stored, summary: `${stored.summary} ` })).not.toBe(cvSettingsKey(stored));
  });
});

describe('Settings: unsaved changes', () => {
  it('no form of the page is dirty when it starts from what the server sends', () => {
    renderToString(
      <SettingsForms
        profile={{ id: '00000000-0000-4000-8000-000000000001', displayName: 'Ada Lovelace', bio: 'Notes on the\nAnalytical Engine.', email: 'ada@example.com' }}
        site={{ siteTitle: 'Ada', metaDescription: '', socialImageUrl: '/storage/site/card.png', updatedAt: null }}
        defaults={{ title: 'Portfolio', description: 'An academic portfolio.' }}
        cv={fromServer({ sections: ['publications', 'education'], paperSize: 'letter' })}
        lookupContactEmail="ada@example.com"
        timeZone="Europe/London"
        citations={{
          settings: { showOnSite: true, showOnCv: false, refreshHours: 24 },
          status: { running: false, trigger: null, startedAt: null, finishedAt: null, papersChecked: 0, countsUpdated: 0, worksFound: 0, errors: [], nextRunAt: null, requested: false },
          orcid: null,
        }}
        analytics={{ enabled: true, retentionDays: 180 }}
        siteContent={{ labels: {}, backups: null, sample: '' }}
      />,
    );
    // SettingsForms' own warning (profile, site, lookups, password), the CV form's, the Citations form's and the Reader Analytics form's.
    expect(warned).toEqual([false, false, false, false]);
  });
});
