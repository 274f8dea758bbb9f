import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { isSafeImageUrl } from '@/lib/validation/about';
import { isUuid, storedLink } from '@/lib/validation/lists';
import type { PaperValues } from '@/lib/validation/research';
import { boundedLimit } from '../read';
import { afterContentWrite, TAGS } from '../tags';
import { isPaperKind } from './kinds';
import { PAPER_LINKS, type PaperLinkValues } from './links';
import { isPaperStatus, type ResearchPaper } from './types';

export type { PaperStatus, ResearchPaper } from './types';

interface ResearchPaperRow {
  id: string;
  title: string;
  abstract: string;
  authors: string[] | null;
  date: string;
  journal: string;
  link: string | null;
  pdf_url: string | null;
  tags: string[] | null;
  doi: string | null;
  arxiv_id: string | null;
  status: string;
  kind: string;
  volume: string;
  issue: string;
  pages: string;
  article_number: string;
  publisher: string;
  editors: string[] | null;
  edition: string;
  isbn: string;
  institution: string;
  report_number: string;
  event_name: string;
  event_place: string;
  event_start: string | null;
  event_end: string | null;
  code_url: string | null;
  data_url: string | null;
  slides_url: string | null;
  video_url: string | null;
  poster_url: string | null;
  published_url: string | null;
  note: string;
  selected: boolean;
  updated_at: Date | string;
}

// `date::text`: a date column would otherwise come back as a JS Date at the server's local midnight.
const COLUMNS = `id, title, abstract, authors, date::text as date, journal, link, pdf_url, tags, doi, arxiv_id, status, kind,
  volume, issue, pages, article_number, publisher, editors, edition, isbn, institution, report_number, event_name, event_place,
  event_start::text as event_start, event_end::text as event_end, code_url, data_url, slides_url, video_url, poster_url,
  published_url, note, selected, updated_at`;

