/**
 * The part of citeproc-js (npm `citeproc`, which ships no types) that lib/citations/formats.ts uses: an
 * engine per style, fed CSL-JSON items, asked for a bibliography in a given output format.
 */
declare module 'citeproc' {
  /** A CSL-JSON name (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html#name-fields). */
  export interface CslName {
    family?: string;
    given?: string;
    'non-dropping-particle'?: string;
    suffix?: string;
    literal?: string;
  }

  /** A CSL-JSON item, as far as a paper fills it. */
  export interface CslItem {
    id: string;
    type: string;
    title?: string;
    author?: CslName[];
    issued?: { 'date-parts': number[][] };
    'container-title'?: string;
    genre?: string;
    number?: string;
    publisher?: string;
    volume?: string;
    issue?: string;
    page?: string;
    editor?: CslName[];
    edition?: string;
    ISBN?: string;
    /** The event's name: CSL 1.0.1's `event` (CSL 1.0.2's `event-title`, which citeproc-js 2.4 does not know). */
    event?: string;
    'event-place'?: string;
    'event-date'?: { 'date-parts': number[][] };
    DOI?: string;
    URL?: string;
  }

  export interface CslSys {
    retrieveLocale(lang: string): string;
    retrieveItem(id: string): CslItem;
  }

  /** An output format: escaping and the strings or functions that wrap each decoration. */
  export type OutputFormat = Record<string, unknown>;

  export class Engine {
    constructor(sys: CslSys, style: string, lang?: string, forceLang?: boolean);
    updateItems(ids: string[]): void;
    setOutputFormat(format: string): void;
    /** [parameters, entries], or false when the style has no bibliography. */
    makeBibliography(): [Record<string, unknown>, string[]] | false;
  }

  const CSL: {
    Engine: typeof Engine;
    Output: { Formats: Record<string, OutputFormat> };
  };
  export default CSL;
}
