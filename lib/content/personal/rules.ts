/**
 * Pure personal-post rules (no database, no React): the title rule of docs/product.md §3 and the card
 * preview of section 9. Content is HTML, so both look at its text.
 */

/** docs/product.md §9: the card preview is cut at 300 characters. */
export const PREVIEW_LENGTH = 300;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      // Out-of-range and NUL code points would throw or smuggle control characters into the text.
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

const BLOCK_BOUNDARY = /<\s*(?:br|\/?(?:p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|table|section|article|hr))\b[^>]*>/gi;

/**
 * The visible text of an HTML fragment, one line per block. Only for display as React text (which escapes
 * it again): never feed the result back into HTML.
 */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(BLOCK_BOUNDARY, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

const HEADING_LINE = /^#\s+(.+)$/;

/** The text of the first content line starting with '# ', without the marker; null when there is none. */
function headingLine(content: string): string | null {
  for (const line of htmlToText(content).split('\n')) {
    const match = HEADING_LINE.exec(line);
    if (match) return match[1].trim();
  }
  return null;
}

/**
 * docs/product.md §3: a personal post's title may be empty; the first content line starting with '# ' then
 * serves as its title. Null when neither gives one (the page shows its own fallback).
 */
export function personalTitle(title: string, content: string): string | null {
  return title.trim() || headingLine(content);
}

/** Whether the title was taken from the content, so the heading line should not be shown twice. */
function titleFromContent(title: string, content: string): boolean {
  return !title.trim() && headingLine(content) !== null;
}

/**
 * docs/product.md §9: the card preview is the text of the content cut at 300 characters plus an ellipsis
 * (the first line; '...' when more follows). A '# ' line that serves as title is not repeated.
 */
export function personalPreview(title: string, content: string, max = PREVIEW_LENGTH): string {
  let lines = htmlToText(content).split('\n').filter(Boolean);
  if (titleFromContent(title, content)) {
    const index = lines.findIndex((line) => HEADING_LINE.test(line));
    lines = lines.filter((_, i) => i !== index);
  }
  const [first = '', ...rest] = lines;
  if (first.length > max) return `${first.slice(0, max).trimEnd()}...`;
  // A closing '.' or ':' merges into the ellipsis instead of making 'answer....'.
  return rest.length > 0 ? `${first.replace(/[.:;,]+$/, '')}...` : first;
}

/**
 * The content to render below a title taken from it: the first block (or raw line) holding the '# ' line
 * is dropped. Runs before sanitising, so what it leaves is still sanitised.
 */
export function personalBody(title: string, content: string): string {
  if (!titleFromContent(title, content)) return content;
  const block = /<(p|div|h[1-6])\b[^>]*>\s*#\s[\s\S]*?<\/\1\s*>/i;
  const rawLine = /^[ \t]*#\s[^\n]*(?:\r?\n|$)/m;
  const blockMatch = block.exec(content);
  const lineMatch = rawLine.exec(content);
  // Whichever comes first in the document is the line the title was taken from.
  if (blockMatch && (!lineMatch || blockMatch.index <= lineMatch.index)) return content.replace(block, '');
  if (lineMatch) return content.replace(rawLine, '');
  return content;
}

/** The title a reader sees: personalTitle, or a neutral label when a post has neither. */
export function personalDisplayTitle(title: string, content: string): string {
  return personalTitle(title, content) ?? 'Untitled post';
}
