import { absoluteUrl } from '@/lib/absolute-url';
import type { ResearchPaper } from './types';

/**
 * What scholarly tools read from a paper (issue: Google Scholar inclusion, citations): the Highwire Press
 * meta tags of Scholar's inclusion guidelines, BibTeX and an APA reference. Pure and client-safe.
 */

/** Drafts are listed on /research (its Draft filter) but never offered for indexing or citation. */
export function isCitable(paper: Pick<ResearchPaper, 'status'>): boolean {
  return paper.status !== 'draft';
}

/** '2026-03-05' → '2026/03/05', as citation_publication_date wants it. */
export function citationDate(date: string): string {
  return date.slice(0, 10).replace(/-/g, '/');
}

export { absoluteUrl };

/** A DOI's resolver address ('10.1007/x' → 'https://doi.org/10.1007/x'). */
export function doiUrl(doi: string): string {
  return `https://doi.org/${doi.split('/').map((part, index) => (index === 0 ? part : encodeURIComponent(part))).join('/')}`;
}

/** An arXiv identifier's abstract page. */
export function arxivUrl(id: string): string {
  return `https://arxiv.org/abs/${id}`;
}

/**
 * The Highwire Press tags of a paper's page: one citation_author per author, the date as YYYY/MM/DD, the
 * journal when there is one, and the PDF and the page's own address when they can be given absolutely
 * (SITE_URL). Empty for a draft.
 */
export function highwireTags(paper: ResearchPaper, siteUrl: string | undefined): Record<string, string | string[]> {
  if (!isCitable(paper)) return {};
  const tags: Record<string, string | string[]> = {
    citation_title: paper.title,
    citation_author: paper.authors,
    citation_publication_date: citationDate(paper.date),
  };
  if (paper.journal.trim()) tags.citation_journal_title = paper.journal.trim();
  const pdf = paper.pdfUrl ? absoluteUrl(paper.pdfUrl, siteUrl) : null;
  if (pdf) tags.citation_pdf_url = pdf;
  if (paper.doi) tags.citation_doi = paper.doi;
  if (paper.arxivId) tags.citation_arxiv_id = paper.arxivId;
  const page = absoluteUrl(`/research/${paper.id}`, siteUrl);
  if (page) tags.citation_abstract_html_url = page;
  return tags;
}

const ACCENTS: Record<string, string> = {
  '\u0300': '`',
  '\u0301': "'",
  '\u0302': '^',
  '\u0303': '~',
  '\u0304': '=',
  '\u0306': 'u',
  '\u0307': '.',
  '\u0308': '"',
  '\u030A': 'r',
  '\u030B': 'H',
  '\u030C': 'v',
  '\u0327': 'c',
  '\u0328': 'k',
};
const SPECIAL: Record<string, string> = { ß: '{\\ss}', ø: '{\\o}', Ø: '{\\O}', æ: '{\\ae}', Æ: '{\\AE}', œ: '{\\oe}', Œ: '{\\OE}', ł: '{\\l}', Ł: '{\\L}', å: '{\\aa}', Å: '{\\AA}' };

/**
 * Text as BibTeX writes it: accented letters as LaTeX accents ('ö' → '{\"o}'), BibTeX's special
 * characters escaped, and mathematics ($…$) kept exactly as written.
 */
export function toLatex(text: string): string {
  return text
    .split(/(\$[^$]*\$)/)
    .map((part, index) => {
      if (index % 2 === 1) return part;
      let out = '';
      for (const char of part.normalize('NFD')) {
        const accent = ACCENTS[char];
        if (accent) {
          // Put the accent on the letter just written: 'o' + '\u0308' → '{\"o}'.
          const base = out.slice(-1);
          out = `${out.slice(0, -1)}{\\${accent}${/[a-z]/i.test(accent) ? ' ' : ''}${base === 'i' ? '\\i' : base}}`;
        } else if (SPECIAL[char]) out += SPECIAL[char];
        else if ('&%#_'.includes(char)) out += `\\${char}`;
        else out += char;
      }
      return out;
    })
    .join('');
}

