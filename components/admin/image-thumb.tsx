'use client';

import { useState } from 'react';

const PLACEHOLDER = '/placeholder.svg';

/** An admin thumbnail of any stored or pasted address; a broken one shows the placeholder (docs/product.md §2). */
export function ImageThumb({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  const wanted = src || PLACEHOLDER;
  const shown = broken === wanted ? PLACEHOLDER : wanted;
  // next/image would need every pasted host configured; these are small admin previews.
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={shown} alt={alt} className={className} onError={() => setBroken(wanted)} />;
}
