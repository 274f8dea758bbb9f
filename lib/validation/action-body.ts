import { BIBTEX_LIMITS } from '@/lib/content/research/bibtex-limits';
import type { ActionResult } from '@/lib/action-result';
import { formatBytes, KB } from '@/lib/bytes.mjs';
import { BLOG_LIMITS } from './blog';
import { PERSONAL_LIMITS } from './personal';
import { RESEARCH_LIMITS } from './research';

/**
 * How large a server action's body may be, and the browser's count of it. Client-safe.
 *
 * The browser sends an action's arguments as JSON (React's encodeReply), and JSON may take up to six bytes
 * for one character of a string: a control character or a lone surrogate is written `\u0001`. So the body
 * limit is derived from the largest text a single-record form may send, at six bytes a character, plus room
 * for the keys and punctuation around it: whatever such a form's own checks allow can be saved, whatever
 * its characters. The editors that save a whole list at once (Projects, Experience, About) allow more text
 * in all than that (200 projects of 20,000 characters each): the browser counts what it is about to send
 * exactly as the server will, and refuses a save past the limit before it travels, with TOO_LARGE.
 * Past the limit the server refuses too (proxy.ts answers 413 with the same message, which the form shows),
 * before Next reads the body; next.config.mjs gives Next the same figure, held to it by a unit test.
 */

/** The most bytes one UTF-16 code unit of a string takes in JSON: `\uXXXX`. */
export const MAX_BYTES_PER_CHARACTER = 6;

/** Keys, quotes, ids, dates, numbers and array punctuation around the texts of the largest form. */
const STRUCTURE_BYTES = 16 * KB;

/** The most characters each single-record form sends (its fields' limits added up). */
export const FORM_CHARACTERS = {
  /** The BibTeX preview and import: the file's text, and the ticked entries' numbers. */
  bibtexImport: BIBTEX_LIMITS.chars + BIBTEX_LIMITS.entries * 4,
  blogPost: BLOG_LIMITS.title + BLOG_LIMITS.slug + BLOG_LIMITS.excerpt + BLOG_LIMITS.content + BLOG_LIMITS.tags * BLOG_LIMITS.tag + BLOG_LIMITS.url,
  personalPost: PERSONAL_LIMITS.title + PERSONAL_LIMITS.content + PERSONAL_LIMITS.images * PERSONAL_LIMITS.url,
  researchPaper:
    RESEARCH_LIMITS.title +
    RESEARCH_LIMITS.journal +
    RESEARCH_LIMITS.authors * RESEARCH_LIMITS.author +
    RESEARCH_LIMITS.abstract +
    RESEARCH_LIMITS.tags * RESEARCH_LIMITS.tag +
    2 * RESEARCH_LIMITS.url +
    RESEARCH_LIMITS.doi +
    RESEARCH_LIMITS.arxivId,
} as const;

/** The server-action body limit in bytes: 1,828,384 (1.8 MB), from the BibTeX import's 300,000 characters and 500 entry numbers. */
export const ACTION_BODY_LIMIT_BYTES = Math.max(...Object.values(FORM_CHARACTERS)) * MAX_BYTES_PER_CHARACTER + STRUCTURE_BYTES;

/** What a refused save says, in the form and in the server's 413: how much it was, how much may be sent. */
export const TOO_LARGE_START = 'This is too large to save at once';

export function tooLarge(bytes: number | null): string {
  const size = bytes === null ? '' : ` (${formatBytes(bytes, { decimal: true })})`;
  return `${TOO_LARGE_START}${size}: at most ${formatBytes(ACTION_BODY_LIMIT_BYTES, { decimal: true })} can be sent in one save. Shorten the longest texts, or remove some items, and save again.`;
}

/**
 * The bytes of an action's body for these arguments, as the browser sends it: React's encodeReply writes
 * plain data as JSON, a string that starts with `$` with one more `$` (its own references start so), in UTF-8.
 */
export function actionBodyBytes(args: readonly unknown[]): number {
  const json = JSON.stringify(args, (_key, value: unknown) => (typeof value === 'string' && value.startsWith('$') ? `$${value}` : value));
  return new TextEncoder().encode(json).byteLength;
}

/**
 * A server action as a form calls it: arguments past the body limit are refused here, before they travel,
 * and the server's own refusal of a body past the limit (its 413, which Next's client throws as an error with
 * the server's text) comes back as the same refusal, never as "the server could not be reached".
 */
export function withinBodyLimit<Args extends unknown[], T>(action: (...args: Args) => Promise<ActionResult<T>>): (...args: Args) => Promise<ActionResult<T>> {
  return async (...args: Args) => {
    const bytes = actionBodyBytes(args);
    if (bytes > ACTION_BODY_LIMIT_BYTES) return { ok: false, error: tooLarge(bytes) };
    try {
      return await action(...args);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(TOO_LARGE_START)) return { ok: false, error: error.message };
      throw error;
    }
  };
}