function toResearchPaper(row: ResearchPaperRow): ResearchPaper {
  return {
    id: row.id,
    title: row.title,
    abstract: row.abstract,
    authors: row.authors ?? [],
    date: row.date,
    journal: row.journal,
    link: storedLink(row.link),
    pdfUrl: storedLink(row.pdf_url, isSafeImageUrl),
    tags: row.tags ?? [],
    doi: row.doi || null,
    arxivId: row.arxiv_id || null,
    // The schema's check allows only the four; 'published' is the fallback of docs/product.md §5.
    status: isPaperStatus(row.status) ? row.status : 'published',
    kind: isPaperKind(row.kind) ? row.kind : 'article',
    volume: row.volume,
    issue: row.issue,
    pages: row.pages,
    articleNumber: row.article_number,
    publisher: row.publisher,
    editors: row.editors ?? [],
    edition: row.edition,
    isbn: row.isbn,
    institution: row.institution,
    reportNumber: row.report_number,
    eventName: row.event_name,
    eventPlace: row.event_place,
    eventStart: row.event_start,
    eventEnd: row.event_end,
    ...(Object.fromEntries(PAPER_LINKS.map(({ key, column }) => [key, storedLink(row[column], isSafeImageUrl)])) as PaperLinkValues),
    note: row.note,
    selected: row.selected,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Every paper, newest first (docs/product.md §7: research page by date descending). */
export async function getResearchPapers(): Promise<ResearchPaper[]> {
  'use cache';
  cacheTag(TAGS.research);
  const db = await getDb();
  const { rows } = await db.query<ResearchPaperRow>(`select ${COLUMNS} from research_papers order by date desc, title`);
  return rows.map(toResearchPaper);
}

/** Each paper's id, status and last change, at most `limit`, newest first: the sitemap's, without the papers' text. */
export async function getResearchPaperStamps(limit: number): Promise<Pick<ResearchPaper, 'id' | 'status' | 'updatedAt'>[]> {
  'use cache';
  cacheTag(TAGS.research);
  const db = await getDb();
  const { rows } = await db.query<{ id: string; status: ResearchPaper['status']; updated_at: Date | string }>(
    "select id, status, updated_at from research_papers where status <> 'draft' order by date desc, title limit $1",
    [limit],
  );
  return rows.map((row) => ({ id: row.id, status: row.status, updatedAt: new Date(row.updated_at).toISOString() }));
}

/** One paper by id, or null (a malformed id names no paper: it is not a failed read). */
export async function getResearchPaper(id: string): Promise<ResearchPaper | null> {
  'use cache';
  cacheTag(TAGS.research);
  if (typeof id !== 'string' || !isUuid(id)) return null;
  const db = await getDb();
  const { rows } = await db.query<ResearchPaperRow>(`select ${COLUMNS} from research_papers where id = $1`, [id]);
  return rows[0] ? toResearchPaper(rows[0]) : null;
}

/** The latest `limit` published papers (docs/product.md §§7 and 9: home, status published, date desc, 3). */
export async function getPublishedPapers(limit = 3): Promise<ResearchPaper[]> {
  'use cache';
  cacheTag(TAGS.research);
  limit = boundedLimit(limit);
  const db = await getDb();
  const { rows } = await db.query<ResearchPaperRow>(
    `select ${COLUMNS} from research_papers where status = 'published' order by date desc, title limit $1`,
    [limit],
  );
  return rows.map(toResearchPaper);
}

/** The papers chosen as Selected in the editor, drafts never, newest first: the home page's Selected Publications. */
export async function getSelectedPapers(limit = SELECTED_PAPERS_MAX): Promise<ResearchPaper[]> {
  'use cache';
  cacheTag(TAGS.research);
  limit = boundedLimit(limit);
  const db = await getDb();
  const { rows } = await db.query<ResearchPaperRow>(
    `select ${COLUMNS} from research_papers where selected and status <> 'draft' order by date desc, title limit $1`,
    [limit],
  );
  return rows.map(toResearchPaper);
}

/** The most the home page lists as selected: a short list, as on an academic's CV. */
export const SELECTED_PAPERS_MAX = 10;

/** The admin list (docs/product.md §7: by date descending, then title), past every cache. */
export async function getPapersForEditing(): Promise<ResearchPaper[]> {
  const db = await getDb();
  const { rows } = await db.query<ResearchPaperRow>(`select ${COLUMNS} from research_papers order by date desc, title`);
  return rows.map(toResearchPaper);
}

const WRITTEN = (paper: PaperValues) => [
  paper.title,
  paper.abstract,
  paper.authors,
  paper.date,
  paper.journal,
  paper.link,
  paper.pdfUrl,
  paper.tags,
  paper.status,
  paper.doi,
  paper.arxivId,
  paper.kind,
  paper.volume,
  paper.issue,
  paper.pages,
  paper.articleNumber,
  paper.publisher,
  paper.editors,
  paper.edition,
  paper.isbn,
  paper.institution,
  paper.reportNumber,
  paper.eventName,
  paper.eventPlace,
  paper.eventStart,
  paper.eventEnd,
  paper.codeUrl,
  paper.dataUrl,
  paper.slidesUrl,
  paper.videoUrl,
  paper.posterUrl,
  paper.publishedUrl,
  paper.note,
  paper.selected,
];

async function insertPaper(db: Queryable, paper: PaperValues): Promise<ResearchPaper> {
  const { rows } = await db.query<ResearchPaperRow>(
    `insert into research_papers (title, abstract, authors, date, journal, link, pdf_url, tags, status, doi, arxiv_id, kind,
       volume, issue, pages, article_number, publisher, editors, edition, isbn, institution, report_number, event_name, event_place,
       event_start, event_end, code_url, data_url, slides_url, video_url, poster_url, published_url, note, selected)
     values ($1, $2, $3::text[], $4::date, $5, $6, $7, $8::text[], $9, $10, $11, $12,
       $13, $14, $15, $16, $17, $18::text[], $19, $20, $21, $22, $23, $24, $25::date, $26::date,
       $27, $28, $29, $30, $31, $32, $33, $34)
     returning ${COLUMNS}`,
    WRITTEN(paper),
  );
  if (!rows[0]) throw new Error('The research paper was not written.');
  return toResearchPaper(rows[0]);
}

/** Stores a new paper and answers it (docs/product.md §7: insert returning the row). */
export async function createPaper(paper: PaperValues): Promise<ResearchPaper> {
  const created = await insertPaper(await getDb(), paper);
  afterContentWrite(TAGS.research);
  return created;
}

/**
 * Stores several papers in one transaction (BibTeX import): `choose` sees the papers stored at that moment,
 * with the table locked against other writers, and answers what to insert, so two imports at once cannot
 * both add the same paper. All or nothing.
 */
export async function importPapers<T>(
  choose: (stored: ResearchPaper[]) => { papers: PaperValues[]; result: T },
): Promise<{ created: ResearchPaper[]; result: T }> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    await tx.query('lock table research_papers in share row exclusive mode');
    const { rows } = await tx.query<ResearchPaperRow>(`select ${COLUMNS} from research_papers order by date desc, title`);
    const { papers, result } = choose(rows.map(toResearchPaper));
    const created: ResearchPaper[] = [];
    for (const paper of papers) created.push(await insertPaper(tx, paper));
    return { created, result };
  });
  if (outcome.created.length > 0) afterContentWrite(TAGS.research);
  return outcome;
}

/** Writes over a stored paper; null when there is no such paper (deleted meanwhile). */
export async function updatePaper(id: string, paper: PaperValues): Promise<ResearchPaper | null> {
  const db = await getDb();
  const { rows } = await db.query<ResearchPaperRow>(
    `update research_papers
        set title = $1, abstract = $2, authors = $3::text[], date = $4::date, journal = $5, link = $6, pdf_url = $7,
            tags = $8::text[], status = $9, doi = $10, arxiv_id = $11, kind = $12, volume = $13, issue = $14, pages = $15,
            article_number = $16, publisher = $17, editors = $18::text[], edition = $19, isbn = $20, institution = $21,
            report_number = $22, event_name = $23, event_place = $24, event_start = $25::date, event_end = $26::date,
            code_url = $27, data_url = $28, slides_url = $29, video_url = $30, poster_url = $31, published_url = $32, note = $33,
            selected = $34
      where id = $35
  returning ${COLUMNS}`,
    [...WRITTEN(paper), id],
  );
  if (rows[0]) afterContentWrite(TAGS.research);
  return rows[0] ? toResearchPaper(rows[0]) : null;
}

/** Deletes a paper; answers whether there was one. */
export async function deletePaper(id: string): Promise<boolean> {
  const db = await getDb();
  const { rows } = await db.query<{ id: string }>('delete from research_papers where id = $1 returning id', [id]);
  if (rows[0]) afterContentWrite(TAGS.research);
  return rows.length > 0;
}
