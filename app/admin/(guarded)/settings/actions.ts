'use server';

import { auditLog } from '@/lib/auth/audit';
import { adminRefusal, checkAdmin } from '@/lib/auth/guard';
import { getAuth } from '@/lib/auth';
import { clientInfo } from '@/lib/auth/request';
import { saveCvSettings } from '@/lib/content/cv/queries';
import { removeSampleContent, SampleBackupError } from '@/lib/content/first-run';
import { saveLookupContactEmail, saveProfileSettings, saveSiteSettings } from '@/lib/content/settings/queries';
import type { CvSettings } from '@/lib/cv/types';
import { cvSettingsSchema } from '@/lib/validation/cv';
import type { ProfileSettings, SiteSettings } from '@/lib/content/settings/types';
import { CURRENT_PASSWORD_WRONG, lookupContactSchema, passwordChangeSchema, profileSettingsSchema, siteSettingsSchema } from '@/lib/validation/settings';
import { invalidInput, type ActionResult } from '@/lib/action-result';

const FAILED = 'The settings could not be stored. Please try again.';

/** Profile Settings: the signed-in admin's display name and bio. */
export async function saveProfileAction(input: unknown): Promise<ActionResult<ProfileSettings>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = profileSettingsSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    return { ok: true, data: await saveProfileSettings(check.user, parsed.data) };
  } catch (error) {
    console.error('Failed to save profile settings', error);
    return { ok: false, error: FAILED };
  }
}

/** Site Configuration: the public pages' title, meta description and social image. */
export async function saveSiteSettingsAction(input: unknown): Promise<ActionResult<SiteSettings>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = siteSettingsSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    return { ok: true, data: await saveSiteSettings(parsed.data) };
  } catch (error) {
    console.error('Failed to save site settings', error);
    return { ok: false, error: FAILED };
  }
}

/** CV Settings: the CV's sections and their order, paper size, summary, projects and drafts. */
export async function saveCvSettingsAction(input: unknown): Promise<ActionResult<CvSettings>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = cvSettingsSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    return { ok: true, data: await saveCvSettings(parsed.data) };
  } catch (error) {
    console.error('Failed to save CV settings', error);
    return { ok: false, error: FAILED };
  }
}

/** Publication Lookups: the contact address given to Crossref, DataCite, arXiv and ORCID with each lookup. */
export async function saveLookupContactAction(input: unknown): Promise<ActionResult<{ lookupContactEmail: string }>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = lookupContactSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    return { ok: true, data: { lookupContactEmail: await saveLookupContactEmail(parsed.data.lookupContactEmail) } };
  } catch (error) {
    console.error('Failed to save the lookups contact address', error);
    return { ok: false, error: FAILED };
  }
}

/** Security Settings: a new password after the current one is checked; every other session ends. */
export async function changePasswordAction(input: unknown): Promise<ActionResult<null>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = passwordChangeSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    const result = await getAuth().changePassword(
      { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword },
      await clientInfo(),
    );
    await auditLog(result.ok ? 'password-changed' : 'password-change-failed', { user: check.user.id, reason: result.ok ? undefined : (result.code ?? 'refused') });
    if (result.ok) return { ok: true, data: null };
    const field = result.error === CURRENT_PASSWORD_WRONG ? 'currentPassword' : result.code === 'weak_password' ? 'newPassword' : null;
    return { ok: false, error: result.error, fieldErrors: field ? { [field]: result.error } : undefined };
  } catch (error) {
    console.error('Failed to change the password', error);
    return { ok: false, error: 'The password could not be changed. Please try again.' };
  }
}

/** Sample content: removes exactly the sample's rows and profile fields, after a backup in embedded mode; says what it removed. */
export async function removeSampleContentAction(): Promise<ActionResult<{ message: string }>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  try {
    const { message } = await removeSampleContent();
    return { ok: true, data: { message } };
  } catch (error) {
    if (error instanceof SampleBackupError) return { ok: false, error: error.message };
    console.error('Failed to remove the sample content', error);
    return { ok: false, error: 'The sample content could not be removed, and nothing was changed. Please try again.' };
  }
}
