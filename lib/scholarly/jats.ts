import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/**
 * What the sources write, as the site's simple markup (issue 34). Crossref abstracts are JATS XML
 * (<jats:p>, <jats:italic>, <jats:inline-formula><jats:tex-math>…), titles may carry HTML (<i>, <sub>),
 * DataCite descriptions and arXiv summaries are plain text with TeX. Output: paragraphs separated by a
 * blank line, *italic*, **bold**, formulas as $…$, and no tag at all. Pure, no I/O, client-safe.
 *
 * Reading is htmlparser2's tokenizer (forgiving: any tag soup gives events), not its Parser: the Parser
 * keeps open tags in an array it shifts and searches from the front, so deeply nested input costs time
 * growing with the square of its length (a megabyte of '<a>' takes it about 20 seconds). readXml keeps
 * its own stack and looks at most STRAY_CLOSE_SEARCH entries down it, so every input is read in linear time.
 */

/** Longer input is cut before reading: an abstract is at most 20,000 characters, with tags and MathML far fewer than this. */
export const MARKUP_INPUT_LIMIT = 200_000;
/** How far down the open tags a closing tag with another name is looked for; past that it is ignored. */
const STRAY_CLOSE_SEARCH = 64;

export interface XmlEvents {
  /** `name` is lower-cased and keeps its prefix ('jats:p'); attribute names too, values decoded. */
  open?(name: string, attributes: ReadonlyMap<string, string>): void;
  text?(text: string): void;
  /** Called once for every open, innermost first; tags left open are closed at the end. */
  close?(name: string): void;
}

/** 'jats:italic' → 'italic', 'mml:math' → 'math'. */
export function localName(name: string): string {
  return name.slice(name.lastIndexOf(':') + 1);
}

const NOOP = () => {};

/**
 * HTML's named and numeric character references decoded (&amp;, &eacute;, &#x3b1;), through htmlparser2's
 * own decoder: the text is given to an HTML-mode tokenizer with every '<' escaped, so it reads nothing
 * but text and references. XML's five are a subset, so this serves XML text too.
 */
export function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  const source = raw.replaceAll('<', '&lt;');
  let decoded = '';
  const tokenizer = new Tokenizer(
    { xmlMode: false, decodeEntities: true },
    {
      ...silentCallbacks(),
      ontext: (start, end) => {
        decoded += source.slice(start, end);
      },
      ontextentity: (codePoint) => {
        decoded += String.fromCodePoint(codePoint);
      },
    },
  );
  tokenizer.write(source);
  tokenizer.end();
  return decoded;
}

function silentCallbacks(): TokenizerCallbacks {
  return {
    onattribdata: NOOP,
    onattribentity: NOOP,
    onattribend: NOOP,
    onattribname: NOOP,
    oncdata: NOOP,
    onclosetag: NOOP,
    oncomment: NOOP,
    ondeclaration: NOOP,
    onend: NOOP,
    onopentagend: NOOP,
    onopentagname: NOOP,
    onprocessinginstruction: NOOP,
    onselfclosingtag: NOOP,
    ontext: NOOP,
    ontextentity: NOOP,
  };
}

/**
 * Reads XML (or any tag soup) in one pass and reports balanced open/close events. Returns whether the
 * input was well formed as far as tags go: every tag closed, in order. Entities are decoded with HTML's
 * table; CDATA is text as written. Comments, declarations and processing instructions are skipped.
 */
