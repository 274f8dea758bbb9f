import type { ExcerptPart } from './types';

/**
 * A search hit's excerpt, from what ts_headline answers (lib/search/queries.ts): client-safe and pure.
 * ts_headline reads the text a reader sees of the body (lib/markup/plain-text.ts: no markup, formulas as
 * readable Unicode), marks the matched words with these two control characters, which that text never
 * holds (the query strips them from it first), and answers one contiguous passage of it.
 */
export const MARK_START = '\u0001';
export const MARK_END = '\u0002';

const ELLIPSIS = '…';

/** A formula's place in the text: from its first character to just after its last. */
export interface Formula {
  start: number;
  end: number;
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

/** The pieces between `from` and `to` of the text they make up. */
function sliceParts(parts: ExcerptPart[], from: number, to: number): ExcerptPart[] {
  const kept: ExcerptPart[] = [];
  let offset = 0;
  for (const part of parts) {
    const end = offset + part.text.length;
    const at = Math.max(from, offset);
    const until = Math.min(to, end);
    if (at < until) kept.push({ text: part.text.slice(at - offset, until - offset), match: part.match });
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
 * read, whose formulas lie at `formulas`. A formula the passage cuts open (it begins inside one or ends inside
 * one) loses that cut-open piece, so a formula is shown whole or not at all; '…' shows that the body goes on.
 */
export function excerptParts(headline: string, body: string, formulas: readonly Formula[] = []): ExcerptPart[] {
  const { parts, plain } = parseMarks(headline);
  if (!plain.trim()) return [];
  const start = body.indexOf(plain);
  // Not found (it always is: the query leaves ts_headline no HTML tags to drop): the passage as it is.
  if (start < 0) return tidy(parts, false, false);
  let from = 0;
  let to = plain.length;
  for (const formula of formulas) {
    const [first, last] = [formula.start - start, formula.end - start];
    if (first < from && last > from) from = last;
    if (first < to && last > to) to = first;
  }
  if (to <= from) return [];
  const cutBefore = body.slice(0, start + from).trim() !== '';
  const cutAfter = body.slice(start + to).trim() !== '';
  return tidy(sliceParts(parts, from, to), cutBefore, cutAfter);
}
