import { jsonLd } from '@/lib/structured-data';

/** Structured data for search engines. Not a script the browser runs: the CSP is not involved. */
export function JsonLd({ data }: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(data) }} />;
}
