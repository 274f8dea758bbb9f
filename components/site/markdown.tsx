import type { ReactNode } from 'react';

import { KatexStylesheet } from '@/components/site/katex-stylesheet';
import { hasMathematics, markupToSiteHtml, type MathLook } from '@/lib/markup/site-html';
import { cn } from '@/lib/utils';

export interface MarkdownProps {
  /** Simple markup (docs/product.md §9): headings, fenced code, lists, paragraphs, `$…$` and `$$…$$` math. */
  source: string;
  className?: string;
  /**
   * How formulas are drawn: `typeset` (default) by KaTeX's HTML and stylesheet, as on the pages that show
   * mathematics in full; `mathml` by the browser's own MathML layout, for short excerpts on a page that
   * has no other formula (the home page's research highlights), which then loads no KaTeX at all.
   */
  math?: MathLook;
  /**
   * How the HTML is inserted. A public page passes PageHtml (page-html.tsx, server only), which packs it in
   * the page's payload; the admin's previews, rendered in the browser, use a plain div.
   */
  insert?: (props: { html: string; className: string }) => ReactNode;
}

function PlainHtml({ html, className }: { html: string; className: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * Renders simple markup on the server, mathematics included (KaTeX markup + its stylesheet), as one HTML
 * string (lib/markup/site-html.ts: raw HTML in the source is dropped, addresses are checked, formulas
 * cannot carry links or HTML), styled by `.markup` in app/globals.css. Formulas are laid out by CSS alone
 * (no client-side math script); KaTeX's stylesheet, and through it its fonts, is linked only when the
 * markup has a formula, so a page without mathematics loads neither.
 */
export function Markdown({ source, className, math = 'typeset', insert: Insert = PlainHtml }: MarkdownProps) {
  return (
    <>
      {math === 'typeset' && hasMathematics(source) ? <KatexStylesheet /> : null}
      {/* Safe by construction: markupToSiteHtml renders text, never the source's own HTML. */}
      <Insert html={markupToSiteHtml(source, math)} className={cn('markup', className)} />
    </>
  );
}
