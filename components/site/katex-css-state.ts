/** Whether KaTeX's stylesheet has been loaded into this page (katex-css.tsx marks it when it loads). */
let loaded = false;

export function markKatexCssLoaded(): void {
  loaded = true;
}

export const isKatexCssLoaded = (): boolean => loaded;
