import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import { boundedLimit } from '../read';
import { TAGS } from '../tags';
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
  status: string;
  updated_at: Date | string;
}

// `date::text`: a date column would otherwise come back as a JS Date at the server's local midnight.
const COLUMNS = 'id, title, abstract, authors, date::text as date, journal, link, pdf_url, tags, status, updated_at';

const url = (value: string | null) => (value?.trim() ? value.trim() : null);

function toResearchPaper(row: ResearchPaperRow): ResearchPaper {
  return {
    id: row.id,
    title: row.title,
    abstract: row.abstract,
    authors: row.authors ?? [],
    date: row.date,
    journal: row.journal,
    link: url(row.link),
    pdfUrl: url(row.pdf_url),
    tags: row.tags ?? [],
    // The schema's check allows only the four; 'published' is the spec's fallback (section 5).
    status: isPaperStatus(row.status) ? row.status : 'published',
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Every paper, newest first (spec section 7: research page by date descending). */
export async function getResearchPapers(): Promise<ResearchPaper[]> {
  'use cache';
  cacheTag(TAGS.research);
  const db = await getDb();
  const { rows } = await db.query<ResearchPaperRow>(`select ${COLUMNS} from research_papers order by date desc, title`);
  return rows.map(toResearchPaper);
}

/** The latest `limit` published papers (spec sections 7 and 9: home, status published, date desc, 3). */
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
