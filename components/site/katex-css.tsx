'use client';

import 'katex/dist/katex.min.css';

import { markKatexCssLoaded } from './katex-css-state';

markKatexCssLoaded();

/**
 * Brings KaTeX's stylesheet with it; renders nothing. Public pages load it through katex-stylesheet.tsx
 * only where a formula is rendered, the admin editors' previews included.
 */
export default function KatexCss() {
  return null;
}
