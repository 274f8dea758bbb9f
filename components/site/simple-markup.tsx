import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';

import { markupImageSources } from '@/lib/image-source';
import { cn } from '@/lib/utils';

type Props = ExtraProps & { className?: string; href?: string; src?: string | Blob; alt?: string; children?: React.ReactNode };

/**
 * The simple editor's markers (docs/product.md §2: bold, italic, list items, links, images) as the public
 * Experience page shows them. Anything else a description contains stays text: no headings, no HTML
 * (dropped), no mathematics, so this renderer costs little and needs no KaTeX stylesheet.
 */
const ALLOWED = ['p', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'img', 'br'];

const components: Components = {
  p: ({ children }: Props) => <p className="my-3 leading-7">{children}</p>,
  ul: ({ children }: Props) => <ul className="my-3 list-disc space-y-1.5 pl-5 marker:text-primary/70">{children}</ul>,
  ol: ({ children }: Props) => <ol className="my-3 list-decimal space-y-1.5 pl-5">{children}</ol>,
  a: ({ href, children }: Props) => {
    const external = typeof href === 'string' && /^https?:\/\//.test(href);
    return (
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary"
      >
        {children}
      </a>
    );
  },
  img: ({ src, alt }: Props) => {
    // Only the site's own files are shown as images (the Content-Security-Policy allows no other host);
    // an outside address becomes a link to it instead of a broken picture.
    if (typeof src !== 'string' || !src.startsWith('/') || src.startsWith('//')) {
      return typeof src === 'string' && /^https?:\/\//.test(src) ? (
        <a href={src} target="_blank" rel="noopener noreferrer" className="text-primary underline underline-offset-4">
          {alt || src}
        </a>
      ) : null;
    }
    return (
      // Markup images have no known dimensions, so next/image cannot lay them out: a plain lazy <img>, whose
      // address goes through the image optimiser when it is one of the site's uploads (lib/image-source.ts).
      // eslint-disable-next-line @next/next/no-img-element
      <img {...markupImageSources(src)} alt={alt ?? ''} loading="lazy" decoding="async" className="my-3 h-auto max-w-full rounded-lg border border-border" />
    );
  },
};

export function SimpleMarkup({ source, className }: { source: string; className?: string }) {
  return (
    <div className={cn('[&>:first-child]:mt-0 [&>:last-child]:mb-0', className)}>
      <ReactMarkdown allowedElements={ALLOWED} unwrapDisallowed skipHtml components={components}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