export function readXml(input: string, events: XmlEvents): { wellFormed: boolean } {
  const stack: string[] = [];
  let wellFormed = true;
  let pendingText = '';
  let tagName = '';
  let attributeName = '';
  let attributeValue = '';
  let attributes = new Map<string, string>();

  const flush = () => {
    if (!pendingText) return;
    const text = decodeEntities(pendingText);
    pendingText = '';
    events.text?.(text);
  };
  const closeTop = () => {
    const name = stack.pop();
    if (name !== undefined) events.close?.(name);
  };

  const tokenizer = new Tokenizer(
    { xmlMode: true, decodeEntities: false },
    {
      ...silentCallbacks(),
      ontext: (start, end) => {
        pendingText += input.slice(start, end);
      },
      oncdata: (start, end, offset) => {
        flush();
        events.text?.(input.slice(start, end - offset));
      },
      oncomment: flush,
      ondeclaration: flush,
      onprocessinginstruction: flush,
      onopentagname: (start, end) => {
        flush();
        tagName = input.slice(start, end).toLowerCase();
        attributes = new Map();
      },
      onattribname: (start, end) => {
        attributeName = input.slice(start, end).toLowerCase();
        attributeValue = '';
      },
      onattribdata: (start, end) => {
        attributeValue += input.slice(start, end);
      },
      onattribend: () => {
        if (!attributes.has(attributeName)) attributes.set(attributeName, decodeEntities(attributeValue));
      },
      onopentagend: () => {
        stack.push(tagName);
        events.open?.(tagName, attributes);
      },
      onselfclosingtag: () => {
        events.open?.(tagName, attributes);
        events.close?.(tagName);
      },
      onclosetag: (start, end) => {
        flush();
        const name = input.slice(start, end).toLowerCase();
        if (stack[stack.length - 1] === name) {
          closeTop();
          return;
        }
        wellFormed = false;
        const floor = Math.max(0, stack.length - STRAY_CLOSE_SEARCH);
        for (let index = stack.length - 2; index >= floor; index -= 1) {
          if (stack[index] !== name) continue;
          while (stack.length > index) closeTop();
          return;
        }
      },
      onend: () => {
        flush();
        if (stack.length > 0) wellFormed = false;
        while (stack.length > 0) closeTop();
      },
    },
  );
  tokenizer.write(input);
  tokenizer.end();
  return { wellFormed };
}

// ------------------------------------------------------------------------------------------------
// Formulas: every formula found ($…$ in text, <tex-math>, MathML's alttext) is kept aside and stands in
// the text as a placeholder of private-use characters, so no later step (tag reading, whitespace,
// emphasis, the last sweep for tag-like text) can touch what is inside it.

const OPEN_MARK = '\uE000';
const CLOSE_MARK = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;
/** A $…$ formula written in text; one with a '>' in it may span tags, so it is left to the tag reader. */
const TEXT_FORMULA = /\$[^$>]{1,2000}\$/g;
/** A complete tag somewhere: without one, the input is plain text and a '<' in it is a less-than sign. */
const HAS_TAG = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/;
/** What would read as a tag in text decoded from entities ('&lt;b&gt;'): dropped, so no HTML is left. */
const TAG_LIKE = /<\/?[A-Za-z!?][^<>]*>/g;
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uE000\uE001]/g;

class Formulas {
  private readonly list: string[] = [];

  /** A placeholder for `$tex$`, or '' when there is no formula in it. */
  add(tex: string): string {
    const inner = stripDelimiters(this.restore(tex)).replace(/\s+/g, ' ').trim();
    if (!inner) return '';
    this.list.push(`$${inner}$`);
    return `${OPEN_MARK}${this.list.length - 1}${CLOSE_MARK}`;
  }

  /** Placeholders back to their formulas. */
  restore(text: string): string {
    return text.replace(PLACEHOLDER, (whole, index: string) => this.list[Number(index)] ?? '');
  }

  /** Every $…$ of a text swapped for a placeholder, entities in it decoded. */
  protect(text: string): string {
    return text.replace(TEXT_FORMULA, (formula) => this.add(decodeEntities(formula)));
  }
}

/**
 * TeX without its delimiters: $…$, $$…$$, \(…\), \[…\], and a whole LaTeX document as some publishers
 * deposit it (\documentclass…\begin{document}$x$\end{document}) reduced to its body.
 */
