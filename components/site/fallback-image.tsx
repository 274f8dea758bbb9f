'use client';

import { useState } from 'react';
import Image, { type ImageProps } from 'next/image';

import { optimisable } from './image-source';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

export { optimisable } from './image-source';

/**
 * next/image that shows the placeholder instead of a broken image when `src` is missing or fails to load
 * (a removed upload, a dead pasted link, an address the Content-Security-Policy refuses).
 *
 * The site's own uploads (and Supabase Storage's public files) are optimised: give `sizes` (and `fill`
 * inside a sized box), and mark the one image that is the page's LCP with `loading="eager"` and
 * `fetchPriority="high"`; every other image loads lazily. Other addresses (pasted external links, SVGs)
 * are rendered `unoptimized`, which is a plain `<img loading="lazy" decoding="async">` of the address as
 * it is: optimising them would need every host configured in next.config.mjs (image-source.ts).
 */
export function FallbackImage({ src, alt, ...props }: Omit<ImageProps, 'src'> & { src: string | null | undefined }) {
  const wanted = src?.trim() || PLACEHOLDER_IMAGE;
  const [failed, setFailed] = useState<string | null>(null);
  const shown = failed === wanted ? PLACEHOLDER_IMAGE : wanted;
  return (
    <Image
      {...props}
      src={shown}
      alt={alt}
      unoptimized={!optimisable(shown)}
      onError={() => setFailed(wanted)}
    />
  );
}
