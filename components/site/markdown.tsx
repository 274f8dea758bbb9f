import type { ComponentProps, ElementType, JSX } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import rehypeKatex, { type Options as KatexOptions } from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { EXIT, visit } from 'unist-util-visit';

import { markupImageSources } from '@/components/site/image-source';
import { KatexStylesheet } from '@/components/site/katex-stylesheet';
import { KATEX_OPTIONS } from '@/lib/markup/katex-options';
import { cn } from '@/lib/utils';

const remarkPlugins = [remarkGfm, remarkMath];

/** The markup's syntax tree as the renderer reads it, to see whether it has any formula. */
const markupParser = unified().use(remarkParse).use(remarkPlugins);

function hasMathematics(source: string): boolean {
  let found = false;
  visit(markupParser.parse(source), (node) => {
    if (node.type !== 'math' && node.type !== 'inlineMath') return;
    found = true;
    return EXIT;
  });
  return found;
}

const katexOptions: KatexOptions = KATEX_OPTIONS;
interface HastNode {
  type: string;
  tagName?: string;
  children?: HastNode[];
}

/**
 * Heading levels without gaps: a body whose headings are all '##' (or '#' then '###') would jump from the
 * page's <h1> straight to an <h3>, which screen readers and Lighthouse read as a broken outline. The
 * levels a body uses are renumbered in order (the first becomes '#', the next '##', …), so the outline
 * below the title has no holes; the components below then place them under the page's <h1>.
 */
