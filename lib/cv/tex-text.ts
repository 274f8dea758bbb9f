/**
 * Mathematics as plain Unicode text, for places that cannot typeset it: the PDF CV (lib/cv/pdf.tsx) draws
 * text with a font, not KaTeX. `$\zeta(s)$` reads 'ζ(s)', `$L^2$` 'L²', `$\frac{a+b}{2}$` '(a+b)/2'.
 * Client-safe, no parser library: the symbol table is unicodeit's, looked up one whole command name at a
 * time (its own replace() substitutes substrings, so `\index` would read '∈dex' and `\left` '≤ft', and it
 * scatters a subscript group into `xₙ_≤_ _N`). Work is linear in the input: every formula is read once, and
 * nesting deeper than MAX_DEPTH is copied as written instead of being read further.
 */
import { combiningmarks, replacements, subsuperscripts } from 'unicodeit/ts_dist/js/data';

/** TeX's atom classes, which decide the spaces around a symbol: 'a+b=c' reads 'a + b = c', 'x_{a+b}' not. */
type AtomClass = 'ord' | 'op' | 'bin' | 'rel' | 'open' | 'close' | 'punct' | 'space';

interface Atom {
  text: string;
  cls: AtomClass;
}

interface Context {
  depth: number;
  /** Text mode (`\text{…}`): spaces are kept and no symbol gets spaces of its own. */
  text: boolean;
  /** Inside a sub/superscript or a fraction: no spaces around operators, as TeX's script style. */
  script: boolean;
}

/** Deeper groups and arguments are copied as written: hostile input (`^{^{^{…`) stays linear and never overflows the stack. */
const MAX_DEPTH = 24;

/** `\name` → its character, from unicodeit's table (only whole names; the font-variant forms are kept apart). */
const SYMBOLS = new Map<string, string>();
/** `\mathbb{R}` → 'ℝ' and the like, keyed by the whole form. */
const VARIANTS = new Map<string, string>();
for (const [key, value] of replacements) {
  if (key === undefined || value === undefined) continue;
  if (/^\\[A-Za-z]+$/.test(key)) SYMBOLS.set(key.slice(1), value);
  else if (/^\\math[a-z]+\{[^{}\\]\}$/.test(key)) VARIANTS.set(key, value);
}
// Where unicodeit's choice is not what TeX draws, or falls outside the CV's fonts (〈 is a CJK bracket).
const SYMBOL_OVERRIDES: Record<string, string> = {
  langle: '⟨',
  rangle: '⟩',
  lbrack: '[',
  rbrack: ']',
  lbrace: '{',
  rbrace: '}',
  star: '⋆',
  ast: '∗',
  dag: '†',
  ddag: '‡',
  lvert: '|',
  rvert: '|',
  vert: '|',
  lVert: '‖',
  rVert: '‖',
  Vert: '‖',
  mid: '∣',
  gt: '>',
  lt: '<',
  Box: '□',
  textbackslash: '\\',
  backslash: '\\',
  colon: ':',
  dots: '…',
  dotsc: '…',
  dotso: '…',
  dotsb: '⋯',
  dotsm: '⋯',
  dotsi: '⋯',
  cdots: '⋯',
};
for (const [name, value] of Object.entries(SYMBOL_OVERRIDES)) SYMBOLS.set(name, value);

/** Accent commands → the combining mark drawn over (or under) each character. */
const ACCENTS = new Map<string, string>();
for (const [key, value] of combiningmarks) if (key && value && /^\\[A-Za-z]+$/.test(key)) ACCENTS.set(key.slice(1), value);
for (const [name, mark] of Object.entries({ check: '\u030C', widehat: '\u0302', widetilde: '\u0303', mathring: '\u030A', overrightarrow: '\u20D7', dddot: '\u20DB' })) {
  ACCENTS.set(name, mark);
}
ACCENTS.delete('slash');
ACCENTS.delete('strikethrough');

/**
 * Unicode's sub- and superscript characters, from unicodeit's table less its oddities: '^V' is a Hangul
 * letter there, '^.' a Canadian syllabic, the arrowheads stand in for < and >, '^*' and '^∫' are no scripts.
 */
