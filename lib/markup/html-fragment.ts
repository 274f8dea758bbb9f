import { inflateRaw } from './inflate';

/*
 * A server-rendered HTML fragment (typeset markup, a sanitised personal post) as a page's RSC payload may
 * carry it: `<bytes>:<base64>`, the UTF-8 length of the HTML, then the HTML deflated (raw DEFLATE) in
 * base64 (lib/markup/pack-html.ts packs it on the server, when that is smaller). inflate.ts unpacks it:
 * a small script, synchronous, so after a navigation the fragment is in place before the browser paints.
 *
 * Why: a page sends such a fragment twice, once as HTML and once in the payload React hydrates from, and
 * the payload's copy is a JavaScript string in an inline script, where every `<`, `>` and `&` is written
 * as a six-character escape and every double quote with a backslash. Typeset formulas are mostly tags,
 * so that copy is larger than their HTML (docs/architecture.md, "Measurements"). Deflated it is a small
 * part of that, and base64 needs no escapes. The HTML copy is untouched: what a reader, a
 * crawler and a browser without JavaScript get is the same page.
 */

/** The HTML of a packed fragment: on the server for the page's HTML, in the browser after a navigation. */
export function unpackHtml(packed: string): string {
  const colon = packed.indexOf(':');
  const length = Number(packed.slice(0, colon));
  if (colon < 1 || !Number.isSafeInteger(length)) throw new Error('Packed data has no length.');
  const binary = atob(packed.slice(colon + 1));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new TextDecoder().decode(inflateRaw(bytes, length));
}
