/**
 * Site search: what a query may be, before any database sees it. Client-safe and pure, so the
 * search box and the page cut a query the way the server does.
 */

export const SEARCH_LIMITS = {
  /** A longer query is cut to this many characters (code points), and the page says so. */
  queryChars: 200,
  /** The most hits one answer holds (a type's own list). */
  perType: 50,
  /**
   * The hits one type's /search page lists (`&type=`): the best ones, as many as keep the page under the public
   * pages' 80 kB of HTML (docs/architecture.md, "Measurements").
   */
  typePage: 20,
  /** Hits of every type together, unless the caller asks for another number. */
  pageHits: 20,
} as const;

/** Lone surrogates (half a character, which no text encoding can carry). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * Control characters (NUL among them, which Postgres text cannot hold) and the bidirectional embeddings,
 * overrides and isolates, which would turn the query round where the page shows it. Whitespace controls
 * (tab, line breaks) become spaces first.
 */
const INVISIBLE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

const graphemes = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The first `max` code points of `text`, without splitting a user-perceived character (an emoji, a letter and its accents). */
function cutAt(text: string, max: number): string {
  if (!graphemes) return Array.from(text).slice(0, max).join('');
  let kept = '';
  let length = 0;
  for (const { segment } of graphemes.segment(text)) {
    const size = Array.from(segment).length;
    if (length + size > max) break;
    kept += segment;
    length += size;
  }
  return kept;
}

/**
 * The query as searched: any value (a search parameter may be anything) as trimmed text, whitespace runs
 * as one space, without control characters or half characters, in NFC, at most SEARCH_LIMITS.queryChars
 * characters; `cut` when it was longer.
 */
export function normalizeQuery(raw: unknown): { query: string; cut: boolean } {
  if (typeof raw !== 'string') return { query: '', cut: false };
  const text = raw
    .replace(LONE_SURROGATE, '')
    .replace(/\s+/gu, ' ')
    .replace(INVISIBLE, '')
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .trim();
  if (Array.from(text).length <= SEARCH_LIMITS.queryChars) return { query: text, cut: false };
  return { query: cutAt(text, SEARCH_LIMITS.queryChars).trimEnd(), cut: true };
}

/** A word the last one may be completed from: letters, their marks and digits only. */
const PLAIN_WORD = /^[\p{L}\p{M}\p{N}]+$/u;

/**
 * A normalised query split for searching while typing: `prefix` is its last word when that word is plain
 * (not quoted, not excluded with '-', no operator or punctuation in it), for matching as the start of a word;
 * `words` is the rest, for websearch_to_tsquery. Without such a last word, `words` is the whole query.
 */
export function splitQuery(query: string): { words: string; prefix: string | null } {
  const at = query.lastIndexOf(' ');
  const last = query.slice(at + 1);
  const words = at < 0 ? '' : query.slice(0, at);
  const insideQuotes = (words.match(/"/g)?.length ?? 0) % 2 === 1;
  if (!PLAIN_WORD.test(last) || insideQuotes) return { words: query, prefix: null };
  return { words, prefix: last };
}
