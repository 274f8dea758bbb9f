import 'server-only';
import { createHash } from 'node:crypto';
import { cacheTag } from 'next/cache';

import { getResearchPaper, getResearchPapers } from '@/lib/content/research/queries';
import { citationKeys, isCitable, toBibtex } from '@/lib/content/research/scholar';
import { TAGS } from '@/lib/content/tags';
import { getEnv } from '@/lib/env';
import { formatCitations } from './formats';
import type { PaperCitation } from './types';

/** A paper's citation as its route answers it: the JSON body and a strong ETag (the body's SHA-256). */
export interface CitationFile {
  body: string;
  etag: string;
}

/**
 * /research/{id}/cite: one paper's citation in every format (the Cite panel fetches it when opened), made
 * once per change of the papers (tagged with the research tag, as their reads are) and served from the
 * cache after that. Null for an unknown paper or a draft. Its key is the one /research.bib gives it.
 */
export async function getPaperCitation(id: string): Promise<CitationFile | null> {
  'use cache';
  cacheTag(TAGS.research);
  const paper = await getResearchPaper(id);
  if (!paper || !isCitable(paper)) return null;
  const papers = await getResearchPapers();
  const key = citationKeys(papers.filter(isCitable)).get(paper.id) ?? citationKeys([paper]).get(paper.id)!;
  const siteUrl = getEnv().SITE_URL;
  const citation: PaperCitation = { key, bibtex: toBibtex(paper, key, siteUrl), ...formatCitations(paper, siteUrl) };
  const body = JSON.stringify(citation);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}
