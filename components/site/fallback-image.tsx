'use client';

import { useState } from 'react';
import Image, { type ImageProps } from 'next/image';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** Public files of Supabase Storage, which next.config.mjs lets the optimiser fetch (empty in other modes). */
const SUPABASE_PUBLIC_FILES = process.env.NEXT_PUBLIC_SUPABASE_URL
  ? `${process.env.NEXT_PUBLIC_SUPABASE_URL.replace(/\/+$/, '')}/storage/v1/object/public/`
  : null;

/**
 * Whether next/image may send `src` through its optimiser: this site's own files, and Supabase Storage's
 * public files. Other remote URLs (pasted links) are shown as they are: optimising them would need every
 * host listed in next.config, and the owner can paste any. SVGs are never optimised.
 */
export function optimisable(src: string): boolean {
  if (src.includes('?') || /\.svg$/i.test(src)) return false;
  if (SUPABASE_PUBLIC_FILES && src.startsWith(SUPABASE_PUBLIC_FILES)) return true;
  return src.startsWith('/') && !src.startsWith('//');
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
