import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import type { Paragraph, PhrasingContent, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

/**
 * What the sources write, as the site's simple markup. Crossref abstracts are JATS XML
 * (<jats:p>, <jats:italic>, <jats:inline-formula><jats:tex-math>…), titles may carry HTML (<i>, <sub>),
 * DataCite descriptions are plain text, arXiv summaries plain text with TeX. Output: paragraphs separated
 * by a blank line, *italic*, **bold**, formulas as $…$, and no tag at all, every text escaped for the
 * markup (what the source wrote as text is shown as text, never read as markup). Pure, no I/O, client-safe.
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
        // A reference to a character that is no text (CONTROL) decodes to nothing.
        decoded += String.fromCodePoint(codePoint).replace(CONTROL, '');
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
// Formulas: a formula the source marks (<tex-math>, MathML's alttext, and in TeX-flavoured text such as
// arXiv's a $…$) is kept as TeX; nothing else is. A $…$ of the text is kept aside before the tags are read
// and stands in the text as a placeholder of private-use characters, so no later step (tag reading,
// whitespace) touches it: in JATS, where it is no formula, it comes back as the text it was ('$a<b$' has
// a less-than sign, not a tag).

const OPEN_MARK = '\uE000';
const CLOSE_MARK = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;
/** A $…$ or $$…$$ written in text; among tags, one with a '>' in it may span them, so it is left to the tag reader. */
const TEXT_FORMULA = /\$\$[^$]{1,2000}\$\$|\$[^$]{1,2000}\$/g;
const TEXT_FORMULA_AMONG_TAGS = /\$\$[^$>]{1,2000}\$\$|\$[^$>]{1,2000}\$/g;
/** A complete tag somewhere: without one, the input is plain text and a '<' in it is a less-than sign. */
const HAS_TAG = /<\/?[A-Za-z][\w:.-]*(?:\s[^<>]*)?\/?>/;
/**
 * Characters that are no text: controls, the placeholders' marks, and Unicode's noncharacters (U+FDD0–U+FDEF and
 * the last two of each plane), which the markup reader turns into U+FFFD where the writer had to spell one as a
 * character reference, after an emphasis for one.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uE000\uE001]|\p{Noncharacter_Code_Point}/gu;

class Formulas {
  /** What each placeholder stands for: a formula's TeX, or text. */
  private readonly list: ({ tex: string } | { text: string })[] = [];

  constructor(private readonly texInText: boolean) {}

  /** The TeX inside `tex`'s delimiters, on one line; '' when there is no formula in it. */
  inner(tex: string): string {
    return oneLineTex(stripDelimiters(this.restore(tex)));
  }

  /** Placeholders back to what they stand for, formulas as `$…$`. */
  restore(text: string): string {
    return text.replace(PLACEHOLDER, (whole, index: string) => {
      const entry = this.list[Number(index)];
      if (!entry) return '';
      return 'text' in entry ? entry.text : `$${entry.tex}$`;
    });
  }

  /** Placeholders of text back to their text; those of formulas kept. */
  restoreText(text: string): string {
    return text.replace(PLACEHOLDER, (whole, index: string) => {
      const entry = this.list[Number(index)];
      return entry && 'text' in entry ? entry.text : whole;
    });
  }

  /** The TeX of a formula's placeholder, by its number. */
  tex(index: number): string {
    const entry = this.list[index];
    return entry && 'tex' in entry ? entry.tex : '';
  }

  /** Every $…$ of a text swapped for a placeholder, entities in it decoded. */
  protect(text: string): string {
    return text.replace(HAS_TAG.test(text) ? TEXT_FORMULA_AMONG_TAGS : TEXT_FORMULA, (written) => {
      const decoded = decodeEntities(written);
      const entry = this.texInText ? { tex: this.inner(decoded) } : { text: decoded };
      if ('tex' in entry && !entry.tex) return '';
      this.list.push(entry);
      return `${OPEN_MARK}${this.list.length - 1}${CLOSE_MARK}`;
    });
  }
}

/**
 * TeX on one line, fit to stand between the markup's dollar signs: comments ('%' to the end of the line)
 * dropped, since joined into one line they would swallow what follows; a dollar sign, escaped or stray (no
 * formula can hold one), written {\char36}, the same character; whitespace runs as one space.
 */
