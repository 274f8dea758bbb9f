import 'server-only';

import { normalizedTitle } from '@/lib/content/research/bibtex-import';
import type { Database } from '@/lib/db/types';
import { duplicateOf } from '../lookup';
import type { OrcidWork } from '../orcid';
import type { FoundWork } from '../citation-types';
import { arxivKey } from '../work';
import { foundWorkKey } from '../orcid';

/**
 * The run's ORCID step (issue 46): the works on the owner's ORCID profile that the site does not have, kept in
 * public.found_works for the admin to add or dismiss. "Does not have" is "Add by identifier"'s rule
 * (lookup.ts duplicateOf: the same DOI, the same arXiv paper, or the same normalised title as any stored
 * paper, drafts included), so a work offered here is one that Add by identifier would not flag.
 *
 * Bounded for profiles of thousands of works: the profile is read with a larger size cap than a lookup's
 * (ORCID_PROFILE_MAX_BYTES: a 2,000-work record is 3 to 5 MB, past the 2 MB a lookup reads), the stored
 * papers are indexed by their three keys rather than compared with every work, and at most FOUND_WORKS_MAX
 * works are kept, the most recent first.
 */

/** Found works kept (not dismissed), the most recent first: more than anyone would go through, and a bounded write. */
export const FOUND_WORKS_MAX = 500;

/** found_works.key's length limit (the table's check). */
export const FOUND_WORKS_KEY_MAX = 300;

export { ORCID_PROFILE_MAX_BYTES } from '../orcid';

/** The table's limits (supabase/migrations/20261128040000_citations.sql). */
const LIMITS = { title: 1000, workType: 60, putCode: 40 } as const;

/** A paper as the duplicate rules compare it. */
export interface ComparablePaper {
  title: string;
  doi: string | null;
  arxivId: string | null;
}

/** One row of public.found_works, as the run writes it. */
export type FoundWorkRow = Omit<FoundWork, 'foundAt'>;


/**
 * The stored papers by each key the duplicate rules compare (the same normalisations as lookup.ts), so each
 * work is compared with the few papers that share a key rather than with all of them; duplicateOf then
 * decides, so the rules stay in one place.
 */
class PaperIndex {
  private readonly byKey = new Map<string, ComparablePaper[]>();

  constructor(papers: readonly ComparablePaper[]) {
    for (const paper of papers) this.add(paper);
  }

  private static keys(paper: ComparablePaper): string[] {
    const keys: string[] = [];
    if (paper.doi) keys.push(`d:${paper.doi.toLowerCase()}`);
    if (paper.arxivId) keys.push(`a:${arxivKey(paper.arxivId)}`);
    const title = normalizedTitle(paper.title);
    if (title) keys.push(`t:${title}`);
    return keys;
  }

  add(paper: ComparablePaper): void {
    for (const key of PaperIndex.keys(paper)) {
      const list = this.byKey.get(key);
      if (list) list.push(paper);
      else this.byKey.set(key, [paper]);
    }
  }

  has(paper: ComparablePaper): boolean {
    const candidates = [...new Set(PaperIndex.keys(paper).flatMap((key) => this.byKey.get(key) ?? []))];
    return candidates.length > 0 && duplicateOf(paper, [], candidates) !== null;
  }
}

function yearOf(date: string | null): number | null {
  const year = date ? Number(date.slice(0, 4)) : NaN;
  return Number.isInteger(year) && year >= 1000 && year <= 9999 ? year : null;
}

/**
 * The works of a profile (most recent first, as fetchOrcid orders them) that are not on the site (`stored`:
 * every stored paper) and not dismissed (`dismissed`: keys), each once (a work that repeats one earlier in the
 * profile by the same rules is left out), at most FOUND_WORKS_MAX, cut to the table's limits.
 */
export function foundWorksFrom(orcid: string, works: readonly OrcidWork[], stored: readonly ComparablePaper[], dismissed: ReadonlySet<string>): FoundWorkRow[] {
  const known = new PaperIndex(stored);
  const found: FoundWorkRow[] = [];
  const keys = new Set<string>();
  for (const work of works) {
    if (found.length >= FOUND_WORKS_MAX) break;
    const key = foundWorkKey(orcid, work);
    const comparable: ComparablePaper = { title: work.title, doi: work.doi, arxivId: work.arxivId };
    if (dismissed.has(key) || keys.has(key) || known.has(comparable)) continue;
    keys.add(key);
    known.add(comparable);
    found.push({
      key,
      orcid,
      putCode: work.putCode.slice(0, LIMITS.putCode),
      title: work.title.slice(0, LIMITS.title),
      workType: work.type.slice(0, LIMITS.workType),
      doi: work.doi,
      arxivId: work.arxivId,
      year: yearOf(work.date),
    });
  }
  return found;
}

