/** Types of pdf-fonts.mjs (the PDF CV's fonts, registered with react-pdf). */

/** The families, in the order react-pdf tries them for each character. */
export const CV_FONT_FAMILY: string[];
/** Where react-pdf may break a word: names and identifiers never; a word too long for any line in parts. */
export function hyphenate(word: string): string[];
/** Registers DejaVu Serif, Sans and Math with react-pdf's font store, once per process. */
export function registerCvFonts(): void;
/** Every font read and its glyphs primed with their characters, once per process. */
export function loadCvFonts(): Promise<void>;
/** A font file of the package, by name ('DejaVuSerif.ttf'). */
export function cvFontFile(name: string): string;