function oneLineTex(tex: string): string {
  let out = '';
  for (let index = 0; index < tex.length; index += 1) {
    const char = tex[index]!;
    if (char === '%') {
      const end = tex.indexOf('\n', index);
      if (end < 0) break;
      index = end;
      out += ' ';
    } else if (char === '$' || (char === '\\' && tex[index + 1] === '$')) {
      out += '{\\char36}';
      if (char === '\\') index += 1;
    } else if (char === '\\' && index + 1 < tex.length) {
      out += char + tex[index + 1];
      index += 1;
    } else {
      out += char;
    }
  }
  return out.replace(/\s+/g, ' ').trim();
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
// Markup: the converted abstract is a syntax tree (mdast) of paragraphs, text, emphasis, strong and inline
// formulas, written out by remark-stringify with the renderer's own extensions (lib/markup/site-html.ts:
// GFM and math). The writer escapes each text for where it lands ('2\*3\*4', '\# of samples', '1\. First',
// 'costs \$5'), so the page shows the source's text as written and only the markup the source had.

/** The site's markup writer: the same syntax extensions as the renderer reads, so it escapes what they would read. */
const markupWriter = unified().use(remarkStringify, { emphasis: '*', strong: '*' }).use([remarkGfm, remarkMath]).freeze();

/** A piece of a paragraph being read: text not yet joined, or a finished node. */
type Piece = string | PhrasingContent;

/** Runs of whitespace as one space, in NFC. */
function tidyText(text: string): string {
  return text.replace(/\s+/g, ' ').normalize('NFC');
}

/** Pieces as phrasing nodes: neighbouring text joined, whitespace collapsed, placeholders as formulas. */
function phrasing(pieces: readonly Piece[], formulas: Formulas): PhrasingContent[] {
  const nodes: PhrasingContent[] = [];
  let text = '';
  const add = (node: PhrasingContent) => {
    const last = nodes.at(-1);
    // Two formulas side by side are one: '$a$$b$' would not read as two.
    if (last?.type === 'inlineMath' && node.type === 'inlineMath') last.value += ` ${node.value}`;
    else nodes.push(node);
  };
  const flush = () => {
    const parts = tidyText(formulas.restoreText(text)).split(/\uE000(\d+)\uE001/);
    text = '';
    parts.forEach((part, index) => {
      if (index % 2 === 0) {
        if (!part) return;
        const last = nodes.at(-1);
        if (last?.type === 'text') last.value += part;
        else nodes.push({ type: 'text', value: part });
      } else {
        const tex = formulas.tex(Number(part));
        if (tex) add({ type: 'inlineMath', value: tex });
      }
    });
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') text += piece;
    else {
      flush();
      add(piece);
    }
  }
  flush();
  return nodes;
}

/** The text of phrasing nodes, formulas as their TeX. */
function textOf(nodes: readonly PhrasingContent[]): string {
  return nodes.map((node) => ('value' in node ? node.value : 'children' in node ? textOf(node.children) : '')).join('');
}

/** Phrasing nodes with the whitespace at either end removed (and text nodes left empty dropped). */
function trimmed(nodes: PhrasingContent[]): PhrasingContent[] {
  const first = nodes[0];
  if (first?.type === 'text') first.value = first.value.trimStart();
  const last = nodes.at(-1);
  if (last?.type === 'text') last.value = last.value.trimEnd();
  return nodes.filter((node) => node.type !== 'text' || node.value !== '');
}

// ------------------------------------------------------------------------------------------------
// Reading: one pass over the events, one action per open element, undone when it closes.

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

type EmphasisKind = 'emphasis' | 'strong';

type Action =
  | { kind: 'none' }
  | { kind: 'hidden' }
  | { kind: 'block'; title: boolean }
  /** `slot` is where the emphasis's pieces start; null inside an emphasis of the same kind. */
  | { kind: 'emphasis'; type: EmphasisKind; slot: number | null; paragraph: number }
  | { kind: 'tex' }
  | { kind: 'alternatives'; used: boolean };

interface ReadOptions {
  /** Paragraphs and emphasis (abstracts); without, one line of text (titles). */
  markup: boolean;
}

/** The input read into paragraphs of pieces (titles: text only, formulas as `$…$` or placeholders). */
function read(input: string, formulas: Formulas, options: ReadOptions): Piece[][] {
  const text = formulas.protect(input.slice(0, MARKUP_INPUT_LIMIT).replace(CONTROL, ''));
  const paragraphs: Piece[][] = [];
  let pieces: Piece[] = [];
  /** Grows with every paragraph ended, so an emphasis cut by a paragraph is known. */
  let paragraphCount = 0;
  let hidden = 0;
  let texDepth = 0;
  let texBuffer = '';
  const actions: Action[] = [];
  /** The <alternatives> elements open, innermost last: kept apart so finding one never walks the whole stack. */
  const openAlternatives: Extract<Action, { kind: 'alternatives' }>[] = [];
  const emphasisDepth: Record<EmphasisKind, number> = { emphasis: 0, strong: 0 };

  const endParagraph = () => {
    paragraphCount += 1;
    let current: Piece[] = [];
    const push = () => {
      if (current.some((piece) => typeof piece !== 'string' || piece.trim() !== '')) paragraphs.push(current);
    };
    for (const piece of pieces) {
      if (typeof piece !== 'string') {
        current.push(piece);
        continue;
      }
      // Plain text (DataCite, arXiv) separates its paragraphs by blank lines.
      const [first = '', ...rest] = piece.split(/\n\s*\n/);
      current.push(first);
      for (const part of rest) {
        push();
        current = [part];
      }
    }
    push();
    pieces = [];
  };
  const addFormula = (tex: string) => {
    const inner = formulas.inner(tex);
    if (inner) pieces.push(options.markup ? { type: 'inlineMath', value: inner.normalize('NFC') } : `$${inner}$`);
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
        addFormula(alttext);
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
      const type: EmphasisKind = ITALIC.has(local) ? 'emphasis' : 'strong';
      emphasisDepth[type] += 1;
      return { kind: 'emphasis', type, slot: emphasisDepth[type] > 1 ? null : pieces.length, paragraph: paragraphCount };
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
        addFormula(texBuffer);
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
        if (action.title && before === 0 && paragraphs.length === 1 && ABSTRACT_TITLE.test(textOf(phrasing(paragraphs[0]!, formulas)).trim())) paragraphs.pop();
        return;
      }
      case 'emphasis': {
        emphasisDepth[action.type] -= 1;
        if (action.slot === null || action.paragraph !== paragraphCount || action.slot > pieces.length) return;
        const inside = pieces.splice(action.slot);
        const children = phrasing(inside, formulas);
        const content = trimmed(children.map((node) => ({ ...node })));
        if (content.length === 0) {
          pieces.push(...inside);
          return;
        }
        // Spaces go outside the emphasis: '*word *' is no emphasis in Markdown.
        const first = children[0];
        const last = children.at(-1);
        const lead = first?.type === 'text' && first.value.startsWith(' ') ? ' ' : '';
        const trail = last?.type === 'text' && last.value.endsWith(' ') ? ' ' : '';
        pieces.push(lead, { type: action.type, children: content }, trail);
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
    // In XML a line break is whitespace like any other: paragraphs come from the elements (and <break/>).
    const xmlText = (chunk: string) => handleText(texDepth > 0 ? chunk : chunk.replace(/\s+/g, ' '));
    readXml(text, {
      open: (name, attributes) => {
        const action = openAction(name, attributes);
        actions.push(action);
        if (action.kind === 'hidden') hidden += 1;
        if (action.kind === 'tex') texDepth += 1;
      },
      text: xmlText,
      close: () => {
        const action = actions.pop() ?? { kind: 'none' };
        if (action.kind === 'hidden') hidden -= 1;
        if (action.kind === 'tex') texDepth -= 1;
        closeAction(action);
      },
    });
  }
  endParagraph();
  return paragraphs;
}

/** Paragraphs as the site's markup, through its writer. */
function writeMarkup(input: string, texInText: boolean): string {
  const formulas = new Formulas(texInText);
  const children: Paragraph[] = read(input, formulas, { markup: true })
    .map((pieces) => trimmed(phrasing(pieces, formulas)))
    .filter((nodes) => nodes.length > 0)
    .map((nodes) => ({ type: 'paragraph', children: nodes }));
  if (children.length === 0) return '';
  const root: Root = { type: 'root', children };
  return markupWriter.stringify(root).trimEnd();
}

/**
 * An abstract in JATS or HTML (Crossref, and DataCite's descriptions) as the site's simple markup:
 * paragraphs, *italic*, **bold**, formulas as $…$ only where the source marks them (<tex-math>, MathML's
 * alttext; MathML without one as its text), every other tag dropped with its text kept, the content of
 * <script> and the like dropped. Every text is escaped for the markup, so '2*3*4', '# of samples' and
 * 'Price is $5 and $10' show as written.
 */
export function jatsToMarkup(xmlOrText: string): string {
  return writeMarkup(xmlOrText, false);
}

/**
 * Text whose $…$ are TeX (arXiv's abstracts, and DataCite's copies of them) as the site's simple markup:
 * as jatsToMarkup, and each $…$ (or $$…$$) a formula. Paragraphs are separated by a blank line.
 */
export function texTextToMarkup(text: string): string {
  return writeMarkup(text, true);
}

/** A title (or a name) as plain text: tags stripped with their text kept (<i>, <sub>, <sup>), $…$ kept, whitespace collapsed, NFC. */
export function cleanTitle(text: string): string {
  const formulas = new Formulas(true);
  const line = read(text, formulas, { markup: false })
    .flat()
    .map((piece) => (typeof piece === 'string' ? piece : ''))
    .join('');
  return formulas.restore(line.replace(/\s+/g, ' ').trim()).normalize('NFC');
}
