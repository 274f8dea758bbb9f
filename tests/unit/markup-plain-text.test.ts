import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { markupToPlainText } from '@/lib/markup/plain-text';
import { jatsToMarkup } from '@/lib/scholarly/jats';

/** Issue 42: markup as the text a reader sees of it, for search excerpts. */

describe('markupToPlainText', () => {
  it('drops the markup of headings, emphasis, links, lists and code, keeping their text', () => {
    const source = '# Computing zeros of the zeta function\n\nA **bold** and *italic* [link](https://example.org) with `code`.\n\n- one\n- two\n\n> quoted\n\n```py\nprint(1)\n```';
    expect(markupToPlainText(source).text).toBe('Computing zeros of the zeta function\nA bold and italic link with code.\none\ntwo\nquoted\nprint(1)');
  });

  it('makes formulas readable text and says where each lies', () => {
    const { text, formulas } = markupToPlainText('On the line $\\mathrm{Re}(s) = \\tfrac12$, $\\zeta(s)$ and\n\n$$\nZ(t) = e^{i\\theta(t)}\n$$');
    expect(text).toBe('On the line Re(s) = 1/2, ζ(s) and\nZ(t) = e^(iθ(t))');
    expect(formulas.map((formula) => text.slice(formula.start, formula.end))).toEqual(['Re(s) = 1/2', 'ζ(s)', 'Z(t) = e^(iθ(t))']);
  });

  it('drops raw HTML as the renderer does, keeps an image by its alternative text and a table by its cells', () => {
    expect(markupToPlainText('Hi <span onclick="x()">there</span> ![a plot](/storage/x.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |').text).toBe('Hi there a plot\na b\n1 2');
  });

  it('reads the simple syntax (Experience) without GFM or mathematics', () => {
    expect(markupToPlainText('Cost $5 to $10, ~~no~~ **yes**', 'simple')).toEqual({ text: 'Cost $5 to $10, ~~no~~ yes', formulas: [] });
  });

  it('reads escaped text back as the text it was', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.array(fc.constantFrom('*', '_', '#', '1. ', '- ', '$', '\\', '`', '[', ']', '<b>', '&amp;', '~', '|', 'x'), { maxLength: 10 }), (text, marks) => {
        const source = `${marks.join('')}${text}`;
        const xml = source.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
        const expected = source.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uE000\uE001]/g, '').replace(/\s+/g, ' ').trim().normalize('NFC');
        expect(markupToPlainText(jatsToMarkup(`<p>${xml}</p>`)).text.normalize('NFC')).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});
