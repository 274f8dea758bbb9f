import type { Element, Root } from 'hast';
import { defaultUrlTransform } from 'react-markdown';
import rehypeKatex, { type Options as KatexOptions } from 'rehype-katex';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type PluggableList } from 'unified';
import { EXIT, SKIP, visit } from 'unist-util-visit';

import { markupImageSources } from '@/lib/image-source';
import { KATEX_OPTIONS } from './katex-options';

/*
 * Simple markup as the site's pages show it, rendered once into an HTML string. A page inserts the string
 * as it is, so its RSC payload carries one string instead of a tree of elements (each element there is a
 * JSON array with its props, more verbose than the HTML it describes), and no element carries classes of
 * its own: the look is `.markup` in app/globals.css. What reaches the page is what react-markdown made
 * before: raw HTML dropped (markup is text), addresses through react-markdown's own rule (no
 * javascript:, data: …), KaTeX with \href and HTML disabled. Client-safe: the admin's live preview uses it.
 */

interface HastNode {
  type: string;
  tagName?: string;
  children?: HastNode[];
}

/**
 * Heading levels without gaps: a body whose headings are all '##' (or '#' then '###') would jump from the
 * page's <h1> straight to an <h3>, which screen readers and Lighthouse read as a broken outline. The
 * levels a body uses are renumbered in order (the first becomes '#', the next '##', …), so the outline
 * below the title has no holes; rehypeSiteElements then places them under the page's <h1>.
 */
function rehypeCompactHeadings() {
  return (tree: HastNode) => {
    const headings: HastNode[] = [];
    const walk = (node: HastNode) => {
      if (node.type === 'element' && /^h[1-6]$/.test(node.tagName ?? '')) headings.push(node);
      node.children?.forEach(walk);
    };
    walk(tree);
    const levels = [...new Set(headings.map((node) => Number(node.tagName!.slice(1))))].sort((a, b) => a - b);
    for (const node of headings) node.tagName = `h${levels.indexOf(Number(node.tagName!.slice(1))) + 1}`;
  };
}

/**
 * Headings of a body sit below the page's own title (its only <h1>), so '# ' is an <h2>, '## ' an <h3>
 * and so on; '###### ' stays an <h6>, in a quieter colour than '##### ' (the class is a utility, which
 * wins over the .markup rule for h6).
 */
const SHIFTED_HEADINGS: Record<string, string> = { h1: 'h2', h2: 'h3', h3: 'h4', h4: 'h5', h5: 'h6' };

/** Attributes of the markup's elements that hold an address. */
const URL_ATTRIBUTES = ['href', 'src'] as const;

