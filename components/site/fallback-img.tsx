'use client';

import { useState, type ImgHTMLAttributes } from 'react';

/** An <img>'s attributes as next/image makes them (fallback-image.tsx). */
export type ImgAttributes = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { src: string; 'data-nimg': string };

/**
 * An image that turns into the placeholder when it fails to load. An error that happened before React
 * hydrated the page is lost, so, as next/image does, the address is set again once the element is
 * mounted: a failure then reaches onError.
 */
function replayEarlyError(img: HTMLImageElement | null) {
  // Assigning the same address starts the request again (what next/image does too).
  if (img) img.src = img.src;
}

export function FallbackImg({ image, placeholder }: { image: ImgAttributes; placeholder: ImgAttributes | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  const [altShown, setAltShown] = useState(false);
  const showPlaceholder = placeholder !== null && failed === image.src;
  const { loading, width, height, decoding, className, style, sizes, srcSet, src, ...rest } = showPlaceholder ? placeholder : image;
  return (
    // Attribute order as in next/image: `loading` before `src`, and `src` last (Safari and Firefox).
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text
    <img
      {...rest}
      loading={loading}
      width={width}
      height={height}
      decoding={decoding}
      className={className}
      // next/image hides the alternative text while the image loads and shows it once loading failed.
      style={altShown && style ? { ...style, color: undefined } : style}
      sizes={sizes}
      srcSet={srcSet}
      src={src}
      ref={replayEarlyError}
      onError={() => {
        if (placeholder !== null && !showPlaceholder) setFailed(image.src);
        else setAltShown(true);
      }}
    />
  );
}