const SUB = new Map<string, string>();
const SUP = new Map<string, string>();
for (const [key, value] of subsuperscripts) {
  if (!key || !value || [...key].length !== 2 || [...value].length !== 1) continue;
  const [kind, char] = [key[0], key.slice(1)];
  if ('<>.*∫'.includes(char) || char === value) continue;
  (kind === '_' ? SUB : SUP).set(char, value);
}
SUP.set('V', 'ⱽ');

/** Operator names TeX sets upright with a space after them: `\log x` reads 'log x'. */
const FUNCTION_NAMES = new Set(
  'arccos arcsin arctan arg cos cosh cot coth csc deg det dim exp gcd hom inf ker lg lim liminf limsup ln log max min Pr sec sin sinh sup tan tanh'.split(' '),
);
/** Argument printed as it is: the style is the font's business, which a CV line does not change. */
const STYLE_COMMANDS = new Set('mathrm mathit mathbf mathsf mathtt mathnormal mathup boldsymbol bm pmb boxed fbox underbrace overbrace cancel smash mathclap mathllap mathrlap displaylimits'.split(' '));
/** Text mode: spaces in the argument are kept. */
const TEXT_COMMANDS = new Set('text textrm textup textnormal textit textbf textsf texttt textsl emph mbox hbox'.split(' '));
/** Letter alphabets with Unicode forms of their own (ℝ, ℒ, 𝔭); the name of the table they are looked up in. */
const ALPHABETS: Record<string, string> = { mathbb: 'mathbb', Bbb: 'mathbb', mathds: 'mathbb', mathcal: 'mathcal', mathscr: 'mathcal', mathfrak: 'mathfrak' };
/** Commands with no visible output of their own. */
const IGNORED = new Set('displaystyle textstyle scriptstyle scriptscriptstyle limits nolimits nonumber notag strut mathstrut relax left right middle big Big bigg Bigg bigl Bigl biggl Biggl bigr Bigr biggr Biggr bigm Bigm biggm Biggm negthinspace negmedspace negthickspace'.split(' '));
/** Commands whose one argument is dropped (a colour, a label, an invisible box). */
const DROP_ARGUMENT = new Set('color label tag phantom vphantom hphantom'.split(' '));
const SPACES = new Set('quad qquad enspace thinspace medspace thickspace enskip'.split(' '));

const BIN = new Set('+−*±∓×÷⋅·∘∗⋆∪∩∧∨∖⊕⊖⊗⊘⊙⊎⊓⊔⊲⊳◃▹◁▷≀†‡⨿⊠⊞⊟⊡⋉⋊⋋⋌⋎⋏⋒⋓⋄•');
const OP = new Set('∑∏∐∫∬∭∮∯∰⋀⋁⋂⋃⨀⨁⨂⨄⨆⨉');
const REL = new Set('=<>:≤≥≠≈∼≃≅≡≢≪≫≍∝∈∉∋∌⊂⊃⊆⊇⊊⊋⊄⊅∣∤∥∦⊥⊢⊣⊨⊧≺≻≼≽⪯⪰≲≳⩽⩾≐≔≜≗≑⋘⋙≮≯≰≱≁≄≇≉⊏⊐⊑⊒⌣⌢⋈∽≊');
const OPEN = new Set('([{⟨⌊⌈⟦');
const CLOSE = new Set(')]}⟩⌋⌉⟧!?');
const PUNCT = new Set(',;');

function classOf(char: string): AtomClass {
  if (BIN.has(char)) return 'bin';
  if (OP.has(char)) return 'op';
  if (REL.has(char)) return 'rel';
  if (OPEN.has(char)) return 'open';
  if (CLOSE.has(char)) return 'close';
  if (PUNCT.has(char)) return 'punct';
  const code = char.codePointAt(0) ?? 0;
  // Arrows: relations in TeX.
  if ((code >= 0x2190 && code <= 0x21ff) || (code >= 0x27f0 && code <= 0x27ff) || (code >= 0x2900 && code <= 0x297f)) return 'rel';
  return 'ord';
}

/**
 * Whether TeX puts a space between two atoms (of its thin spaces only those after ',' and around 'log' count
 * here). In scripts and fractions only the spaces around an operator stay, as in TeX: 'x_(n≤N)', '1/(log x)'.
 */
