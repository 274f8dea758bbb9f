import 'server-only';
import { AdminFacingError } from '@/lib/auth/admin-action';
import { backupNow } from '@/lib/backup/service';
import { restoreCommand } from '@/lib/backup/latest';
import { getDb } from '@/lib/db/client';
import { describeRemoval, describeSample, holdsSample, removeSampleContentIn, sampleHoldings, type SampleHoldings, type SampleRemoval } from '@/lib/db/sample-content';
import { hasContent, seedSampleContentIn, SEEDED_TABLES } from '@/lib/db/seed';
import type { Database } from '@/lib/db/types';
import { removeReplacedFiles } from '@/lib/storage/replaced';
import type { StartChoice } from '@/lib/validation/first-run';
import { getAboutForEditing, saveOwnerIdentityIn, type About, type OwnerIdentity } from './about/queries';
import { isFirstRunPending, markFirstRunDone } from './settings/queries';
import { afterContentWrite, TAGS } from './tags';

/*
 * A first run that starts from the owner (docs/product.md §2, "Welcome" and "Sample content"): the owner's
 * name, role line and links, and whether the site keeps the sample content; and "Remove the sample content"
 * in Settings. Both removals go through removeSampleContent's steps: a backup first (embedded mode), then one
 * transaction, then every public page's tag expired.
 */

/** What the site holds, for the first run's question: the sample content, nothing, or content of the owner's own. */
export type ContentState = 'sample' | 'empty' | 'own';

export interface FirstRunState {
  pending: boolean;
  content: ContentState;
  /** The profile, with every field that still holds the sample's value emptied: the first run starts from the owner. */
  identity: About | null;
}

/** The content tables besides the profile: a row in one is content the site shows beyond its owner. */
const CONTENT_BEYOND_PROFILE = SEEDED_TABLES.filter((table) => table !== 'about_data');

const IDENTITY_COLUMNS: Record<string, keyof OwnerIdentity> = {
  name: 'name',
  title: 'title',
  affiliation: 'affiliation',
  footer_blurb: 'footerBlurb',
  email: 'email',
  links: 'links',
  mark: 'mark',
  mark_image_url: 'markImageUrl',
};

const EMPTY_IDENTITY: OwnerIdentity = { name: '', title: '', affiliation: '', footerBlurb: '', email: '', links: [], mark: '', markImageUrl: null };

/** What the Welcome page starts from. */
export async function getFirstRunState(): Promise<FirstRunState> {
  const db = await getDb();
  const [pending, holdings, about, anyContent] = await Promise.all([isFirstRunPending(db), sampleHoldings(db), getAboutForEditing(), hasContent(db, CONTENT_BEYOND_PROFILE)]);
  const content: ContentState = Object.keys(holdings.rows).length > 0 ? 'sample' : anyContent ? 'own' : 'empty';
  const sampled = holdings.profileColumns.flatMap((column) => (IDENTITY_COLUMNS[column] ? [IDENTITY_COLUMNS[column]] : []));
  const identity = about ? { ...about, ...Object.fromEntries(sampled.map((key) => [key, EMPTY_IDENTITY[key]])) } : null;
  return { pending, content, identity };
}

/** What the site still holds of the sample, as Settings says it ('' for nothing). */
export async function sampleContentSummary(): Promise<string> {
  return describeSample(await sampleHoldings(await getDb()));
}

/** The backup before a removal failed: nothing was removed, and the owner is told so as it is. */
export class SampleBackupError extends AdminFacingError {}

/** The backup a removal makes first (embedded mode only: a Postgres server or Supabase keeps its own). */
async function backupBeforeRemoval(): Promise<{ file: string; restoreCommand: string } | null> {
  let backup;
  try {
    backup = await backupNow();
  } catch (error) {
    console.error('The backup before removing the sample content failed', error);
    throw new SampleBackupError('The backup made before removing the sample content failed, so nothing was removed. Please try again.');
  }
  return backup ? { file: backup.file, restoreCommand: restoreCommand(backup.file, process.env.DATA_DIR) } : null;
}

export interface RemovalDone {
  removal: SampleRemoval;
  /** What to tell the owner: what was removed and kept, and where the backup is. */
  message: string;
}

function removalMessage(removal: SampleRemoval, backup: { file: string } | null): string {
  const said = describeRemoval(removal);
  return backup && holdsSample(removal) ? `${said} A backup from just before is in ${backup.file}.` : said;
}

/** Settings' "Remove the sample content": exactly the sample's rows and fields, in one transaction, after a backup. */
export async function removeSampleContent(): Promise<RemovalDone> {
  const db = await getDb();
  const before = await sampleHoldings(db);
  if (!holdsSample(before)) return { removal: { ...before, kept: {} }, message: describeRemoval({ ...before, kept: {} }) };
  const backup = await backupBeforeRemoval();
  const removal = await db.transaction((tx) => removeSampleContentIn(db, tx));
  afterContentWrite(...Object.values(TAGS));
  return { removal, message: removalMessage(removal, backup) };
}

/** The first run's answers, stored in one transaction: the identity, the start (sample kept or filled in, or removed), and that it is done. */
export async function completeFirstRun(identity: OwnerIdentity, start: StartChoice): Promise<{ message: string }> {
  const db: Database = await getDb();
  const holdings: SampleHoldings | null = start === 'empty' ? await sampleHoldings(db) : null;
  const backup = holdings && holdsSample(holdings) ? await backupBeforeRemoval() : null;
  const { removal, seeded, files } = await db.transaction(async (tx) => {
    const seeded = start === 'sample' ? await seedSampleContentIn(tx) : false;
    const removal = start === 'empty' ? await removeSampleContentIn(db, tx) : null;
    const files = await saveOwnerIdentityIn(tx, identity);
    await markFirstRunDone(tx);
    return { removal, seeded, files };
  });
  afterContentWrite(...Object.values(TAGS));
  await removeReplacedFiles({ bucket: 'profile-images', before: [files.previousMarkImage], after: [files.markImage], db });
  if (removal) return { message: removalMessage(removal, backup) };
  if (seeded) return { message: 'The site now holds the sample content: replace it with your own, or remove it in Settings.' };
  return { message: start === 'sample' ? 'The sample content stays until you remove it in Settings.' : 'Your content stays as it is.' };
}

/** The dashboard's "Dismiss": the first run asks nothing more. */
export async function dismissFirstRun(): Promise<void> {
  await markFirstRunDone(await getDb());
  afterContentWrite();
}
