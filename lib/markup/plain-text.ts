import type { Nodes, Root } from 'mdast';
import { LRUCache } from 'lru-cache';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

import { texToText } from '@/lib/cv/tex-text';

/*
 * Simple markup as the text a reader sees of it, read through the same parse tree as the renderers read:
 * headings, emphasis, list markers, links and code marks are markup, not text; an escaped character is the
 * character (`\*` reads '*'); raw HTML is dropped (the renderers drop it); an image is its alternative text;
 * a table is its cells, a row a line; a formula is readable Unicode (lib/cv/tex-text.ts: `$\zeta(s)$` reads
 * 'ζ(s)'). Three layouts: markupToPlainText for search excerpts (issue 42), markupToText for the CV's PDF and
 * a RIS abstract, markupToLines for /cv.json. Client-safe, pure.
 */

/** Which renderer's syntax: the site's (blog posts, abstracts: GFM and `$…$` mathematics) or the simple one (Experience, CommonMark only). */
export type MarkupSyntax = 'site' | 'simple';

export interface PlainText {
  text: string;
  /** Where each formula's readable text lies in `text`, from `start` to just before `end`, in order. */
  formulas: { start: number; end: number }[];
}

const parsers: Record<MarkupSyntax, ReturnType<typeof siteParser>> = { site: siteParser(), simple: unified().use(remarkParse).freeze() };

function siteParser() {
  return unified().use(remarkParse).use([remarkGfm, remarkMath]).freeze();
}

/** TeX as readable text, by the CV's reader, which takes it between delimiters. */
function formulaText(tex: string): string {
  return texToText(tex.includes('\\)') ? `$$${tex}$$` : `\\(${tex}\\)`).replace(/\s+/g, ' ').trim();
}

/** Nodes whose content is no text a reader sees: raw HTML (dropped), link definitions, footnote calls. */
const UNSEEN = new Set(['html', 'definition', 'footnoteReference', 'thematicBreak', 'yaml']);
/** Nodes that read as a block of their own. */
const BLOCKS = new Set(['paragraph', 'heading', 'blockquote', 'list', 'listItem', 'code', 'math', 'table', 'tableRow', 'footnoteDefinition']);

/** Markup's syntax tree, as the renderer of that syntax reads it. */
export function markupTree(source: string, syntax: MarkupSyntax = 'site'): Root {
  return parsers[syntax].parse(source);
}

/** How the text is laid out. */
interface Layout {
  /** A blank line of the source between two blocks stays one blank line (several read as one). */
  blankLines: boolean;
  /** List items start with a marker: '• ', or their number ('1. ') in a numbered list. */
  markers: boolean;
  /**
   * An emphasis against a letter or digit keeps its marks as written: without italics `2*3*4` would read
   * '234', another text.
   */
  wordEmphasis: boolean;
}

/** One block a line, no markers: what an excerpt is cut from. */
const EXCERPT: Layout = { blankLines: false, markers: false, wordEmphasis: false };
/** The lines a reader sees, with list markers and the blank lines between paragraphs. */
const LINES: Layout = { blankLines: true, markers: true, wordEmphasis: true };
/** One block a line and nothing a reader would not read as text: no markers, no blank lines. */
const BARE_LINES: Layout = { blankLines: false, markers: false, wordEmphasis: true };

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The marks around an emphasis (`*`, `__`, `~~`) when it touches a letter or digit outside them, else null. */
function wordEmphasisMarks(node: Nodes, source: string): [string, string] | null {
  if (!('children' in node) || node.children.length === 0) return null;
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const inner = [node.children[0]?.position?.start.offset, node.children.at(-1)?.position?.end.offset];
  if (start === undefined || end === undefined || inner[0] === undefined || inner[1] === undefined) return null;
  if (!WORD_CHARACTER.test(source.charAt(start - 1)) && !WORD_CHARACTER.test(source.charAt(end))) return null;
  return [source.slice(start, inner[0]), source.slice(inner[1], end)];
}

