/**
 * The mathematics of a BibTeX field: `$…$` and `$$…$$`, an escaped `\$` being no delimiter, a formula never
 * crossing a blank line or the start of the next entry. The import sets these spans aside before parsing
 * (bibtex-import.ts), and the writer keeps as written exactly the spans the import will find again
 * (scholar.ts), so a formula comes back character for character. Client-safe, no parser.
 */
export const BIBTEX_MATH = /(?<!\\)\$\$(?:[^$\\]|\\[\s\S]){1,4000}?\$\$|(?<!\\)\$(?:[^$\\\n]|\\[\s\S]|\n(?![ \t]*(?:\n|@))){1,2000}?\$/g;
