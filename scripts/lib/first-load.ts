/**
 * What a modern browser loads first on a page: the scripts it runs and the stylesheets it applies, read from
 * the page's HTML. Shared by `npm run js:size` (scripts/first-load-js.ts) and the end-to-end test that holds
 * every public page to its JavaScript budget (tests/e2e/page-weight.spec.ts).
 */
import { gzipSync } from 'node:zlib';

/** The attributes of one start tag, names lower-cased (`noModule` and `nomodule` alike). */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  const body = tag.replace(/^<\s*\w+/, '').replace(/\/?>$/, '');
  for (const match of body.matchAll(pattern)) found.set(match[1]!.toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  return found;
}

const decode = (value: string) => value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

/** The scripts a module-capable browser runs from this HTML, in document order, and how many it skips. */
export function firstLoadScripts(html: string, base: string): { urls: string[]; skippedNoModule: number } {
  const urls = new Set<string>();
  const noModule = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    // A script a public page loads after its first paint (lib/cache/after-paint.mjs): an inert block naming it.
    const later = attrs.get('data-after-paint');
    if (later) {
      urls.add(new URL(decode(later), base).href);
      continue;
    }
    const src = attrs.get('src');
    if (!src) continue;
    if (attrs.has('nomodule')) {
      noModule.add(new URL(decode(src), base).href);
      continue;
    }
    const type = attrs.get('type')?.toLowerCase();
    if (type && type !== 'module' && !/javascript|ecmascript/.test(type)) continue;
    urls.add(new URL(decode(src), base).href);
  }
  // Chunks named elsewhere in the page load too: those the React payload names for client components of streamed
  // content.
  for (const [reference] of html.matchAll(/\/_next\/static\/chunks\/[\w.~-]+\.js/g)) urls.add(new URL(reference, base).href);
  for (const url of noModule) urls.delete(url);
  return { urls: [...urls], skippedNoModule: noModule.size };
}

/**
 * The stylesheets the page loads: <link rel="stylesheet"> and style preloads in the markup, and those React
 * inserts for streamed content (its $RR instructions name them in inline scripts).
 */
export function stylesheets(html: string, base: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const href = attrs.get('href');
    const rel = attrs.get('rel')?.toLowerCase();
    if (href && (rel === 'stylesheet' || (rel === 'preload' && attrs.get('as') === 'style'))) urls.add(new URL(decode(href), base).href);
  }
  for (const [reference] of html.matchAll(/\/_next\/static\/[\w./~-]+\.css/g)) urls.add(new URL(reference, base).href);
  return [...urls];
}

/** A body's size as the budgets count it: gzip at level 9, so the figure does not depend on the server's compression. */
export function gzipBytes(body: Buffer): number {
  return gzipSync(body, { level: 9 }).length;
}