function spaced(previous: AtomClass, next: AtomClass, script: boolean): boolean {
  if (script) return next === 'op' ? previous === 'ord' || previous === 'op' || previous === 'close' : previous === 'op' && next === 'ord';
  switch (previous) {
    case 'ord':
      return next === 'op' || next === 'bin' || next === 'rel';
    case 'op':
      return next === 'ord' || next === 'op' || next === 'rel';
    case 'bin':
      return next === 'ord' || next === 'op' || next === 'open';
    case 'rel':
      return next === 'ord' || next === 'op' || next === 'open';
    case 'close':
      return next === 'op' || next === 'bin' || next === 'rel';
    case 'punct':
      return true;
    default:
      return false;
  }
}

/** A part that reads unambiguously without brackets after '/' or '√': 'a', '12', 'x²', 'ℝ'. */
function isSimple(text: string): boolean {
  return /^[\p{L}\p{N}\p{M}′.]+$/u.test(text);
}

function bracketed(text: string): string {
  return isSimple(text) ? text : `(${text})`;
}

/**
 * A sub- or superscript: Unicode's script characters when every character has one ('n' → 'ₙ', '-1' →
 * '⁻¹'); else marked as written, in brackets when longer than one character ('n≤N' → '_(n≤N)').
 */
function scriptText(kind: '^' | '_', text: string): string {
  if (!text) return '';
  const table = kind === '^' ? SUP : SUB;
  const chars = [...text];
  if (chars.every((char) => table.has(char))) return chars.map((char) => table.get(char)).join('');
  if (kind === '^') {
    if (chars.every((char) => char === '′')) return text;
    if (text === '∘' || text === '○') return '°';
    if (['*', '∗', '⋆', '†', '‡'].includes(text)) return text;
  }
  return chars.length === 1 ? `${kind}${text}` : `${kind}(${text})`;
}

/** Atoms as text: TeX's spaces between classes outside scripts, spaces written by the author kept, one at most. */
function joinAtoms(atoms: readonly Atom[], context: Context): string {
  const visible = atoms.filter((atom) => atom.cls === 'space' || atom.text !== '');
  // The class of the next atom that is not a space, for each position (one pass from the end: linear).
  const nextClass: (AtomClass | null)[] = new Array<AtomClass | null>(visible.length).fill(null);
  for (let index = visible.length - 2; index >= 0; index -= 1) {
    const next = visible[index + 1]!;
    nextClass[index] = next.cls === 'space' ? (nextClass[index + 1] ?? null) : next.cls;
  }
  let out = '';
  let endsWithSpace = false;
  let previous: AtomClass | null = null;
  let pendingSpace = false;
  for (let index = 0; index < visible.length; index += 1) {
    const atom = visible[index]!;
    if (atom.cls === 'space') {
      pendingSpace = true;
      continue;
    }
    let cls = atom.cls;
    if (cls === 'bin') {
      // A sign with nothing before it to combine with is unary ('-1', 'a=-b'); so is one before a relation or the end.
      const next = nextClass[index] ?? null;
      if (previous === null || ['bin', 'op', 'rel', 'open', 'punct'].includes(previous) || next === null || ['rel', 'close', 'punct'].includes(next)) cls = 'ord';
    }
    const space = pendingSpace || (!context.text && previous !== null && spaced(previous, cls, context.script));
    // (Tracked, not read back with endsWith: that would flatten the growing string each time, quadratic.)
    if (space && !endsWithSpace) out += ' ';
    out += atom.text;
    endsWithSpace = atom.text.endsWith(' ');
    previous = cls;
    pendingSpace = false;
  }
  if (pendingSpace && !endsWithSpace) out += ' ';
  return out;
}

function isLetter(char: string | undefined): boolean {
  return char !== undefined && /^[A-Za-z]$/.test(char);
}

function isSpace(char: string | undefined): boolean {
  return char !== undefined && /^\s$/.test(char);
}

/** One formula read once, left to right. */
class FormulaReader {
  private pos = 0;

  constructor(private readonly src: string) {}