export function rehypeCompactHeadings() {
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

const rehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [rehypeCompactHeadings, [rehypeKatex, katexOptions]];
/** Formulas as MathML only, which browsers lay out themselves: no KaTeX stylesheet and no fonts to load. */
const mathmlRehypePlugins: ComponentProps<typeof ReactMarkdown>['rehypePlugins'] = [
  rehypeCompactHeadings,
  [rehypeKatex, { ...katexOptions, output: 'mathml' } satisfies KatexOptions],
];

type Tag = keyof JSX.IntrinsicElements;
type ElementProps = ExtraProps & { className?: string; href?: string; src?: string | Blob; alt?: string };

/** react-markdown hands each element its syntax-tree `node` too; it must not reach the DOM. */
function withoutNode<P extends ExtraProps>(props: P): Omit<P, 'node'> {
  const rest = { ...props };
  delete rest.node;
  return rest;
}

/** An element of the rendered markup: the given tag with this look, merged with any class it carries. */
function styled(tag: Tag, look: string, extra: Record<string, unknown> = {}) {
  const Element = tag as ElementType;
  function Styled(props: ElementProps) {
    return <Element {...extra} {...withoutNode(props)} className={cn(look, props.className)} />;
  }
  return Styled;
}

/**
 * Headings of a body sit below the page's own title (its only <h1>), so '# ' is an <h2>, '## ' an <h3>
 * and '### ' an <h4>: the outline stays valid for screen readers while the sizes keep their rank.
 */
const components: Components = {
  h1: styled('h2', 'mt-10 mb-4 font-serif text-3xl font-semibold tracking-tight text-foreground'),
  h2: styled('h3', 'mt-9 mb-3 font-serif text-2xl font-semibold tracking-tight text-foreground'),
  h3: styled('h4', 'mt-7 mb-2 font-serif text-xl font-semibold text-foreground'),
  h4: styled('h5', 'mt-6 mb-2 text-lg font-semibold text-foreground'),
  h5: styled('h6', 'mt-6 mb-2 font-semibold text-foreground'),
  h6: styled('h6', 'mt-6 mb-2 font-semibold text-muted-foreground'),
  p: styled('p', 'my-4 leading-7'),
  a: function MarkupLink(props: ElementProps) {
    const external = typeof props.href === 'string' && /^https?:\/\//.test(props.href);
    return (
      <a
        {...withoutNode(props)}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className={cn(
          'font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary',
          props.className,
        )}
      />
    );
  },
  ul: styled('ul', 'my-4 list-disc space-y-1.5 pl-6 marker:text-primary/70'),
  ol: styled('ol', 'my-4 list-decimal space-y-1.5 pl-6 marker:text-muted-foreground'),
  li: styled('li', 'pl-1 leading-7'),
  blockquote: styled('blockquote', 'my-6 border-l-2 border-primary/50 pl-4 text-muted-foreground italic'),
  hr: styled('hr', 'my-10 border-border'),
  // Focusable so keyboard users can scroll a long line sideways.
  pre: styled(
    'pre',
    'my-6 overflow-x-auto rounded-lg border border-border bg-black/30 p-4 font-mono text-sm leading-6 text-foreground/90',
    { tabIndex: 0 },
  ),
  // Inline code gets a chip; code inside a block (<pre>) keeps the block's plain look.
  code: styled(
    'code',
    'rounded bg-muted px-1.5 py-0.5 font-mono text-[0.875em] [pre_&]:rounded-none [pre_&]:bg-transparent [pre_&]:p-0 [pre_&]:text-[1em]',
  ),
  table: function MarkupTable(props: ElementProps) {
    return (
      <div className="my-6 overflow-x-auto">
        <table {...withoutNode(props)} className={cn('w-full border-collapse text-sm', props.className)} />
      </div>
    );
  },
  th: styled('th', 'border-b border-border px-3 py-2 text-left font-semibold'),
  td: styled('td', 'border-b border-border/60 px-3 py-2'),
  img: function MarkupImage(props: ElementProps) {
    // An address the renderer refused (javascript:, …) comes out empty: show the alternative text instead
    // of an <img src=""> that would fetch the page itself.
    if (typeof props.src !== 'string' || props.src.trim() === '') return typeof props.alt === 'string' && props.alt ? <span>{props.alt}</span> : null;
    return (
      // Markup images have no known dimensions, so next/image cannot lay them out: a plain lazy <img>, whose
      // address goes through the image optimiser when it is one of the site's uploads (image-source.ts).
      // eslint-disable-next-line @next/next/no-img-element
      <img
        {...withoutNode(props)}
        {...markupImageSources(props.src)}
        alt={typeof props.alt === 'string' ? props.alt : ''}
        loading="lazy"
        decoding="async"
        className="my-6 h-auto max-w-full rounded-lg border border-border"
      />
    );
  },
};

export interface MarkdownProps {
  /** Simple markup (spec section 9): headings, fenced code, lists, paragraphs, `$…$` and `$$…$$` math. */
  source: string;
  className?: string;
  /**
   * How formulas are drawn: `typeset` (default) by KaTeX's HTML and stylesheet, as on the pages that show
   * mathematics in full; `mathml` by the browser's own MathML layout, for short excerpts on a page that
   * has no other formula (the home page's research highlights), which then loads no KaTeX at all.
   */
  math?: 'typeset' | 'mathml';
}

/**
 * Renders simple markup on the server, mathematics included (KaTeX markup + its stylesheet). Raw HTML in
 * the source is dropped, not rendered: markup is text, and HTML is only ever shown after sanitising.
 * Formulas are laid out by CSS alone (no client-side math script); KaTeX's stylesheet, and through it its
 * fonts, is linked only when the markup has a formula, so a page without mathematics loads neither.
 */
export function Markdown({ source, className, math = 'typeset' }: MarkdownProps) {
  return (
    <div
      className={cn(
        'text-base text-foreground/90 [&>:first-child]:mt-0 [&>:last-child]:mb-0',
        // Display formulas wider than the column scroll inside themselves rather than widening the page.
        '[&_.katex-display]:my-6 [&_.katex-display]:overflow-x-auto [&_.katex-display]:overflow-y-hidden [&_.katex-display]:py-1',
        className,
      )}
    >
      {math === 'typeset' && hasMathematics(source) ? <KatexStylesheet /> : null}
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={math === 'typeset' ? rehypePlugins : mathmlRehypePlugins}
        components={components}
        skipHtml
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
