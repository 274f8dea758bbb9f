'use server';

import { adminRefusal, checkAdmin } from '@/lib/auth/guard';
import { completeFirstRun, dismissFirstRun, SampleBackupError } from '@/lib/content/first-run';
import { firstRunSchema } from '@/lib/validation/first-run';
import { invalidInput, type ActionResult } from '@/lib/action-result';

/**
 * The first run's Start (docs/product.md §2, "Welcome"): the owner's name, role line and links, and how the site
 * starts, validated here by the About editor's rules whatever the page checked, by an admin re-read from the
 * database. Stored in one transaction; with "Start empty" the sample content is removed after a backup.
 */
export async function completeFirstRunAction(input: unknown): Promise<ActionResult<{ message: string }>> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  const parsed = firstRunSchema.safeParse(input);
  if (!parsed.success) return invalidInput(parsed.error, 'Please correct the highlighted fields.');
  const { start, ...identity } = parsed.data;
  try {
    return { ok: true, data: await completeFirstRun(identity, start) };
  } catch (error) {
    if (error instanceof SampleBackupError) return { ok: false, error: error.message };
    console.error('Failed to complete the first run', error);
    return { ok: false, error: 'Your answers could not be stored, and nothing was changed. Please try again.' };
  }
}

/** The dashboard's Dismiss: the first run asks nothing more (About and Settings hold the same choices). */
export async function dismissFirstRunAction(): Promise<ActionResult> {
  const check = await checkAdmin();
  if (!check.ok) return adminRefusal(check);
  try {
    await dismissFirstRun();
    return { ok: true, data: null };
  } catch (error) {
    console.error('Failed to dismiss the first run', error);
    return { ok: false, error: 'The welcome could not be dismissed. Please try again.' };
  }
}
