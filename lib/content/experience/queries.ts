import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { isTemporaryExperienceId, type ExperienceItemValues } from '@/lib/validation/experience';
import { syncList, type SyncColumn } from '../sync-list';
import { afterContentWrite, TAGS } from '../tags';
import type { Experience, SavedExperience } from './types';

export type { Experience, SavedExperience } from './types';

interface ExperienceRow {
  id: string;
  title: string;
  company: string;
  location: string;
  start_date: string;
  end_date: string | null;
  description: string;
  highlights: string[] | null;
  technologies: string[] | null;
}

function toExperience(row: ExperienceRow): Experience {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    location: row.location,
    startDate: row.start_date,
    endDate: row.end_date,
    description: row.description,
    highlights: row.highlights ?? [],
    technologies: row.technologies ?? [],
  };
}

const COLUMNS = 'id, title, company, location, start_date, end_date, description, highlights, technologies';

async function readExperience(db: Queryable): Promise<Experience[]> {
  // Year-month text sorts chronologically; created_at keeps positions that started the same month stable.
  const { rows } = await db.query<ExperienceRow>(`select ${COLUMNS} from experience order by start_date desc, created_at desc`);
  return rows.map(toExperience);
}

/** Every position, latest start first (docs/product.md §7: ordered by start_date descending). */
export async function getExperience(): Promise<Experience[]> {
  'use cache';
  cacheTag(TAGS.experience);
  return readExperience(await getDb());
}

/** What the Experience editor writes, in order. */
const EDITED_COLUMNS: readonly SyncColumn<ExperienceItemValues>[] = [
  { name: 'title', value: (item) => item.title },
  { name: 'company', value: (item) => item.company },
  { name: 'location', value: (item) => item.location },
  { name: 'start_date', value: (item) => item.startDate },
  { name: 'end_date', value: (item) => item.endDate },
  { name: 'description', value: (item) => item.description },
  { name: 'highlights', cast: 'text[]', value: (item) => item.highlights },
  { name: 'technologies', cast: 'text[]', value: (item) => item.technologies },
];

/** The stored positions as they are right now, past every cache: what the admin editor starts from. */
export async function getExperienceForEditing(): Promise<Experience[]> {
  return readExperience(await getDb());
}

/**
 * Save All Changes (docs/product.md §§4 and 7): the editor's whole list becomes the stored list, in one
 * transaction. Stored items absent from the list are deleted, saved ones updated (or put back, should
 * another session have deleted one meanwhile), temporary ones inserted; then the list is read back.
 * A failure anywhere leaves the table exactly as it was.
 */
export async function saveExperienceList(items: readonly ExperienceItemValues[]): Promise<SavedExperience> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const created = await syncList(tx, 'experience', EDITED_COLUMNS, items, isTemporaryExperienceId);
    return { items: await readExperience(tx), created };
  });
  afterContentWrite(TAGS.experience);
  return saved;
}
