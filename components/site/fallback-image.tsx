import { getImageProps, type ImageProps } from 'next/image';

import { FallbackImg, type ImgAttributes } from './fallback-img';
import { optimisable } from '@/lib/image-source';

export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** For the one image that is a page's largest paint: fetched at once, ahead of the rest. */
export const LARGEST_PAINT = { loading: 'eager', fetchPriority: 'high' } as const;

export { optimisable } from '@/lib/image-source';

type FallbackImageProps = Omit<ImageProps, 'src'> & { src: string | null | undefined };

/** What next/image renders for these props: its <img> attributes (getImageProps) plus its data-nimg mark. */
function imgAttributes(props: Omit<ImageProps, 'src'>, src: string): ImgAttributes {
  return { ...getImageProps({ ...props, src, unoptimized: !optimisable(src) }).props, 'data-nimg': props.fill ? 'fill' : '1' };
}

/**
 * next/image that shows the placeholder instead of a broken image when `src` is missing or fails to load
 * (a removed upload, a dead pasted link, an address the Content-Security-Policy refuses).
 *
 * The site's own uploads (and Supabase Storage's public files) are optimised: give `sizes` (and `fill`
 * inside a sized box), and mark the one image that is the page's LCP with `loading="eager"` and
 * `fetchPriority="high"`; every other image loads lazily. Other addresses (pasted external links, SVGs)
 * are rendered `unoptimized`, which is a plain `<img loading="lazy" decoding="async">` of the address as
 * it is: optimising them would need every host configured in next.config.mjs (lib/image-source.ts).
 *
 * No 'use client': next/image's own attributes (srcset, sizes, styles) are worked out with getImageProps
 * where this renders, on the server for the public pages, and the browser only runs the small <img> that
 * swaps in the placeholder on an error (fallback-img.tsx), not next/image's client component.
 */
export function FallbackImage({ src, ...props }: FallbackImageProps) {
  const wanted = src?.trim() || PLACEHOLDER_IMAGE;
  const image = imgAttributes(props, wanted);
  return <FallbackImg image={image} placeholder={wanted === PLACEHOLDER_IMAGE ? null : imgAttributes(props, PLACEHOLDER_IMAGE)} />;
}
