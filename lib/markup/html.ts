import type { Element, Root } from 'hast';
import { defaultUrlTransform } from 'react-markdown';
import rehypeKatex, { type Options as KatexOptions } from 'rehype-katex';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

import { KATEX_OPTIONS } from './katex-options';

/**
 * KaTeX as the site renders it (components/site/markdown.tsx: no \href or HTML from formulas, the same
 * bounds on pathological input, a broken formula shown as its source), but as MathML alone: a feed reader
 * has no KaTeX stylesheet, and MathML is mathematics every current browser engine lays out by itself.
 */
const katexOptions: KatexOptions = { ...KATEX_OPTIONS, output: 'mathml' };

/** Attributes of the markup's elements that hold an address (links, images). */
const URL_ATTRIBUTES = ['href', 'src'] as const;

/**
 * The address as a reader elsewhere must see it: a protocol the site would not render (javascript:, data:)
 * is refused (null), by react-markdown's rule as on the site; anything relative is resolved against
 * the post's own address, so '/storage/…' and '#fn-1' still lead somewhere outside the site.
 */
function absoluteAddress(value: string, base: string): string | null {
  const safe = defaultUrlTransform(value.trim());
  if (!safe) return null;
  try {
    return new URL(safe, base).toString();
  } catch {
    return null;
  }
}

/** A page's own title is its only <h1>: headings of a body sit one rank below it, as on the site. */
const SHIFTED_HEADINGS: Record<string, string> = { h1: 'h2', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6' };

function rehypeForElsewhere(options: { base: string }) {
  return (tree: Root) => {
    visit(tree, 'element', (node: Element) => {
      node.tagName = SHIFTED_HEADINGS[node.tagName] ?? node.tagName;
      for (const name of URL_ATTRIBUTES) {
        const value = node.properties[name];
        if (typeof value !== 'string') continue;
        const address = absoluteAddress(value, options.base);
        if (address) node.properties[name] = address;
        else delete node.properties[name];
      }
    });
  };
}

/**
 * Simple markup (headings, lists, code, GFM tables, `$…$` and `$$…$$` mathematics) as an HTML string
 * for documents read away from the site, such as the Atom feed. Raw HTML in the source is dropped, never
 * passed through: markup is text. Every address comes out absolute, resolved against `base` (the address
 * of the page the markup belongs to).
 */
export function markdownToHtml(source: string, base: string): string {
  return String(
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkMath)
      .use(remarkRehype)
      .use(rehypeKatex, katexOptions)
      .use(rehypeForElsewhere, { base })
      .use(rehypeStringify)
      .processSync(source),
  );
}
