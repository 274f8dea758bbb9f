'use client';

import { useState } from 'react';
import Image, { type ImageProps } from 'next/image';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/**
 * Whether next/image may send `src` through its optimiser. Remote URLs (storage buckets, pasted links)
 * are shown as they are instead: optimising them would need every host listed in next.config, and the
 * owner can paste any. SVGs are never optimised (next/image skips them itself).
 */
function optimisable(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//') && !src.includes('?') && !/\.svg$/i.test(src);
}

/** next/image that shows the placeholder instead of a broken image when `src` is missing or fails to load. */
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
