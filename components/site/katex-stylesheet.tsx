'use client';

import dynamic from 'next/dynamic';

import { isKatexCssLoaded } from './katex-css-state';

/**
 * KaTeX's stylesheet is imported by a module loaded with next/dynamic from here, so it belongs to no
 * route's own CSS (a server component's or a statically imported client component's CSS is linked by
 * every page of its route, whatever the page renders).
 */
const DynamicKatexCss = dynamic(() => import('./katex-css'));

/**
 * KaTeX's stylesheet (and, through it, its fonts), linked only by pages that render a formula: markdown.tsx
 * mounts this where its markup has mathematics. Server-rendered, next/dynamic links the stylesheet (the
 * content around it is shown once it has loaded); mounted in the browser by a navigation, loading the
 * module brings it. Once it is in the page, this renders
 * nothing, so an editor's later previews never wait for it.
 */
export function KatexStylesheet() {
  // On the server the flag is shared by every request: each server render must link the stylesheet.
  if (typeof window !== 'undefined' && isKatexCssLoaded()) return null;
  return <DynamicKatexCss />;
}