function lastName(author: string): string {
  const parts = author.trim().split(/\s+/);
  return parts[parts.length - 1] ?? '';
}

/** Letters only, accents dropped: the part of a key taken from a name or title. */
function keyPart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

/**
 * A stable citation key: first author's last name, year, first significant title word ('riemann2024zeros');
 * a key another paper of the list has already gets 'a', 'b', … in list order (callers pass papers in a
 * stable order).
 */
export function citationKeys(papers: readonly ResearchPaper[]): Map<string, string> {
  const keys = new Map<string, string>();
  const used = new Set<string>();
  const stop = new Set(['a', 'an', 'the', 'on', 'of', 'in', 'and', 'for', 'to', 'with']);
  for (const paper of papers) {
    const word = paper.title.split(/\s+/).map(keyPart).find((w) => w && !stop.has(w)) ?? 'paper';
    const base = `${keyPart(lastName(paper.authors[0] ?? '')) || 'anon'}${paper.date.slice(0, 4)}${word}`;
    let key = base;
    for (let n = 0; used.has(key); n += 1) key = `${base}${String.fromCharCode(97 + (n % 26))}${n >= 26 ? Math.floor(n / 26) : ''}`;
    used.add(key);
    keys.set(paper.id, key);
  }
  return keys;
}

/** One paper as a BibTeX entry: @article with a journal, @misc otherwise (preprints, drafts). */
export function toBibtex(paper: ResearchPaper, key: string, siteUrl?: string): string {
  const fields: [string, string][] = [
    ['title', `{${toLatex(paper.title)}}`],
    ['author', paper.authors.map(toLatex).join(' and ')],
  ];
  const journal = paper.journal.trim();
  if (journal && paper.status === 'published') fields.push(['journal', toLatex(journal)]);
  else if (journal) fields.push(['note', toLatex(journal)]);
  fields.push(['year', paper.date.slice(0, 4)], ['month', String(Number(paper.date.slice(5, 7)))]);
  if (paper.doi) fields.push(['doi', paper.doi]);
  if (paper.arxivId) fields.push(['eprint', paper.arxivId], ['archivePrefix', 'arXiv']);
  const url = paper.link ?? (paper.pdfUrl ? absoluteUrl(paper.pdfUrl, siteUrl) : null);
  if (url) fields.push(['url', url]);
  const type = journal && paper.status === 'published' ? 'article' : 'misc';
  return `@${type}{${key},\n${fields.map(([name, value]) => `  ${name} = {${value}}`).join(',\n')}\n}\n`;
}

/** Every citable paper as one BibTeX file, keys unique. */
export function toBibtexFile(papers: readonly ResearchPaper[], siteUrl?: string): string {
  const citable = papers.filter(isCitable);
  const keys = citationKeys(citable);
  return citable.map((paper) => toBibtex(paper, keys.get(paper.id)!, siteUrl)).join('\n');
}

/** 'Ada Lovelace' → 'Lovelace, A.' */
function apaAuthor(author: string): string {
  const parts = author.trim().split(/\s+/);
  const last = parts.pop() ?? '';
  const initials = parts.map((part) => `${part[0]?.toUpperCase() ?? ''}.`).join(' ');
  return initials ? `${last}, ${initials}` : last;
}

/** An APA-style reference: 'Lovelace, A., & Riemann, B. (2024). Title. Journal. https://doi.org/…' (the DOI's address first, as APA asks). */
export function apaReference(paper: ResearchPaper): string {
  const authors = paper.authors.map(apaAuthor);
  const names = authors.length <= 1 ? (authors[0] ?? '') : `${authors.slice(0, -1).join(', ')}, & ${authors[authors.length - 1]}`;
  const title = paper.title.replace(/\.$/, '');
  const venue = paper.journal.trim() ? ` ${paper.journal.trim()}.` : '';
  const address = paper.doi ? doiUrl(paper.doi) : paper.arxivId ? arxivUrl(paper.arxivId) : paper.link;
  const link = address ? ` ${address}` : '';
  return `${names} (${paper.date.slice(0, 4)}). ${title}.${venue}${link}`.trim();
}
