import { describe, expect, it } from 'vitest';

import { cleanTitle, decodeEntities, jatsToMarkup, readXml } from '@/lib/scholarly/jats';

/** Issue 34: abstracts and titles from the sources, as the site's simple markup with no HTML left. */

const NO_TAG = /<\/?[a-z!?][^>]*>/i;

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

  it('keeps $…$ written in text exactly, even with a less-than sign in it', () => {
    expect(jatsToMarkup('<jats:p>Cost $a<b$ and $c &gt; d$ and <jats:italic>$x$</jats:italic></jats:p>')).toBe('Cost $a<b$ and $c > d$ and *$x$*');
  });

  it('reads plain text (DataCite, arXiv) as paragraphs separated by blank lines, TeX as is', () => {
    expect(jatsToMarkup('  We extend $10^{-3}$ eV, where\nstrings tangle; x < y.\n\n  A second paragraph mentions R&D.\n')).toBe(
      'We extend $10^{-3}$ eV, where strings tangle; x < y.\n\nA second paragraph mentions R&D.',
    );
  });

  it('drops script content and every tag, including tags spelled as entities', () => {
    const markup = jatsToMarkup('<p>Hi <script>alert("<b>x</b>")</script><i>there</i> &lt;script&gt;bad()&lt;/script&gt; <span onclick="x()">now</span><style>p{}</style></p>');
    expect(markup).toBe('Hi *there* bad() now');
    expect(markup).not.toMatch(NO_TAG);
  });

  it('leaves no empty emphasis and keeps spaces outside the markers', () => {
    expect(jatsToMarkup('<p>a<i> </i>b <i> word </i>c <b><i>both</i> bold</b></p>')).toBe('a b *word* c ***both* bold**');
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