/** A public.found_works row as the database answers it (status.ts reads the same). */
export interface StoredRow {
  key: string;
  orcid: string;
  put_code: string;
  title: string;
  work_type: string;
  doi: string | null;
  arxiv_id: string | null;
  year: number | null;
}

const sameRow = (row: StoredRow, work: FoundWorkRow) =>
  row.orcid === work.orcid &&
  row.put_code === work.putCode &&
  row.title === work.title &&
  row.work_type === work.workType &&
  row.doi === work.doi &&
  row.arxiv_id === work.arxivId &&
  row.year === work.year;

/**
 * Replaces the found works by those of the profile just read, in one transaction: the new ones inserted, the
 * ones found before brought up to date (their found_at kept), the undismissed ones no longer found (added to
 * the site since, gone from the profile, or past FOUND_WORKS_MAX) deleted; dismissed ones are left as they are.
 * The stored papers and the dismissed keys are read in the same transaction. It first locks refresh_state's
 * row as `holder`'s: a holder that lost its lease writes nothing (null). Otherwise answers whether anything
 * changed and how many found works there now are.
 */
export async function storeFoundWorks(
  db: Database,
  holder: string,
  orcid: string,
  works: readonly OrcidWork[],
): Promise<{ changed: boolean; worksFound: number } | null> {
  return db.transaction(async (tx) => {
    const { rows: lease } = await tx.query('select 1 from public.refresh_state where id and lease_holder = $1 for update', [holder]);
    if (lease.length === 0) return null;
    const { rows: papers } = await tx.query<{ title: string; doi: string | null; arxiv_id: string | null }>('select title, doi, arxiv_id from public.research_papers');
    const { rows: dismissedRows } = await tx.query<{ key: string }>('select key from public.found_works where dismissed_at is not null');
    const found = foundWorksFrom(
      orcid,
      works,
      papers.map((paper) => ({ title: paper.title, doi: paper.doi || null, arxivId: paper.arxiv_id || null })),
      new Set(dismissedRows.map((row) => row.key)),
    );
    const { rows: existing } = await tx.query<StoredRow>('select key, orcid, put_code, title, work_type, doi, arxiv_id, year from public.found_works where dismissed_at is null');
    const before = new Map(existing.map((row) => [row.key, row]));
    const written = found.filter((work) => {
      const row = before.get(work.key);
      return !row || !sameRow(row, work);
    });
    if (written.length > 0) {
      await tx.query(
        `insert into public.found_works (key, orcid, put_code, title, work_type, doi, arxiv_id, year)
         select key, orcid, put_code, title, work_type, doi, arxiv_id, year
           from jsonb_to_recordset($1::jsonb) as work(key text, orcid text, put_code text, title text, work_type text, doi text, arxiv_id text, year integer)
         on conflict (key) do update
           set orcid = excluded.orcid, put_code = excluded.put_code, title = excluded.title, work_type = excluded.work_type,
               doi = excluded.doi, arxiv_id = excluded.arxiv_id, year = excluded.year
         where public.found_works.dismissed_at is null`,
        [
          JSON.stringify(
            written.map((work) => ({
              key: work.key,
              orcid: work.orcid,
              put_code: work.putCode,
              title: work.title,
              work_type: work.workType,
              doi: work.doi,
              arxiv_id: work.arxivId,
              year: work.year,
            })),
          ),
        ],
      );
    }
    const { rows: deleted } = await tx.query('delete from public.found_works where dismissed_at is null and not (key = any($1::text[])) returning key', [found.map((work) => work.key)]);
    const { rows: count } = await tx.query<{ n: number }>('select count(*)::int as n from public.found_works where dismissed_at is null');
    return { changed: written.length > 0 || deleted.length > 0, worksFound: count[0]?.n ?? 0 };
  });
}

export { foundWorkKey };
