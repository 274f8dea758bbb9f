import type { Options as KatexOptions } from 'rehype-katex';

/**
 * KaTeX as every renderer of the site uses it (the pages' Markdown, the feed): a formula that does not
 * parse is shown as its source in this colour instead of failing the page; authors write for KaTeX, so
 * harmless non-LaTeX input logs nothing; \href, \url, \htmlClass and friends stay disabled (markup is text,
 * never a way to inject links or HTML); and bounds against pathological input (deeply nested macros, huge
 * sizes). Client-safe.
 */
export const KATEX_OPTIONS = {
  errorColor: '#f87171',
  strict: 'ignore',
  trust: false,
  maxExpand: 500,
  maxSize: 50,
} as const satisfies KatexOptions;
