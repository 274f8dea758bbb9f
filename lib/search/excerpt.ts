import type { ExcerptPart } from './types';

/**
 * A search hit's excerpt, from what ts_headline answers (lib/search/queries.ts): client-safe and pure.
 * ts_headline marks the matched words with these two control characters, which the text it reads never
 * holds (the query strips them from it first), and answers one contiguous passage of that text.
 */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';

const ELLIPSIS = '…';

/** A formula's place: from its opening delimiter to just after its closing one. */
interface Formula {
  start: number;
  end: number;
}

/**
 * The formulas of `text`: `$…$` and `$$…$$`, as the site's markup has them (a `$` after a backslash is
 * escaped, as in TeX, and a single `$` inside display mathematics is no delimiter). A `$` never closed opens
 * no formula (the markup shows it as a dollar sign).
 */
function formulas(text: string): Formula[] {
  const found: Formula[] = [];
  let open: { start: number; width: number } | null = null;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '\\') {
      i += 2;
      continue;
    }
    if (text[i] !== '$') {
      i += 1;
      continue;
    }
    const double = text[i + 1] === '$';
    if (!open) {
      open = { start: i, width: double ? 2 : 1 };
      i += open.width;
    } else if (open.width === 2 && !double) {
      i += 1;
    } else {
      i += open.width;
      found.push({ start: open.start, end: i });
      open = null;
    }
  }
  return found;
}

/** The excerpt's pieces with their marks, and its text without them. */
function parseMarks(headline: string): { parts: ExcerptPart[]; plain: string } {
  const parts: ExcerptPart[] = [];
  let match = false;
  let text = '';
  const flush = () => {
    if (text) parts.push({ text, match });
    text = '';
  };
  for (const char of headline) {
    if (char === MARK_START || char === MARK_END) {
      flush();
      match = char === MARK_START;
    } else {
      text += char;
    }
  }
  flush();
  return { parts, plain: parts.map((part) => part.text).join('') };
}

/**
 * The pieces between `from` and `to` of the text they make up, unmarked inside formulas: a formula is then
 * always inside one unmarked piece, whole, for the page to show as TeX or typeset.
 */
function sliceParts(parts: ExcerptPart[], from: number, to: number, math: Formula[]): ExcerptPart[] {
  const cuts = new Set([from, to, ...math.flatMap((formula) => [formula.start, formula.end])]);
  const kept: ExcerptPart[] = [];
  let offset = 0;
  for (const part of parts) {
    const end = offset + part.text.length;
    const edges = [...cuts].filter((cut) => cut > offset && cut < end).sort((a, b) => a - b);
    let at = offset;
    for (const edge of [...edges, end]) {
      if (at >= from && edge <= to && at < edge) {
        const inMath = math.some((formula) => formula.start <= at && edge <= formula.end);
        kept.push({ text: part.text.slice(at - offset, edge - offset), match: part.match && !inMath });
      }
      at = edge;
    }
    offset = end;
  }
  return kept;
}

/** Pieces of one kind side by side as one. */
function merge(parts: ExcerptPart[]): ExcerptPart[] {
  const merged: ExcerptPart[] = [];
  for (const part of parts) {
    const previous = merged.at(-1);
    if (previous && previous.match === part.match) previous.text += part.text;
    else merged.push({ ...part });
  }
  return merged;
}

/** Whitespace runs as one space, the ends trimmed, empty pieces dropped; '…' where the body goes on. */
function tidy(parts: ExcerptPart[], cutBefore: boolean, cutAfter: boolean): ExcerptPart[] {
  const pieces = merge(parts.map((part) => ({ text: part.text.replace(/\s+/g, ' '), match: part.match })));
  if (pieces.length > 0) {
    pieces[0].text = pieces[0].text.trimStart();
    pieces[pieces.length - 1].text = pieces[pieces.length - 1].text.trimEnd();
  }
  const kept = pieces.filter((part) => part.text !== '');
  if (kept.length === 0) return [];
  return merge([
    ...(cutBefore ? [{ text: ELLIPSIS, match: false }] : []),
    ...kept,
    ...(cutAfter ? [{ text: ELLIPSIS, match: false }] : []),
  ]);
}

/**
 * An excerpt as marked pieces of text: `headline` is ts_headline's answer for `body`, the exact text it
 * read. A formula the passage cuts open (it begins inside `$…$` or ends inside one) loses that cut-open
 * piece, so TeX is shown whole or not at all, and never holds a mark; '…' shows that the body goes on.
 */
export function excerptParts(headline: string, body: string): ExcerptPart[] {
  const { parts, plain } = parseMarks(headline);
  if (!plain.trim()) return [];
  const start = body.indexOf(plain);
  // Not found (it always is: the query leaves ts_headline no HTML tags to drop), nothing tells whether a
  // `$` in the passage opens or closes a formula: an excerpt with one is left out.
  if (start < 0) return plain.replace(/\\[\s\S]/g, '').includes('$') ? [] : tidy(parts, false, false);
  // The body's formulas that meet the passage, placed relative to it.
  const math = formulas(body)
    .filter((formula) => formula.end > start && formula.start < start + plain.length)
    .map((formula) => ({ start: formula.start - start, end: formula.end - start }));
  let from = 0;
  let to = plain.length;
  for (const formula of math) {
    if (formula.start < 0) from = Math.max(from, formula.end);
    if (formula.end > plain.length) to = Math.min(to, formula.start);
  }
  if (to <= from) return [];
  const cutBefore = body.slice(0, start + from).trim() !== '';
  const cutAfter = body.slice(start + to).trim() !== '';
  return tidy(sliceParts(parts, from, to, math), cutBefore, cutAfter);
}
