import 'server-only';
import { deflateRawSync } from 'node:zlib';

/** The characters Next escapes in the payload's inline script (`\u003c` …): six bytes each instead of one. */
const INLINE_ESCAPED = /[<>&\u2028\u2029]/g;

/**
 * What a packed fragment costs besides its own characters, counted once per fragment to be safe: the
 * payload's reference to the client component that unpacks it and the script tag of its chunk.
 */
const PACKING_OVERHEAD = 300;

/** What the HTML costs in the page's inline payload script: a JSON string, with Next's HTML escapes. */
function inlineCost(html: string): number {
  return JSON.stringify(html).length + 5 * (html.match(INLINE_ESCAPED)?.length ?? 0);
}

/**
 * The fragment deflated, in base64, for the page's payload (lib/markup/html-fragment.ts), or null when
 * that would not be smaller than the HTML as the inline script writes it: a short fragment of few tags.
 */
export function packHtml(html: string): string | null {
  const packed = `${Buffer.byteLength(html)}:${deflateRawSync(html, { level: 9 }).toString('base64')}`;
  return packed.length + PACKING_OVERHEAD < inlineCost(html) ? packed : null;
}