function stripDelimiters(tex: string): string {
  let inner = tex.trim();
  const body = /\\begin\{document\}([\s\S]*?)\\end\{document\}/.exec(inner);
  if (body?.[1] !== undefined) inner = body[1].trim();
  const delimited = /^\$\$([\s\S]*)\$\$$/.exec(inner) ?? /^\$([\s\S]*)\$$/.exec(inner) ?? /^\\\(([\s\S]*)\\\)$/.exec(inner) ?? /^\\\[([\s\S]*)\\\]$/.exec(inner);
  return delimited?.[1] ?? inner;
}

// ------------------------------------------------------------------------------------------------
// Rendering: one pass over the events, one action per open element, undone when it closes.

/** Content never shown: scripts and the like. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'head']);
/** Elements that make paragraphs. */
const BLOCKS = new Set([
  'p', 'div', 'sec', 'abstract', 'trans-abstract', 'list', 'list-item', 'ul', 'ol', 'li', 'def-list', 'def-item',
  'disp-quote', 'blockquote', 'fig', 'caption', 'table-wrap', 'boxed-text', 'title', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'tr', 'statement', 'disp-formula-group',
]);
const ITALIC = new Set(['italic', 'i', 'em']);
const BOLD = new Set(['bold', 'b', 'strong']);
const LINE_BREAKS = new Set(['br', 'break']);
/** A leading section title that only says what the whole is. */
const ABSTRACT_TITLE = /^(?:abstract|summary)\s*[.:]?$/i;

type Marker = '*' | '**';

type Action =
  | { kind: 'none' }
  | { kind: 'hidden' }
  | { kind: 'block'; title: boolean }
  /** `slot` is where the opening marker goes; null inside an emphasis of the same kind. */
  | { kind: 'emphasis'; marker: Marker; slot: number | null; paragraph: number }
  | { kind: 'tex' }
  | { kind: 'alternatives'; used: boolean };

interface RenderOptions {
  /** Paragraphs and emphasis (abstracts); without, one line of text (titles). */
  markup: boolean;
}

