import { PageHtml } from '@/components/site/page-html';
import { personalBody } from '@/lib/content/personal/rules';
import { sanitizeHtml } from '@/lib/sanitize';

/**
 * The one place a personal post's HTML reaches the page (docs/product.md §2: content rendered as raw HTML).
 * It is sanitised here on every render, whatever was stored, so dangerouslySetInnerHTML only ever
 * receives sanitizeHtml's output (packed in the page's payload when it is long: lib/markup/html-fragment.ts).
 */
export function PersonalHtml({ title, content }: { title: string; content: string }) {
  const html = sanitizeHtml(personalBody(title, content));
  // Safe by construction: sanitizeHtml's allowlist (lib/sanitize.ts) is the only input.
  return <PageHtml slot="personal-content" className="personal-prose" html={html} />;
}
