'use server';

import { after } from 'next/server';

import { auditLog } from '@/lib/auth/audit';
import { AdminFacingError, adminAction } from '@/lib/auth/admin-action';
import { getAuth } from '@/lib/auth';
import { clientInfo } from '@/lib/auth/request';
import { saveCvSettings } from '@/lib/content/cv/queries';
import { removeSampleContent } from '@/lib/content/first-run';
import { saveLookupContactEmail, saveProfileSettings, saveSiteSettings, saveSiteTimeZone } from '@/lib/content/settings/queries';
import { cvSettingsSchema } from '@/lib/validation/cv';
import { citationSettingsSchema } from '@/lib/validation/citations';
import { analyticsSettingsSchema } from '@/lib/validation/analytics';
import { saveAnalyticsSettings } from '@/lib/analytics/settings';
import { getCitationStatus, requestCitationRun, saveCitationSettings } from '@/lib/content/research/citations';
import { startRefresh } from '@/lib/scholarly/refresh/start';
import { CURRENT_PASSWORD_WRONG, lookupContactSchema, passwordChangeSchema, profileSettingsSchema, siteSettingsSchema, timeZoneSchema } from '@/lib/validation/settings';

const FAILED = 'The settings could not be stored. Please try again.';

/** Profile Settings: the signed-in admin's display name and bio. */
export const saveProfileAction = adminAction({
  schema: profileSettingsSchema,
  run: (profile, { admin }) => saveProfileSettings(admin, profile),
  failed: { log: 'Failed to save profile settings', answer: FAILED },
});

/** Site Configuration: the public pages' title, meta description and social image. */
export const saveSiteSettingsAction = adminAction({
  schema: siteSettingsSchema,
  run: saveSiteSettings,
  failed: { log: 'Failed to save site settings', answer: FAILED },
});

/** CV Settings: the CV's sections and their order, paper size, summary, projects and drafts. */
export const saveCvSettingsAction = adminAction({
  schema: cvSettingsSchema,
  run: saveCvSettings,
  failed: { log: 'Failed to save CV settings', answer: FAILED },
});

/** Citations (issue 46): whether the counts show on the site and the CV, and how often they are read. */
export const saveCitationSettingsAction = adminAction({
  schema: citationSettingsSchema,
  run: saveCitationSettings,
  failed: { log: 'Failed to save citation settings', answer: FAILED },
});

/** Reader Analytics (issue 48): whether page views and downloads are counted, and how long the raw events are kept. */
export const saveAnalyticsSettingsAction = adminAction({
  schema: analyticsSettingsSchema,
  run: saveAnalyticsSettings,
  failed: { log: 'Failed to save analytics settings', answer: FAILED },
});

/**
 * Refresh now: the citation run asked for and started (on this instance, unless another holds the lease); answers
 * the run's status. The run goes on after the answer (`after`: a serverless function is kept for it).
 */
export const refreshCitationsNowAction = adminAction({
  run: async () => {
    await requestCitationRun();
    const { done } = startRefresh('admin');
    after(() => done);
    return (await getCitationStatus()).status;
  },
  failed: { log: 'Failed to start the citation run', answer: 'The refresh could not be started. Please try again.' },
});

/** The citation run's status, read again while Settings watches a run. Reads only. */
export const citationStatusAction = adminAction({
  run: async () => (await getCitationStatus()).status,
  failed: { log: 'Failed to read the citation run status', answer: 'The status could not be read.' },
});

/** Site Configuration's time zone: what "today" is for the talks, and the zone of a talk's time that names none. */
export const saveTimeZoneAction = adminAction({
  schema: timeZoneSchema,
  run: async ({ timeZone }) => ({ timeZone: await saveSiteTimeZone(timeZone) }),
  failed: { log: 'Failed to save the time zone', answer: FAILED },
});

/** Publication Lookups: the contact address given to Crossref, DataCite, arXiv and ORCID with each lookup. */
export const saveLookupContactAction = adminAction({
  schema: lookupContactSchema,
  run: async ({ lookupContactEmail }) => ({ lookupContactEmail: await saveLookupContactEmail(lookupContactEmail) }),
  failed: { log: 'Failed to save the lookups contact address', answer: FAILED },
});

/**
 * Security Settings: a new password after the current one is checked; every other session ends. A refusal
 * (the current password wrong, a weak new one) is answered with its text, beside its field.
 */
export const changePasswordAction = adminAction({
  schema: passwordChangeSchema,
  run: async ({ currentPassword, newPassword }, { admin }) => {
    const result = await getAuth().changePassword({ currentPassword, newPassword }, await clientInfo());
    await auditLog(result.ok ? 'password-changed' : 'password-change-failed', { user: admin.id, reason: result.ok ? undefined : (result.code ?? 'refused') });
    if (result.ok) return null;
    const field = result.error === CURRENT_PASSWORD_WRONG ? 'currentPassword' : result.code === 'weak_password' ? 'newPassword' : null;
    throw new AdminFacingError(result.error, field ? { [field]: result.error } : undefined);
  },
  failed: { log: 'Failed to change the password', answer: 'The password could not be changed. Please try again.' },
});

/**
 * Sample content: removes exactly the sample's rows and profile fields, after a backup in embedded mode (a failed
 * backup is a SampleBackupError, told as it is); says what it removed.
 */
export const removeSampleContentAction = adminAction({
  run: async () => ({ message: (await removeSampleContent()).message }),
  failed: { log: 'Failed to remove the sample content', answer: 'The sample content could not be removed, and nothing was changed. Please try again.' },
});