function render(input: string, options: RenderOptions): string {
  const formulas = new Formulas();
  const text = formulas.protect(input.slice(0, MARKUP_INPUT_LIMIT).replace(CONTROL, ''));
  const paragraphs: string[] = [];
  let pieces: string[] = [];
  /** Grows with every paragraph ended, so an emphasis cut by a paragraph is known. */
  let paragraphCount = 0;
  let hidden = 0;
  let texDepth = 0;
  let texBuffer = '';
  const actions: Action[] = [];
  /** The <alternatives> elements open, innermost last: kept apart so finding one never walks the whole stack. */
  const openAlternatives: Extract<Action, { kind: 'alternatives' }>[] = [];
  const emphasisDepth: Record<Marker, number> = { '*': 0, '**': 0 };

  const endParagraph = () => {
    const joined = pieces.join('');
    pieces = [];
    paragraphCount += 1;
    for (const part of joined.split(/\n\s*\n/)) {
      const paragraph = part.replace(TAG_LIKE, '').replace(/\s+/g, ' ').trim();
      if (paragraph) paragraphs.push(paragraph);
    }
  };
  /** In <alternatives>, only the first way of writing the formula is kept. */
  const alternativeTaken = () => {
    const alternatives = openAlternatives[openAlternatives.length - 1];
    if (!alternatives) return false;
    if (alternatives.used) return true;
    alternatives.used = true;
    return false;
  };

  const openAction = (name: string, attributes: ReadonlyMap<string, string>): Action => {
    const local = localName(name);
    if (hidden > 0 || HIDDEN.has(local)) return { kind: 'hidden' };
    if (texDepth > 0) return { kind: 'none' };
    if (local === 'alternatives') {
      const open: Extract<Action, { kind: 'alternatives' }> = { kind: 'alternatives', used: false };
      openAlternatives.push(open);
      return open;
    }
    if (local === 'tex-math') {
      if (alternativeTaken()) return { kind: 'hidden' };
      texBuffer = '';
      return { kind: 'tex' };
    }
    if (local === 'math') {
      if (alternativeTaken()) return { kind: 'hidden' };
      const alttext = attributes.get('alttext')?.trim();
      if (alttext) {
        pieces.push(formulas.add(alttext));
        return { kind: 'hidden' };
      }
      return { kind: 'none' };
    }
    if (local === 'graphic' || local === 'inline-graphic') return alternativeTaken() ? { kind: 'hidden' } : { kind: 'none' };
    if (LINE_BREAKS.has(local)) {
      pieces.push(options.markup ? '\n' : ' ');
      return { kind: 'none' };
    }
    if (BLOCKS.has(local)) {
      if (options.markup) endParagraph();
      else pieces.push(' ');
      return { kind: 'block', title: local === 'title' };
    }
    if (options.markup && (ITALIC.has(local) || BOLD.has(local))) {
      const marker: Marker = ITALIC.has(local) ? '*' : '**';
      emphasisDepth[marker] += 1;
      if (emphasisDepth[marker] > 1) return { kind: 'emphasis', marker, slot: null, paragraph: paragraphCount };
      pieces.push('');
      return { kind: 'emphasis', marker, slot: pieces.length - 1, paragraph: paragraphCount };
    }
    return { kind: 'none' };
  };

  const closeAction = (action: Action) => {
    switch (action.kind) {
      case 'hidden':
      case 'none':
        return;
      case 'alternatives':
        openAlternatives.pop();
        return;
      case 'tex':
        pieces.push(formulas.add(texBuffer));
        texBuffer = '';
        return;
      case 'block': {
        if (!options.markup) {
          pieces.push(' ');
          return;
        }
        const before = paragraphs.length;
        endParagraph();
        // A leading "Abstract" heading says nothing the page does not.
        if (action.title && before === 0 && paragraphs.length === 1 && ABSTRACT_TITLE.test(paragraphs[0]!)) paragraphs.pop();
        return;
      }
      case 'emphasis': {
        emphasisDepth[action.marker] -= 1;
        if (action.slot === null || action.paragraph !== paragraphCount || action.slot >= pieces.length) return;
        const content = pieces.slice(action.slot + 1).join('');
        pieces.length = action.slot;
        const trimmed = content.trim();
        if (!trimmed) {
          pieces.push(content);
          return;
        }
        // Spaces go outside the markers: '*word *' is no emphasis in Markdown.
        const lead = content.slice(0, content.length - content.trimStart().length);
        const trail = content.slice(content.trimEnd().length);
        pieces.push(`${lead}${action.marker}${trimmed}${action.marker}${trail}`);
        return;
      }
    }
  };

  const handleText = (chunk: string) => {
    if (hidden > 0) return;
    if (texDepth > 0) texBuffer += chunk;
    else pieces.push(chunk);
  };

  if (!HAS_TAG.test(text)) {
    handleText(decodeEntities(text));
  } else {
    readXml(text, {
      open: (name, attributes) => {
        const action = openAction(name, attributes);
        actions.push(action);
        if (action.kind === 'hidden') hidden += 1;
        if (action.kind === 'tex') texDepth += 1;
      },
      text: handleText,
      close: () => {
        const action = actions.pop() ?? { kind: 'none' };
        if (action.kind === 'hidden') hidden -= 1;
        if (action.kind === 'tex') texDepth -= 1;
        closeAction(action);
      },
    });
  }
  endParagraph();
  const joined = options.markup ? paragraphs.join('\n\n') : paragraphs.join(' ');
  return formulas.restore(joined).normalize('NFC');
}

/**
 * An abstract or description (JATS, HTML or plain text) as the site's simple markup: paragraphs separated
 * by a blank line, *italic*, **bold**, formulas as $…$ (tex-math kept, MathML as its alttext or else its
 * text), every other tag dropped with its text kept, the content of <script> and the like dropped.
 */
export function jatsToMarkup(xmlOrText: string): string {
  return render(xmlOrText, { markup: true });
}

/** A title (or a name) as plain text: tags stripped with their text kept (<i>, <sub>, <sup>), $…$ kept, whitespace collapsed, NFC. */
export function cleanTitle(text: string): string {
  return render(text, { markup: false });
}
