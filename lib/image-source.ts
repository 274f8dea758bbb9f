/**
 * Which image addresses go through Next's image optimiser (next/image's default loader, /_next/image),
 * shared by the client's FallbackImage and the server-rendered markup renderers. No 'use client': a
 * server component must be able to call these functions, not only render them.
 *
 * Optimised: the site's own uploads (/storage/<bucket>/<path>, served by app/storage/…/route.ts; allowed
 * by images.localPatterns in next.config.mjs) and, in Supabase mode, Supabase Storage's public files
 * (images.remotePatterns). They are resized per device and re-encoded as AVIF or WebP, never sent as the
 * multi-megabyte original.
 *
 * Not optimised, shown as a plain lazy <img>: SVGs (/placeholder.svg: the optimiser refuses SVG, and it is
 * tiny), addresses with a query string or fragment, any other site path, and every other host. A pasted
 * external address could only be optimised if its host were listed in next.config.mjs, and the owner may
 * paste any; the site's Content-Security-Policy (img-src) decides whether the browser loads it at all.
 */

const BASE = 'http://site.invalid';

/** Public files of Supabase Storage, which next.config.mjs lets the optimiser fetch (null in other modes). */
const SUPABASE_PUBLIC_FILES = process.env.NEXT_PUBLIC_SUPABASE_URL
  ? `${process.env.NEXT_PUBLIC_SUPABASE_URL.replace(/\/+$/, '')}/storage/v1/object/public/`
  : null;

/** The prefix images.localPatterns allows ('/storage/**', no query string). */
export const LOCAL_UPLOADS_PREFIX = '/storage/';

/**
 * Whether next/image may send `src` through its optimiser. Only addresses that already are in the form
 * the optimiser's own pattern check sees (no '..', no characters the URL parser would escape) qualify:
 * in development next/image throws on a src that its patterns refuse, and in production the optimiser
 * answers 400; either way the picture would be lost.
 */
export function optimisable(src: string): boolean {
  if (/\.svg$/i.test(src) || src.includes('?') || src.includes('#')) return false;
  let url: URL;
  try {
    url = new URL(src, BASE);
  } catch {
    return false;
  }
  if (src.startsWith('/')) {
    return !src.startsWith('//') && url.origin === BASE && url.pathname === src && src.startsWith(LOCAL_UPLOADS_PREFIX);
  }
  return SUPABASE_PUBLIC_FILES !== null && url.href === src && src.startsWith(SUPABASE_PUBLIC_FILES);
}

/** One of Next's default images.deviceSizes: the optimiser answers only the widths it is configured for. */
export const MARKUP_IMAGE_WIDTH = 1920;

/**
 * The sources a markup image (a blog post's or experience entry's `![alt](src)`) is shown from. Its size
 * is unknown, so next/image cannot lay it out; instead an optimisable image gets a one-candidate srcset
 * through the optimiser at one width (1920: a full-width column on a 2x screen), which the browser loads
 * instead of `src`. The optimiser never enlarges, so a small image keeps its own size; a large photo
 * arrives resized and as AVIF/WebP. `src` stays the stored address (what the markup says, and what an
 * editor's preview and its tests look for). Anything else gets no srcset.
 */
export function markupImageSources(src: string): { src: string; srcSet?: string } {
  return optimisable(src) ? { src, srcSet: `/_next/image?url=${encodeURIComponent(src)}&w=${MARKUP_IMAGE_WIDTH}&q=75 1x` } : { src };
}