  /** The whole formula as text. */
  read(): string {
    const context: Context = { depth: 0, text: false, script: false };
    return joinAtoms(this.list(context, false), context);
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private skipSpaces(): void {
    while (isSpace(this.src[this.pos])) this.pos += 1;
  }

  /** Atoms up to the end of the formula, or up to and past the `}` that closes the current group. */
  private list(context: Context, closing: boolean): Atom[] {
    const atoms: Atom[] = [];
    while (this.pos < this.src.length) {
      const char = this.src[this.pos]!;
      if (char === '}') {
        this.pos += 1;
        if (closing) return atoms;
        atoms.push({ text: '}', cls: 'close' });
        continue;
      }
      if (!context.text && (char === '^' || char === '_')) {
        this.pos += 1;
        const argument = this.argument({ ...context, depth: context.depth + 1, script: true });
        this.attach(atoms, scriptText(char, argument));
        continue;
      }
      if (!context.text && char === "'") {
        this.pos += 1;
        this.attach(atoms, '′');
        continue;
      }
      atoms.push(...this.atom(context));
    }
    return atoms;
  }

  /** A script or a prime goes onto the atom before it (an empty one when there is none). */
  private attach(atoms: Atom[], text: string): void {
    const last = atoms[atoms.length - 1];
    if (last && last.cls !== 'space') last.text += text;
    else atoms.push({ text, cls: 'ord' });
  }

  /** The atoms of one token: a character, a group, a command. */
  private atom(context: Context): Atom[] {
    const char = this.src[this.pos]!;
    if (isSpace(char)) {
      this.skipSpaces();
      return context.text ? [{ text: ' ', cls: 'space' }] : [];
    }
    if (char === '{') {
      this.pos += 1;
      return [{ text: this.group(context), cls: 'ord' }];
    }
    if (char === '\\') return this.command(context);
    const codePoint = String.fromCodePoint(this.src.codePointAt(this.pos)!);
    this.pos += codePoint.length;
    if (char === '~') return [{ text: ' ', cls: 'space' }];
    if (context.text) return [{ text: codePoint, cls: 'ord' }];
    if (char === '&') return [{ text: ' ', cls: 'space' }];
    if (char === '-') return [{ text: '−', cls: 'bin' }];
    return [{ text: codePoint, cls: classOf(codePoint) }];
  }

  /** The rest of a group whose `{` was read, as text; beyond MAX_DEPTH copied as written. */
  private group(context: Context): string {
    if (context.depth >= MAX_DEPTH) return this.rawGroup();
    const inner = { ...context, depth: context.depth + 1 };
    return joinAtoms(this.list(inner, true), inner);
  }

  /** The source up to the `}` matching an opened group (or the end), untouched. */
  private rawGroup(): string {
    const start = this.pos;
    let open = 1;
    while (this.pos < this.src.length) {
      const char = this.src[this.pos]!;
      if (char === '\\') this.pos += 2;
      else {
        this.pos += 1;
        if (char === '{') open += 1;
        else if (char === '}' && (open -= 1) === 0) return this.src.slice(start, this.pos - 1);
      }
    }
    this.pos = Math.min(this.pos, this.src.length);
    return this.src.slice(start);
  }

  /** One argument of a command or script: a group or a single token; '' when there is none. */
  private argument(context: Context): string {
    this.skipSpaces();
    const char = this.peek();
    if (char === undefined || char === '}' || char === '^' || char === '_') return '';
    if (char === '{') {
      this.pos += 1;
      return this.group(context);
    }
    if (context.depth >= MAX_DEPTH) {
      const codePoint = String.fromCodePoint(this.src.codePointAt(this.pos)!);
      this.pos += codePoint.length;
      return codePoint;
    }
    return joinAtoms(this.atom(context), context);
  }

  /** An optional argument `[…]`, as text, or null when there is none. */
  private optional(context: Context): string | null {
    this.skipSpaces();
    if (this.peek() !== '[') return null;
    const start = this.pos + 1;
    let braces = 0;
    let end = start;
    while (end < this.src.length) {
      const char = this.src[end]!;
      if (char === '\\') end += 2;
      else {
        if (char === '{') braces += 1;
        else if (char === '}') braces -= 1;
        else if (char === ']' && braces <= 0) break;
        end += 1;
      }
    }
    end = Math.min(end, this.src.length);
    this.pos = Math.min(end + 1, this.src.length);
    const inner = new FormulaReader(this.src.slice(start, end));
    const innerContext = { ...context, depth: context.depth + 1 };
    return context.depth >= MAX_DEPTH ? inner.src : joinAtoms(inner.list(innerContext, false), innerContext);
  }

  /** The delimiter after `\left`, `\bigl` and the like: one character or symbol command ('.' is none). */
  private delimiter(): string {
    this.skipSpaces();
    const char = this.peek();
    if (char === undefined) return '';
    if (char !== '\\') {
      const codePoint = String.fromCodePoint(this.src.codePointAt(this.pos)!);
      this.pos += codePoint.length;
      return codePoint === '.' ? '' : codePoint;
    }
    const next = this.src[this.pos + 1];
    if (next !== undefined && !isLetter(next)) {
      this.pos += 2;
      return next === '|' ? '‖' : next;
    }
    let end = this.pos + 1;
    while (isLetter(this.src[end])) end += 1;
    const name = this.src.slice(this.pos + 1, end);
    const symbol = SYMBOLS.get(name);
    if (symbol === undefined) return '';
    this.pos = end;
    return symbol;
  }

  /** A command at `\`: its output, its arguments read. */
  private command(context: Context): Atom[] {
    this.pos += 1;
    const first = this.peek();
    if (first === undefined) return [{ text: '\\', cls: 'ord' }];
    if (!isLetter(first)) {
      const codePoint = String.fromCodePoint(this.src.codePointAt(this.pos)!);
      this.pos += codePoint.length;
      return this.symbolCommand(codePoint);
    }
    const start = this.pos;
    while (isLetter(this.peek())) this.pos += 1;
    const name = this.src.slice(start, this.pos);
    if (context.text) this.skipSpaces();
    if ((name === 'operatorname' || name === 'mathop') && this.peek() === '*') this.pos += 1;
    if (context.depth >= MAX_DEPTH) return [{ text: `\\${name}`, cls: 'ord' }];
    const inner: Context = { ...context, depth: context.depth + 1 };
    return this.named(name, inner) ?? this.unknown(name, inner);
  }

  /** `\,`, `\{`, `\$` and the other one-character commands. */
  private symbolCommand(char: string): Atom[] {
    switch (char) {
      case ',':
      case ':':
      case ';':
      case '>':
      case ' ':
      case '\n':
      case '\t':
        return [{ text: ' ', cls: 'space' }];
      case '!':
        return [];
      case '{':
        return [{ text: '{', cls: 'open' }];
      case '}':
        return [{ text: '}', cls: 'close' }];
      case '|':
        return [{ text: '‖', cls: 'ord' }];
      case '\\':
        return [{ text: ';', cls: 'punct' }];
      case '$':
      case '%':
      case '&':
      case '#':
      case '_':
        return [{ text: char, cls: 'ord' }];
      default:
        return [{ text: `\\${char}`, cls: 'ord' }];
    }
  }

  /** A command this reader knows, or null. */
  private named(name: string, context: Context): Atom[] | null {
    if (FUNCTION_NAMES.has(name)) return [{ text: name, cls: 'op' }];
    if (name === 'operatorname' || name === 'mathop') return [{ text: this.argument(context), cls: 'op' }];
    if (STYLE_COMMANDS.has(name)) return [{ text: this.argument(context), cls: 'ord' }];
    if (TEXT_COMMANDS.has(name)) return [{ text: this.argument({ ...context, text: true }), cls: 'ord' }];
    const alphabet = ALPHABETS[name];
    if (alphabet) {
      const argument = this.argument(context);
      return [{ text: [...argument].map((char) => VARIANTS.get(`\\${alphabet}{${char}}`) ?? char).join(''), cls: 'ord' }];
    }
    const accent = ACCENTS.get(name);
    if (accent) {
      const argument = this.argument(context);
      // Over a command left as written (`\bar{\foo{y}}`), the accent stays written too: marks over a backslash read as nothing.
      if (argument.includes('\\')) return [{ text: `\\${name}{${argument}}`, cls: 'ord' }];
      return [{ text: [...argument].map((char) => (isSpace(char) ? char : `${char}${accent}`)).join(''), cls: 'ord' }];
    }
    if (SPACES.has(name)) return [{ text: ' ', cls: 'space' }];
    if (DROP_ARGUMENT.has(name)) {
      this.argument(context);
      return [];
    }
    switch (name) {
      case 'frac':
      case 'dfrac':
      case 'tfrac':
      case 'cfrac':
      case 'sfrac': {
        const script = { ...context, script: true };
        const numerator = this.argument(script);
        const denominator = this.argument(script);
        return [{ text: `${bracketed(numerator)}/${bracketed(denominator)}`, cls: 'ord' }];
      }
      case 'binom':
      case 'dbinom':
      case 'tbinom': {
        const script = { ...context, script: true };
        const n = this.argument(script);
        const k = this.argument(script);
        return [{ text: `C(${n}, ${k})`, cls: 'ord' }];
      }
      case 'sqrt': {
        const index = this.optional(context);
        const radicand = bracketed(this.argument(context));
        if (index === '3') return [{ text: `∛${radicand}`, cls: 'ord' }];
        if (index === '4') return [{ text: `∜${radicand}`, cls: 'ord' }];
        return [{ text: `${index ? scriptText('^', index) : ''}√${radicand}`, cls: 'ord' }];
      }
      case 'left':
      case 'bigl':
      case 'Bigl':
      case 'biggl':
      case 'Biggl':
        return [{ text: this.delimiter(), cls: 'open' }];
      case 'right':
      case 'bigr':
      case 'Bigr':
      case 'biggr':
      case 'Biggr':
        return [{ text: this.delimiter(), cls: 'close' }];
      case 'middle':
      case 'big':
      case 'Big':
      case 'bigg':
      case 'Bigg':
      case 'bigm':
      case 'Bigm':
      case 'biggm':
      case 'Biggm': {
        const delimiter = this.delimiter();
        return [{ text: delimiter, cls: classOf(delimiter) }];
      }
      case 'not': {
        const [next] = this.atom(context);
        if (!next || next.cls === 'space') return [{ text: '\u0338', cls: 'rel' }];
        return [{ text: `${next.text}\u0338`.normalize('NFC'), cls: 'rel' }];
      }
      case 'pmod':
        return [
          { text: ' ', cls: 'space' },
          { text: `(mod ${this.argument(context)})`, cls: 'ord' },
        ];
      case 'bmod':
      case 'mod':
        return [{ text: 'mod', cls: 'bin' }];
      case 'stackrel':
      case 'overset':
      case 'underset': {
        const script = this.argument({ ...context, script: true });
        const base = this.argument(context);
        return [{ text: `${base}${scriptText(name === 'underset' ? '_' : '^', script)}`, cls: name === 'stackrel' ? 'rel' : classOf(base) }];
      }
      case 'substack':
        return [{ text: this.argument({ ...context, script: true }), cls: 'ord' }];
      case 'textcolor':
        this.argument(context);
        return [{ text: this.argument(context), cls: 'ord' }];
      case 'hspace':
      case 'hskip':
        this.argument(context);
        return [{ text: ' ', cls: 'space' }];
      case 'begin':
      case 'end': {
        const environment = this.argument({ ...context, text: true });
        if (name === 'begin' && /^(array|tabular|alignat\*?)$/.test(environment)) this.argument({ ...context, text: true });
        return [];
      }
      default:
        break;
    }
    if (IGNORED.has(name)) return [];
    const symbol = SYMBOLS.get(name);
    if (symbol !== undefined) return [{ text: symbol, cls: classOf(symbol) }];
    return null;
  }

  /** An unknown command stays visible as written, with the groups that follow it: `\foo{x}`. */
  private unknown(name: string, context: Context): Atom[] {
    let text = `\\${name}`;
    while (this.peek() === '{') {
      this.pos += 1;
      text += `{${this.group(context)}}`;
    }
    return [{ text, cls: 'ord' }];
  }
}

/** One formula's body as text, spaces collapsed, combining marks composed where Unicode can. */
function formulaText(body: string): string {
  return new FormulaReader(body)
    .read()
    .replace(/\s+/g, ' ')
    .trim()
    .normalize('NFC');
}

/** Where the unescaped `$` closing an inline formula at `from` is, or -1: it never crosses a blank line. */
function inlineEnd(source: string, from: number): { end: number; stop: number } {
  let index = from;
  while (index < source.length) {
    const char = source[index];
    if (char === '\\') index += 2;
    else if (char === '$') return { end: index, stop: index };
    else if (char === '\n') {
      let next = index + 1;
      while (source[next] === ' ' || source[next] === '\t') next += 1;
      if (source[next] === '\n' || next >= source.length) return { end: -1, stop: next };
      index = next;
    } else index += 1;
  }
  return { end: -1, stop: source.length };
}

/** Where the unescaped `$$` closing a display formula from `from` starts, or -1. */
function displayEnd(source: string, from: number): number {
  let index = from;
  while (index < source.length) {
    const char = source[index];
    if (char === '\\') index += 2;
    else if (char === '$' && source[index + 1] === '$') return index;
    else index += 1;
  }
  return -1;
}

/** Text split into its prose and its formulas (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`), each formula by its body. */
function splitFormulas(source: string): { value: string; math: boolean }[] {
  const parts: { value: string; math: boolean }[] = [];
  let prose = '';
  let last = 0;
  let index = 0;
  // A search that found no closing delimiter finds none later either: not searched again (linear time).
  let noDisplayEnd = false;
  let noInlineEndBefore = 0;
  const noBracketEnd = { '(': false, '[': false };
  const formula = (start: number, bodyStart: number, bodyEnd: number, next: number) => {
    prose += source.slice(last, start);
    if (prose) parts.push({ value: prose, math: false });
    prose = '';
    parts.push({ value: source.slice(bodyStart, bodyEnd), math: true });
    index = next;
    last = next;
  };
  while (index < source.length) {
    const char = source[index];
    if (char === '\\') {
      const next = source[index + 1];
      if (next === '$') {
        prose += `${source.slice(last, index)}$`;
        index += 2;
        last = index;
        continue;
      }
      if ((next === '(' || next === '[') && !noBracketEnd[next]) {
        const end = source.indexOf(next === '(' ? '\\)' : '\\]', index + 2);
        if (end >= 0) {
          formula(index, index + 2, end, end + 2);
          continue;
        }
        noBracketEnd[next] = true;
      }
      index += 2;
      continue;
    }
    if (char === '$') {
      if (source[index + 1] === '$') {
        const end = noDisplayEnd ? -1 : displayEnd(source, index + 2);
        if (end >= 0) {
          formula(index, index + 2, end, end + 2);
          continue;
        }
        noDisplayEnd = true;
        index += 2;
        continue;
      }
      if (index >= noInlineEndBefore) {
        const { end, stop } = inlineEnd(source, index + 1);
        if (end >= 0) {
          formula(index, index + 1, end, end + 1);
          continue;
        }
        // Nothing closes it before `stop` (a blank line, the end): a plain dollar sign, and so is any before it.
        noInlineEndBefore = stop;
      }
      index += 1;
      continue;
    }
    index += 1;
  }
  prose += source.slice(last);
  if (prose) parts.push({ value: prose, math: false });
  return parts;
}

/**
 * Text with TeX formulas (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`) made readable Unicode: `$\zeta(s)$` → 'ζ(s)',
 * `$L^2$` → 'L²', `$\frac{a}{b}$` → 'a/b', `$x_{n\le N}$` → 'x_(n≤N)', `$\mathbb{R}$` → 'ℝ'. Prose outside
 * formulas is kept as it is, except that an escaped `\$` is a dollar sign (as the site's pages show it); a
 * `$` that nothing closes stays a dollar sign. A command this does not know stays visible as written
 * (`\foo{x}`), never dropped. Never throws; linear in the length of the text.
 */
export function texToText(source: string): string {
  try {
    return splitFormulas(source)
      .map((part) => (part.math ? formulaText(part.value) : part.value))
      .join('');
  } catch {
    // Nothing above is expected to throw; should it, the author's own text is the most readable fallback.
    return source;
  }
}
