import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';

import { markupToSiteHtml } from '@/lib/markup/site-html';
import { cleanTitle, decodeEntities, jatsToMarkup, readXml, texTextToMarkup } from '@/lib/scholarly/jats';

/** Issue 34: abstracts and titles from the sources, as the site's simple markup with no HTML left. */

const NO_TAG = /<\/?[a-z!?][^>]*>/i;

/** Stands for one formula in a rendered text. */
const FORMULA = '\u2058';

/**
 * Markup as the site renders it (lib/markup/site-html.ts), read back by an independent HTML parser: each
 * paragraph's text with every formula (KaTeX's output, or its error) as FORMULA, and the elements outside them.
 */
function rendered(markup: string): { paragraphs: string[]; elements: string[] } {
  const paragraphs: string[] = [];
  const elements: string[] = [];
  let formulaDepth = 0;
  let paragraph: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (formulaDepth > 0) {
          formulaDepth += 1;
          return;
        }
        if (name === 'math' || /\bkatex/.test(attributes.class ?? '')) {
          formulaDepth = 1;
          if (paragraph !== null) paragraph += FORMULA;
          return;
        }
        elements.push(name);
        if (name === 'p') paragraph = '';
      },
      ontext(text) {
        if (formulaDepth === 0 && paragraph !== null) paragraph += text;
      },
      onclosetag(name) {
        if (formulaDepth > 0) {
          formulaDepth -= 1;
          return;
        }
        if (name === 'p' && paragraph !== null) {
          paragraphs.push(paragraph);
          paragraph = null;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(markupToSiteHtml(markup, 'mathml'));
  return { paragraphs, elements };
}

/** Text as a reader of the source sees it: control characters and noncharacters are not text, and runs of whitespace are one space. */
const readable = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uE000\uE001]|\p{Noncharacter_Code_Point}/gu, '')
    .replace(/\s+/g, ' ')
    .normalize('NFC');

const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

