import { PackedHtml } from '@/components/site/packed-html';
import { packHtml } from '@/lib/markup/pack-html';

export interface PageHtmlProps {
  /** HTML the server made safe: markupToSiteHtml's output, or sanitizeHtml's. Never anything else. */
  html: string;
  className?: string;
  /** The element's data-slot. */
  slot?: string;
}

/**
 * A server-rendered HTML fragment on a public page: in a plain div when it is short, or through PackedHtml,
 * whose payload copy is packed, when that is smaller (lib/markup/html-fragment.ts says why). The page's
 * HTML is the same either way.
 */
export function PageHtml({ html, className, slot }: PageHtmlProps) {
  const packed = packHtml(html);
  if (packed !== null) return <PackedHtml packed={packed} className={className} slot={slot} />;
  return <div data-slot={slot} className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
