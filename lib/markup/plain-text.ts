import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

import { texToText } from '@/lib/cv/tex-text';

/*
 * Simple markup as the text a reader sees of it (issue 42: search excerpts), read through the same parse tree
 * as the renderers read: headings, emphasis, list markers, links and code marks are markup, not text; raw
 * HTML is dropped (the renderers drop it); an image is its alternative text; a formula is readable Unicode
 * (lib/cv/tex-text.ts: `$\zeta(s)$` reads 'ζ(s)'). Blocks are separated by a line break. Client-safe, pure.
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

export function markupToPlainText(source: string, syntax: MarkupSyntax = 'site'): PlainText {
  let text = '';
  const formulas: PlainText['formulas'] = [];
  /** A block ended: the next text starts on a line of its own. */
  let pendingBreak = false;
  const write = (value: string, formula = false) => {
    if (!value) return;
    if (pendingBreak && text) text += '\n';
    pendingBreak = false;
    if (formula) formulas.push({ start: text.length, end: text.length + value.length });
    text += value;
  };
  const walk = (node: Nodes) => {
    if (UNSEEN.has(node.type)) return;
    const block = BLOCKS.has(node.type);
    if (block) pendingBreak = true;
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
      case 'tableRow':
        node.children.forEach((cell, index) => {
          if (index > 0) write(' ');
          walk(cell);
        });
        break;
      default:
        if ('children' in node) (node.children as Nodes[]).forEach(walk);
    }
    if (block) pendingBreak = true;
  };
  walk(markupTree(source, syntax));
  return { text, formulas };
}