function plainText(source: string, tree: Root, layout: Layout): PlainText {
  let text = '';
  const formulas: PlainText['formulas'] = [];
  /** What goes between the text written and the next text: a block ended or began. */
  let gap: '\n' | '\n\n' | null = null;
  /** The source line the last block ended on. */
  let lastEnd: number | undefined;
  /** Only a list marker stands on the line so far: its item's first block goes on the same line. */
  let afterMarker = false;
  const write = (value: string, formula = false) => {
    if (!value) return;
    if (gap && text) text += gap;
    gap = null;
    afterMarker = false;
    if (formula) formulas.push({ start: text.length, end: text.length + value.length });
    text += value;
  };
  const open = (node: Nodes) => {
    if (!text || afterMarker) return;
    const start = node.position?.start.line;
    // A table's delimiter row stands between its first two rows, and is no blank line.
    const blank = layout.blankLines && node.type !== 'tableRow' && lastEnd !== undefined && start !== undefined && start - lastEnd > 1;
    gap = gap === '\n\n' || blank ? '\n\n' : '\n';
  };
  const close = (node: Nodes) => {
    lastEnd = node.position?.end.line ?? lastEnd;
    afterMarker = false;
    if (text) gap ??= '\n';
  };
  const walk = (node: Nodes) => {
    if (UNSEEN.has(node.type)) return;
    const block = BLOCKS.has(node.type);
    if (block) open(node);
    switch (node.type) {
      case 'text':
      case 'inlineCode':
      case 'code':
        write(node.value);
        break;
      case 'inlineMath':
      case 'math':
        write(formulaText(node.value), true);
        break;
      case 'image':
      case 'imageReference':
        write(node.alt ?? '');
        break;
      case 'break':
        write('\n');
        break;
      case 'list':
        node.children.forEach((item, index) => {
          open(item);
          if (layout.markers) {
            write(node.ordered ? `${(node.start ?? 1) + index}. ` : '• ');
            afterMarker = true;
          }
          item.children.forEach(walk);
          close(item);
        });
        break;
      case 'emphasis':
      case 'strong':
      case 'delete': {
        const marks = layout.wordEmphasis ? wordEmphasisMarks(node, source) : null;
        write(marks?.[0] ?? '');
        node.children.forEach(walk);
        write(marks?.[1] ?? '');
        break;
      }
      case 'tableRow':
        node.children.forEach((cell, index) => {
          if (index > 0) write(' ');
          walk(cell);
        });
        break;
      default:
        if ('children' in node) (node.children as Nodes[]).forEach(walk);
    }
    if (block) close(node);
  };
  walk(tree);
  return { text, formulas };
}

export function markupToPlainText(source: string, syntax: MarkupSyntax = 'site'): PlainText {
  return plainText(source, markupTree(source, syntax), EXCERPT);
}

/**
 * The most markupToText reads: the longest text it is given, an abstract (RESEARCH_LIMITS.abstract; an
 * Experience description is shorter). The parser's time grows faster than the text on some hostile markup
 * (thousands of unmatched `*` or `[` in one paragraph), as the page's own rendering of that text does.
 */
export const MARKUP_TEXT_MAX = 20_000;

/**
 * markupToText's answers by their source, the least recently used dropped first: /research.ris reads every
 * abstract again on each request, and parsing is most of what that costs.
 */
const readTexts = new LRUCache<string, string>({
  maxSize: 2_000_000,
  sizeCalculation: (text, source) => Math.max(1, source.length + text.length),
  memoMethod: (source) => plainText(source, markupTree(source), LINES).text,
});

/**
 * The site's markup (blog posts, abstracts, descriptions) as the lines of readable text a reader sees, for
 * the CV's PDF and a RIS abstract: each block on a line of its own, a blank line of the source between two
 * blocks kept (runs of them as one), list items marked '• ' or by their number ('1. '), formulas as
 * readable Unicode. Never throws.
 */
export function markupToText(source: string): string {
  return readTexts.memo(source.slice(0, MARKUP_TEXT_MAX));
}

/**
 * Markup of either syntax as its lines of text, one block a line, without list markers or blank lines: what
 * a JSON Resume summary holds (lib/cv/json-resume.ts). In the simple syntax a `$` is text, as on the page.
 */
export function markupToLines(source: string, syntax: MarkupSyntax = 'site'): string {
  return plainText(source, markupTree(source, syntax), BARE_LINES).text;
}
