'use server';

import { checkAdmin, type AdminCheck } from '@/lib/auth/guard';
import { saveAbout, type About } from '@/lib/content/about';
import { aboutSchema } from '@/lib/validation/about';
import { fieldErrorsOf } from '@/lib/validation/field-errors';

export type SaveAboutResult = { ok: true; data: About } | { ok: false; error: string; fieldErrors?: Record<string, string> };

const NOT_SIGNED_IN = 'You need to be signed in to access this area. Please log in to continue.';
const NOT_ALLOWED = "Your account doesn't have permission to access this area.";

function refusal(check: Extract<AdminCheck, { ok: false }>): { ok: false; error: string } {
  return { ok: false, error: check.reason === 'anonymous' ? NOT_SIGNED_IN : NOT_ALLOWED };
}

/**
 * The About editor's Save Changes: the whole profile, validated here whatever the page checked, by an
 * admin re-read from the database (not the freshness stamp: a long edit can still be saved).
 */
export async function saveAboutAction(input: unknown): Promise<SaveAboutResult> {
  const parsed = aboutSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, error: 'Please correct the highlighted fields.', fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const check = await checkAdmin();
  if (!check.ok) return refusal(check);
  try {
    return { ok: true, data: await saveAbout(parsed.data) };
  } catch (error) {
    console.error('Failed to save about data', error);
    return { ok: false, error: 'The changes could not be stored. Please try again.' };
  }
}
