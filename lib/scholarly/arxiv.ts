import 'server-only';

import { normalizeArxivId, normalizeDoi } from '@/lib/validation/research';
import { askSource, type ScholarlyConfig } from './config';
import { malformedProblem } from './http';
import { cleanTitle, localName, readXml, texTextToMarkup } from './jats';
import type { SourceProblem } from './types';
import { arxivJournal, arxivKey, arxivLink, dateFromText, versionOf, withoutVersion, type SourceWork } from './work';

/**
 * The arXiv API, GET {base}/api/query?id_list=…&max_results=…: an Atom feed with one <entry> per paper
 * found. Several ids go in one request (ARXIV_BATCH). An id arXiv does not know is simply missing from
 * the feed (or comes back as an entry whose <id> is an error address), so results are matched to the ids
 * asked for.
 *
 * Versions: the feed names the version it describes (…/abs/2403.01234v2). A paper is stored without a
 * version unless the admin typed one, as the site stores arXiv ids with an optional version: '2403.01234'
 * always means the latest, '2403.01234v1' that exact version. Old-style ids are stored as arXiv writes
 * them (math/0601001: the subject class of math.NT/0601001 is not part of the id).
 *
 * Status: an entry with both a journal reference and a DOI has been published, and is a journal article
 * under that reference; any other entry is a preprint, its venue 'arXiv preprint arXiv:2403.01234'.
 */

/** Ids per request: arXiv's manual asks for modest requests; 20 keeps a batch's answer well under the size limit. */
export const ARXIV_BATCH = 20;

interface EntryDraft {
  id: string;
  title: string;
  summary: string;
  published: string;
  doi: string;
  journalRef: string;
  authors: string[];
}

const ENTRY_FIELDS = new Set(['id', 'title', 'summary', 'published', 'doi', 'journal_ref']);

/** The entry's id address → the arXiv id with its version ('2403.01234v2', 'math/0601001v1'); null for an error entry. */
function idOf(address: string): string | null {
  const match = /^https?:\/\/(?:www\.|export\.)?arxiv\.org\/abs\/(.+)$/i.exec(address.trim());
  return match?.[1] ? normalizeArxivId(match[1]) : null;
}

function toWork(draft: EntryDraft): SourceWork | null {
  const id = idOf(draft.id);
  const title = cleanTitle(draft.title);
  if (!id || !title) return null;
  const doi = draft.doi.trim() ? normalizeDoi(draft.doi) : null;
  const journalRef = cleanTitle(draft.journalRef);
  const published = Boolean(doi && journalRef);
  return {
    source: 'arXiv',
    title,
    authors: draft.authors.map(cleanTitle).filter(Boolean),
    journal: published ? journalRef : arxivJournal(id),
    date: dateFromText(draft.published),
    // arXiv's abstracts are TeX-flavoured text: arXiv itself typesets their $…$.
    abstract: texTextToMarkup(draft.summary),
    doi,
    arxivId: id,
    link: arxivLink(id),
    kind: published ? 'article' : 'preprint',
    // A journal reference is free text ('J. Psychoceram. 5 (2008) 1-3'): it stays the venue's title, unparsed.
    venue: {},
  };
}

/**
 * An arXiv API answer as the works it describes, each with the arXiv id and version of its entry; error
 * entries left out. Anything that is not a well-formed Atom feed is 'malformed'.
 */
export function parseArxiv(body: string): { ok: true; works: SourceWork[] } | { ok: false; problem: SourceProblem } {
  const stack: string[] = [];
  const works: SourceWork[] = [];
  let root = '';
  let entry: EntryDraft | null = null;
  let field: keyof EntryDraft | 'name' | null = null;
  let captured = '';
  const { wellFormed } = readXml(body, {
    open: (name) => {
      const local = localName(name);
      const parent = stack.length > 0 ? localName(stack[stack.length - 1]!) : '';
      if (stack.length === 0 && !root) root = local;
      stack.push(name);
      if (local === 'entry' && parent === 'feed') {
        entry = { id: '', title: '', summary: '', published: '', doi: '', journalRef: '', authors: [] };
      } else if (entry && parent === 'entry' && ENTRY_FIELDS.has(local)) {
        field = local === 'journal_ref' ? 'journalRef' : (local as keyof EntryDraft);
        captured = '';
      } else if (entry && parent === 'author' && local === 'name') {
        field = 'name';
        captured = '';
      }
    },
    text: (text) => {
      if (field) captured += text;
    },
    close: (name) => {
      stack.pop();
      const local = localName(name);
      const draft: EntryDraft | null = entry;
      if (!draft) return;
      if (local === 'entry' && localName(stack[stack.length - 1] ?? '') === 'feed') {
        const work = toWork(draft);
        if (work) works.push(work);
        entry = null;
        return;
      }
      if (!field) return;
      const expected = field === 'journalRef' ? 'journal_ref' : field;
      if (local !== expected) return;
      if (field === 'name') draft.authors.push(captured);
      else if (field !== 'authors') draft[field] = captured;
      field = null;
    },
  });
  if (!wellFormed || root !== 'feed') return { ok: false, problem: malformedProblem('arXiv') };
  return { ok: true, works };
}

/**
 * Several arXiv ids in one request (at most ARXIV_BATCH; the caller splits). The works come back in the
 * order of `ids`, null where arXiv has no such paper; each keeps the version its id was typed with.
 */
export async function fetchArxiv(
  ids: readonly string[],
  config: ScholarlyConfig,
): Promise<{ ok: true; works: (SourceWork | null)[] } | { ok: false; problem: SourceProblem }> {
  if (ids.length === 0) return { ok: true, works: [] };
  const asked = ids.map((id) => `${arxivKey(id)}${versionOf(id)}`);
  const query = `id_list=${asked.map(encodeURIComponent).join(',')}&max_results=${ids.length}`;
  const answer = await askSource(config, `${config.arxiv}/api/query?${query}`, {
    accept: 'application/atom+xml, application/xml',
    source: 'arXiv',
    what: ids.length === 1 ? `the arXiv identifier ${ids[0]}` : 'these arXiv identifiers',
  });
  if (!answer.ok) return answer;
  const parsed = parseArxiv(answer.text);
  if (!parsed.ok) return parsed;
  const works = ids.map((typed): SourceWork | null => {
    const key = arxivKey(typed);
    const version = versionOf(typed);
    const sameKey = parsed.works.filter((work) => work.arxivId && arxivKey(work.arxivId) === key);
    const found = sameKey.find((work) => versionOf(work.arxivId!) === version) ?? sameKey[0];
    if (!found?.arxivId) return null;
    const id = `${withoutVersion(found.arxivId)}${version}`;
    return { ...found, arxivId: id, link: arxivLink(id) };
  });
  return { ok: true, works };
}
