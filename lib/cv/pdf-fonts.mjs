// @ts-check
import { createRequire } from 'node:module';
import path from 'node:path';

import { Font } from '@react-pdf/renderer';

/**
 * The PDF CV's fonts: DejaVu Serif, which draws the names and mathematics a CV of this site holds (Erdős,
 * Gödel, Šafarevič, Greek, ∑∫∞≤ℝ, sub- and superscript digits and letters), embedded and subset by
 * react-pdf. PDF's built-in fonts have none of those. Characters DejaVu Serif lacks (ℓ, ≪, ℒ in regular;
 * ℝ in bold and italic) are drawn from DejaVu Sans, then from DejaVu Math TeX Gyre (𝔭, 𝒜): react-pdf picks,
 * character by character, the first family in CV_FONT_FAMILY that has it.
 */

/** The families, in the order react-pdf tries them for each character. */
export const CV_FONT_FAMILY = ['DejaVu Serif', 'DejaVu Sans', 'DejaVu Math'];

/*
 * Plain JavaScript (types in pdf-fonts.d.mts): the PDF is typeset in a worker thread that Node loads as it is
 * (lib/cv/pdf-worker.mjs), outside Next's bundle.
 */

/**
 * The package's own folder, resolved from the project root (where `next start`, the scripts and Vitest
 * run) and not from this module, whose location changes once Next bundles it; the same rule as
 * lib/cache/next-internals.mjs. The package is files only (no code), so nothing here is bundled.
 * @returns {string}
 */
function fontDirectory() {
  const requireFromRoot = createRequire(path.join(process.cwd(), 'package.json'));
  return path.join(path.dirname(requireFromRoot.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/**
 * A font file of the package, by name ('DejaVuSerif.ttf').
 * @param {string} name
 * @returns {string}
 */
export function cvFontFile(name) {
  return path.join(fontDirectory(), name);
}

/** A word longer than this may be broken anywhere; see hyphenate(). */
const LONG_WORD = 40;
const LONG_WORD_PART = 20;

/**
 * Where react-pdf may break a word (it draws a hyphen there). By default it hyphenates English by pattern,
 * which cuts names and identifiers ('Gö-del', 'Šafa-revič', half a DOI): words are kept whole here and move
 * to the next line instead. Only a word too long for any line (a long address, a run of characters with
 * no space) is cut into parts, since react-pdf would otherwise draw it past the margin and drop the rest.
 */
/**
 * @param {string} word
 * @returns {string[]}
 */
export function hyphenate(word) {
  const chars = Array.from(word);
  if (chars.length <= LONG_WORD) return [word];
  /** @type {string[]} */
  const parts = [];
  for (let index = 0; index < chars.length; index += LONG_WORD_PART) parts.push(chars.slice(index, index + LONG_WORD_PART).join(''));
  return parts;
}

let registered = false;
/** @type {Promise<void> | null} */
let primed = null;

/**
 * Registers the fonts with react-pdf's (process-wide) font store, once. react-pdf reads each file the
 * first time a document uses it and keeps it parsed for later documents.
 * @returns {void}
 */
export function registerCvFonts() {
  if (registered) return;
  const dir = fontDirectory();
  const file = (/** @type {string} */ name) => path.join(dir, name);
  // The four faces of a family, from its files' names: regular, bold, italic, bold italic.
  const faces = (/** @type {[string, string, string, string]} */ [regular, bold, italic, boldItalic]) => [
    { src: file(regular), fontWeight: 400, fontStyle: /** @type {const} */ ('normal') },
    { src: file(bold), fontWeight: 700, fontStyle: /** @type {const} */ ('normal') },
    { src: file(italic), fontWeight: 400, fontStyle: /** @type {const} */ ('italic') },
    { src: file(boldItalic), fontWeight: 700, fontStyle: /** @type {const} */ ('italic') },
  ];
  Font.register({ family: 'DejaVu Serif', fonts: faces(['DejaVuSerif.ttf', 'DejaVuSerif-Bold.ttf', 'DejaVuSerif-Italic.ttf', 'DejaVuSerif-BoldItalic.ttf']) });
  Font.register({ family: 'DejaVu Sans', fonts: faces(['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf', 'DejaVuSans-BoldOblique.ttf']) });
  // One upright weight only: react-pdf resolves bold to it, and italic must be registered to be resolved at all.
  Font.register({
    family: 'DejaVu Math',
    fonts: [
      { src: file('DejaVuMathTeXGyre.ttf'), fontWeight: 400, fontStyle: 'normal' },
      { src: file('DejaVuMathTeXGyre.ttf'), fontWeight: 400, fontStyle: 'italic' },
    ],
  });
  Font.registerHyphenationCallback(hyphenate);
  registered = true;
}

/**
 * What priming needs of a fontkit font (react-pdf's types leave fontkit's own untyped).
 * @typedef {{ characterSet: number[]; glyphForCodePoint(codePoint: number): unknown }} GlyphTable
 */

/**
 * @param {unknown} value
 * @returns {value is GlyphTable}
 */
function isGlyphTable(value) {
  if (typeof value !== 'object' || value === null) return false;
  const font = /** @type {Partial<Record<keyof GlyphTable, unknown>>} */ (value);
  return Array.isArray(font.characterSet) && typeof font.glyphForCodePoint === 'function';
}

/**
 * Every font file read and its glyphs primed with their characters, once per process. Why: fontkit keeps
 * one glyph object per glyph for the life of the font, made the first time the glyph is asked for, and
 * pdfkit's subsetting asks for the parts of composed glyphs ('¨' of 'ö', 'ˇ' of 'Š', '¹', 'ⁿ', '⁺' in
 * DejaVu) without saying which character they are. react-pdf writes a PDF's text layer (ToUnicode) from
 * those objects, so once a CV with 'ö' had been made, every later CV drawing '¨' or 'ⁿ' on its own drew it
 * right but copied and searched as nothing (pdf.js reads '(' or '&'). Asking for every character's glyph
 * first, by its character, makes each object carry its character before anything else asks.
 * @returns {Promise<void>}
 */
export function loadCvFonts() {
  registerCvFonts();
  primed ??= (async () => {
    const families = Font.getRegisteredFonts();
    for (const family of CV_FONT_FAMILY) {
      for (const source of families[family]?.sources ?? []) {
        await source.load();
        /** @type {unknown} */
        const font = source.data;
        if (!isGlyphTable(font)) continue;
        // Not the ligatures' own characters (U+FB00–FB4F, 'ﬁ'): the ligatures fontkit forms ('f' + 'i') must
        // keep the letters they stand for, so that 'Sofia' copies as 'Sofia' and not as 'Soﬁa'.
        for (const codePoint of font.characterSet) if (codePoint < 0xfb00 || codePoint > 0xfb4f) font.glyphForCodePoint(codePoint);
      }
    }
  })().catch((/** @type {unknown} */ error) => {
    // A file that could not be read is tried again by the next render, not remembered as failed.
    primed = null;
    throw error;
  });
  return primed;
}