describe('jatsToMarkup', () => {
  it('turns JATS paragraphs, italic and bold into the site markup, dropping a leading Abstract title', () => {
    expect(
      jatsToMarkup('<jats:title>Abstract</jats:title><jats:p>We study <jats:italic>p</jats:italic>-adic <jats:bold>forms </jats:bold>here.</jats:p>\n<jats:p>Second &amp; last.</jats:p>'),
    ).toBe('We study *p*-adic **forms** here.\n\nSecond & last.');
  });

  it('keeps other section titles as paragraphs and lists as one paragraph an item', () => {
    expect(
      jatsToMarkup('<jats:sec><jats:title>Background</jats:title><jats:p>Why.</jats:p></jats:sec><jats:list><jats:list-item><jats:p>One</jats:p></jats:list-item><jats:list-item><jats:p>Two</jats:p></jats:list-item></jats:list>'),
    ).toBe('Background\n\nWhy.\n\nOne\n\nTwo');
  });

  it('keeps tex-math as $…$ whatever its delimiters, with entities decoded', () => {
    const formula = (tex: string) => jatsToMarkup(`<jats:p>Let <jats:inline-formula><jats:tex-math>${tex}</jats:tex-math></jats:inline-formula> hold.</jats:p>`);
    expect(formula('$x &lt; y$')).toBe('Let $x < y$ hold.');
    expect(formula('\\(\\zeta(s)\\)')).toBe('Let $\\zeta(s)$ hold.');
    expect(formula('\\[a^2\\]')).toBe('Let $a^2$ hold.');
    expect(formula('\\documentclass[12pt]{minimal}\\usepackage{amsmath}\\begin{document}$\\mathbb{Z}_p$\\end{document}')).toBe('Let $\\mathbb{Z}_p$ hold.');
  });

  it('writes MathML as its alttext in $…$, else as its text', () => {
    expect(jatsToMarkup('<p><mml:math alttext="\\alpha + 1"><mml:mi>α</mml:mi></mml:math> and <mml:math><mml:mi>x</mml:mi><mml:mo>+</mml:mo><mml:mn>1</mml:mn></mml:math></p>')).toBe('$\\alpha + 1$ and x+1');
  });

  it('keeps one form of a formula given as alternatives', () => {
    expect(
      jatsToMarkup('<jats:p><jats:inline-formula><jats:alternatives><jats:tex-math>$n^2$</jats:tex-math><mml:math><mml:msup><mml:mi>n</mml:mi><mml:mn>2</mml:mn></mml:msup></mml:math></jats:alternatives></jats:inline-formula></jats:p>'),
    ).toBe('$n^2$');
  });

  it('keeps a $…$ in JATS text as dollar signs, not a formula, even with a less-than sign in it', () => {
    expect(jatsToMarkup('<jats:p>Cost $a<b$ and $c &gt; d$ and <jats:italic>$x$</jats:italic></jats:p>')).toBe('Cost \\$a\\<b\\$ and \\$c > d\\$ and *\\$x\\$*');
  });

  it('escapes what would read as markup, so an abstract from Crossref renders as written', () => {
    const abstract = (text: string) => jatsToMarkup(`<jats:p>${text}</jats:p>`);
    expect(abstract('2*3*4')).toBe('2\\*3\\*4');
    expect(abstract('# of samples')).toBe('\\# of samples');
    expect(abstract('1. First')).toBe('1\\. First');
    expect(abstract('Price is $5 and $10')).toBe('Price is \\$5 and \\$10');
    for (const text of ['2*3*4', '# of samples', '1. First', 'Price is $5 and $10', 'a_b_c', '> quoted', '- item', '[x](y)', '`code`', '~~gone~~', '<b>bold?</b> &amp;']) {
      expect(rendered(abstract(xmlText(text)))).toEqual({ paragraphs: [text], elements: ['p'] });
    }
    // A bare address is a link on every page of the site, its text as written.
    expect(rendered(abstract('See www.example.org'))).toEqual({ paragraphs: ['See www.example.org'], elements: ['p', 'a'] });
  });

  it('drops noncharacters, which are no text, written or referenced, after an emphasis as anywhere (seed -1399216032)', () => {
    for (const jats of ['<jats:p><jats:italic>*</jats:italic>\u{1FFFE}</jats:p>', '<jats:p><jats:italic>*</jats:italic>&#x1FFFE;\uFDD0</jats:p>']) {
      expect(rendered(jatsToMarkup(jats))).toEqual({ paragraphs: ['*'], elements: ['p', 'em'] });
    }
  });

  it('renders any text of a JATS abstract as written, with exactly the emphasis and formulas the source marks', () => {
    const markdownish = fc.constantFrom(
      '*', '**', '_', '__', '#', '# ', '### ', '1. ', '1) ', '- ', '+ ', '> ', '`', '```', '~', '~~', '$', '$$', '\\', '\\$', '[', ']', '(', ')',
      '![', '<', '>', '<b>', '</i>', '<!--', '&', '&amp;', '&#42;', '|', '---', '===', '\n', '\n\n', '  ', '\t', 'www.example.org',
      'https://example.org', 'a@b.co', ':', '^', '{', '}', '[^1]', '[^1]: note', 'x', '2', ' ', '\u00a0', 'é', 'e\u0301',
    );
    // Never the character that stands for a formula in the expected text (a random string found it: seed -717407403).
    const text = fc
      .oneof(
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.array(fc.oneof(markdownish, fc.string({ maxLength: 4 })), { maxLength: 12 }).map((parts) => parts.join('')),
      )
      .map((value) => value.replaceAll(FORMULA, ''));
    // A formula the source marks: TeX with something in it, whatever else it holds.
    const tex = fc
      .array(fc.constantFrom('x', '^2', '\\alpha', 'a<b', '_{n}', '\\{', '}', ' ', '$', '\\$', '*', '&', 'a > b', '\\frac{1}{2}', '#', '`'), { maxLength: 6 })
      .map((parts) => `x${parts.join('')}`);
    type Inline = { kind: 'text'; text: string } | { kind: 'tex'; tex: string } | { kind: 'italic' | 'bold'; text: string };
    const inline: fc.Arbitrary<Inline> = fc.oneof(
      { weight: 4, arbitrary: text.map((value) => ({ kind: 'text' as const, text: value })) },
      tex.map((value) => ({ kind: 'tex' as const, tex: value })),
      fc.record({ kind: fc.constantFrom('italic' as const, 'bold' as const), text }),
    );
    const abstract = fc.array(fc.array(inline, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 3 });

    fc.assert(
      fc.property(abstract, (paragraphs) => {
        const jats = paragraphs
          .map((items) => {
            const body = items.map((item) => {
              if (item.kind === 'text') return xmlText(item.text);
              if (item.kind === 'tex') return `<jats:inline-formula><jats:tex-math>${xmlText(item.tex)}</jats:tex-math></jats:inline-formula>`;
              return `<jats:${item.kind}>${xmlText(item.text)}</jats:${item.kind}>`;
            });
            return `<jats:p>${body.join('')}</jats:p>`;
          })
          .join('\n');
        const expected = paragraphs
          // Formulas side by side are one formula (two would read as one broken one).
          .map((items) => readable(items.map((item) => (item.kind === 'tex' ? FORMULA : item.text)).join('')).replace(new RegExp(`${FORMULA}+`, 'g'), FORMULA).trim())
          .filter(Boolean);
        const marked = (kind: 'italic' | 'bold') => paragraphs.flat().filter((item) => item.kind === kind && readable(item.text).trim() !== '').length;
        const markup = jatsToMarkup(jats);
        const seen = rendered(markup);
        expect({ paragraphs: seen.paragraphs.map((paragraph) => paragraph.normalize('NFC')), markup }).toEqual({ paragraphs: expected, markup });
        expect(seen.elements.filter((name) => name === 'em').length).toBe(marked('italic'));
        expect(seen.elements.filter((name) => name === 'strong').length).toBe(marked('bold'));
        // Links are the bare addresses the site links everywhere (their text is checked above).
        expect(seen.elements.filter((name) => !['p', 'em', 'strong', 'a'].includes(name))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('reads plain text (DataCite) as paragraphs separated by blank lines, its dollar signs as text', () => {
    expect(jatsToMarkup('  We extend $10^{-3}$ eV, where\nstrings tangle; x < y.\n\n  A second paragraph mentions R&D.\n')).toBe(
      'We extend \\$10^{-3}\\$ eV, where strings tangle; x < y.\n\nA second paragraph mentions R\\&D.',
    );
  });

  it("reads arXiv's text with its $…$ as formulas and every other character as text", () => {
    expect(texTextToMarkup('  We extend $10^{-3}$ eV, where\nstrings* tangle; x < y.\n\n# A second paragraph, $$a_1 * b_1$$.\n')).toBe(
      'We extend $10^{-3}$ eV, where strings\\* tangle; x < y.\n\n\\# A second paragraph, $a_1 * b_1$.',
    );
  });

  it('drops script content and every tag, and shows tags spelled as entities as the text they are', () => {
    const markup = jatsToMarkup('<p>Hi <script>alert("<b>x</b>")</script><i>there</i> &lt;script&gt;bad()&lt;/script&gt; <span onclick="x()">now</span><style>p{}</style></p>');
    expect(markup).toBe('Hi *there* \\<script>bad()\\</script> now');
    expect(markupToSiteHtml(markup, 'mathml')).toBe('<p>Hi <em>there</em> &lt;script>bad()&lt;/script> now</p>');
  });

  it('leaves no empty emphasis and keeps spaces outside the markers', () => {
    expect(jatsToMarkup('<p>a<i> </i>b <i> word </i>c <b><i>both</i> bold</b></p>')).toBe('a b *word* c **_both_ bold**');
  });

  it('reads malformed markup without failing', () => {
    expect(jatsToMarkup('<jats:p>Open <jats:italic>never closed</jats:p> after </jats:bold> <<<>>> &bogus; &#x110000;')).not.toMatch(NO_TAG);
  });

  it('reads 100,000 characters of nested tags', () => {
    const nested = '<jats:italic>'.repeat(8_000);
    expect(nested.length).toBeGreaterThanOrEqual(100_000);
    expect(jatsToMarkup(`${nested}deep`)).toBe('*deep*');
    expect(jatsToMarkup(`${'<a>'.repeat(20_000)}${'</b>'.repeat(10_000)}`)).toBe('');
    expect(cleanTitle(`${'<i><b>'.repeat(17_000)}x`)).toBe('x');
  });
});

describe('cleanTitle', () => {
  it('strips tags keeping their text, keeps TeX, collapses whitespace and composes accents', () => {
    expect(cleanTitle('The <i>p</i>-adic  <jats:sc>Zeta</jats:sc>\n function of CO<sub>2</sub> and $\\mathbb{Q}$ for Poincare\u0301')).toBe(
      'The p-adic Zeta function of CO2 and $\\mathbb{Q}$ for Poincaré',
    );
  });

  it('cleans a title full of HTML and JATS tags to its text', () => {
    const title = cleanTitle(
      '<jats:title>The <i>p</i>-adic <jats:italic>zeta</jats:italic> function &amp; <b>friends</b> <mml:math alttext="\\mathbb{Z}_p"><mml:mi>ℤ</mml:mi></mml:math><script>alert(1)</script> <span style="color:red">revisited</span></jats:title>',
    );
    expect(title).toBe('The p-adic zeta function & friends $\\mathbb{Z}_p$ revisited');
  });
});

describe('the XML reader', () => {
  it('decodes HTML and XML character references', () => {
    expect(decodeEntities('&amp; &lt; &eacute; &#x3b1; &#945; &nbsp;x &unknown; a&b')).toBe('& < é α α \u00a0x &unknown; a&b');
  });

  it('decodes a reference to a control character to nothing, so no text can forge a formula', () => {
    expect(decodeEntities('a&#1;b&#xE000;0&#xE001;c')).toBe('ab0c');
    expect(jatsToMarkup('<p>Let <tex-math>x^2</tex-math> and &#xE000;0&#xE001; hold.</p>')).toBe('Let $x^2$ and 0 hold.');
  });

  it('reports balanced events and whether the tags were well formed', () => {
    const events: string[] = [];
    const record = { open: (name: string) => events.push(`+${name}`), close: (name: string) => events.push(`-${name}`), text: (text: string) => events.push(text) };
    expect(readXml('<a><b x="1">t</b><c/></a>', record)).toEqual({ wellFormed: true });
    expect(events).toEqual(['+a', '+b', 't', '-b', '+c', '-c', '-a']);
    events.length = 0;
    expect(readXml('<a><b>t</a>', record)).toEqual({ wellFormed: false });
    expect(events).toEqual(['+a', '+b', 't', '-b', '-a']);
  });
});