/** What react-markdown's components did to single elements, done on the syntax tree instead. */
function rehypeSiteElements() {
  return (tree: Root) => {
    // Each formula is sent twice (in the HTML and in the page's payload), so what its MathML carries that
    // a page has no use for goes: the xmlns attribute (in an HTML page <math> is MathML by itself) and the
    // <semantics> wrapper with its annotation, a copy of the TeX source that nothing on the page reads
    // (screen readers read the MathML itself; the feed keeps the annotation, lib/markup/html.ts).
    visit(tree, { type: 'element', tagName: 'math' }, (node: Element) => {
      delete node.properties.xmlns;
      const semantics = node.children.find((child): child is Element => child.type === 'element' && child.tagName === 'semantics');
      if (semantics) node.children = semantics.children.filter((child) => !(child.type === 'element' && child.tagName === 'annotation'));
    });
    const tables: Element[] = [];
    visit(tree, 'element', (node: Element, index, parent) => {
      // KaTeX's output is complete as it is (and holds no addresses: \href is disabled).
      const className = node.properties.className;
      if (Array.isArray(className) && (className.includes('katex') || className.includes('katex-display'))) return SKIP;

      for (const name of URL_ATTRIBUTES) {
        const value = node.properties[name];
        if (typeof value !== 'string') continue;
        const safe = defaultUrlTransform(value);
        if (safe) node.properties[name] = safe;
        else delete node.properties[name];
      }

      if (node.tagName === 'h6') node.properties.className = ['text-muted-foreground'];
      else if (SHIFTED_HEADINGS[node.tagName]) node.tagName = SHIFTED_HEADINGS[node.tagName];

      if (node.tagName === 'a' && typeof node.properties.href === 'string' && /^https?:\/\//.test(node.properties.href)) {
        node.properties.target = '_blank';
        node.properties.rel = ['noopener', 'noreferrer'];
      }
      // Focusable so keyboard users can scroll a long line sideways.
      if (node.tagName === 'pre') node.properties.tabIndex = 0;

      if (node.tagName === 'img' && parent && index !== undefined) {
        const src = node.properties.src;
        // An address the rule refused (javascript:, …) is gone: show the alternative text instead of an
        // <img> without a source, which would fetch the page itself.
        if (typeof src !== 'string' || src.trim() === '') {
          const alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
          parent.children.splice(index, 1, ...(alt ? [{ type: 'element', tagName: 'span', properties: {}, children: [{ type: 'text', value: alt }] } satisfies Element] : []));
          return [SKIP, index];
        }
        // Markup images have no known dimensions: a plain lazy <img>, whose address goes through the image
        // optimiser when it is one of the site's uploads (lib/image-source.ts).
        const sources = markupImageSources(src);
        node.properties.src = sources.src;
        if (sources.srcSet) node.properties.srcSet = sources.srcSet;
        node.properties.alt = typeof node.properties.alt === 'string' ? node.properties.alt : '';
        node.properties.loading = 'lazy';
        node.properties.decoding = 'async';
      }

      if (node.tagName === 'table') tables.push(node);
      return undefined;
    });
    // A wide table scrolls inside a box of its own rather than widening the page.
    for (const table of tables) {
      const inner: Element = { ...table };
      table.tagName = 'div';
      table.properties = { dataTable: '' };
      table.children = [inner];
    }
  };
}

/**
 * How formulas are drawn: `typeset` by KaTeX's HTML and stylesheet, as on the pages that show mathematics
 * in full; `mathml` by the browser's own MathML layout, for short excerpts on a page with no other formula.
 */
export type MathLook = 'typeset' | 'mathml';

const katexOptions: Record<MathLook, KatexOptions> = {
  typeset: KATEX_OPTIONS,
  mathml: { ...KATEX_OPTIONS, output: 'mathml' },
};

function processor(math: MathLook) {
  return (
    unified()
      .use(remarkParse)
      .use([remarkGfm, remarkMath] satisfies PluggableList)
      // Raw HTML in the source is dropped (no allowDangerousHtml): markup is text.
      .use(remarkRehype)
      .use(rehypeCompactHeadings)
      .use(rehypeKatex, katexOptions[math])
      .use(rehypeSiteElements)
      // Attributes unquoted where HTML allows it, single-quoted elsewhere: in the page's payload the string
      // is JSON, where every double quote costs a backslash too.
      .use(rehypeStringify, { characterReferences: { useNamedReferences: true }, preferUnquoted: true, quote: "'" })
      .freeze()
  );
}

const processors = { typeset: processor('typeset'), mathml: processor('mathml') };

/** Simple markup as the site's HTML (see above); the result goes into a `.markup` element. */
export function markupToSiteHtml(source: string, math: MathLook = 'typeset'): string {
  return String(processors[math].processSync(source));
}

/** The markup's syntax tree as the renderer reads it, to see whether it has any formula. */
const markupParser = unified().use(remarkParse).use([remarkGfm, remarkMath]);

export function hasMathematics(source: string): boolean {
  let found = false;
  visit(markupParser.parse(source), (node) => {
    if (node.type !== 'math' && node.type !== 'inlineMath') return;
    found = true;
    return EXIT;
  });
  return found;
}
