// @module-tag security
import { describe, expect, it } from 'vitest';
import { markupToPlainText } from '@/lib/markup/plain-text';
import { excerptParts, MARK_END, MARK_START } from '@/lib/search/excerpt';
import { normalizeQuery, SEARCH_LIMITS, splitQuery } from '@/lib/search/query';
import type { ExcerptPart } from '@/lib/search/types';

/** ts_headline's answer for a passage: [word] marks a matched word. */
const headline = (passage: string) => passage.replaceAll('[', MARK_START).replaceAll(']', MARK_END);
/** Excerpt pieces written back the same way. */
const written = (parts: ExcerptPart[]) => parts.map((part) => (part.match ? `[${part.text}]` : part.text)).join('');

describe('normalizeQuery', () => {
  it('trims the query and makes each run of whitespace one space', () => {
    expect(normalizeQuery('  spectral \t\n  gap  ')).toEqual({ query: 'spectral gap', cut: false });
    expect(normalizeQuery('a\u00a0\u2003b')).toEqual({ query: 'a b', cut: false });
  });

  it('answers an empty query for anything that is not text', () => {
    for (const raw of [undefined, null, 42, ['spectral'], { q: 'x' }]) expect(normalizeQuery(raw)).toEqual({ query: '', cut: false });
  });

  it('drops control characters, bidirectional overrides and half characters', () => {
    expect(normalizeQuery('spec\u0000tral\u0001\u0002 gap\u007f')).toEqual({ query: 'spectral gap', cut: false });
    expect(normalizeQuery('\u202egap\u202c \u2066x\u2069')).toEqual({ query: 'gap x', cut: false });
    expect(normalizeQuery('a\ud800b \udc00c')).toEqual({ query: 'ab c', cut: false });
    // A whole character made of two halves stays.
    expect(normalizeQuery('🦉 owl').query).toBe('🦉 owl');
  });

  it('writes the query in NFC, so a decomposed accent matches the composed one', () => {
    expect(normalizeQuery('Poincare\u0301').query).toBe('Poincaré');
  });

  it('keeps right-to-left text and every script as typed', () => {
    expect(normalizeQuery(' שלום  עולם ').query).toBe('שלום עולם');
    expect(normalizeQuery('مرحبا').query).toBe('مرحبا');
    expect(normalizeQuery('黎曼猜想').query).toBe('黎曼猜想');
  });

  it(`cuts a longer query to ${SEARCH_LIMITS.queryChars} characters and says so`, () => {
    const long = normalizeQuery('x'.repeat(2000));
    expect(long).toEqual({ query: 'x'.repeat(SEARCH_LIMITS.queryChars), cut: true });
    expect(normalizeQuery('x'.repeat(SEARCH_LIMITS.queryChars))).toEqual({ query: 'x'.repeat(SEARCH_LIMITS.queryChars), cut: false });
    // Whitespace collapsed first: a query short once normalised is not cut.
    expect(normalizeQuery(`a${' '.repeat(2000)}b`)).toEqual({ query: 'a b', cut: false });
  });

  it('cuts at a character boundary, never inside an emoji or between a letter and its accent', () => {
    const family = '👩‍👩‍👧'; // five code points, one character
    const { query, cut } = normalizeQuery(`${'a'.repeat(SEARCH_LIMITS.queryChars - 3)}${family}`);
    expect(cut).toBe(true);
    expect(query).toBe('a'.repeat(SEARCH_LIMITS.queryChars - 3));
    const emoji = normalizeQuery('🦉'.repeat(2000)).query;
    expect(emoji).toBe('🦉'.repeat(SEARCH_LIMITS.queryChars));
    expect(emoji.isWellFormed()).toBe(true);
    const accents = normalizeQuery('e\u0301\u0302'.repeat(300)).query;
    expect(Array.from(accents).length).toBeLessThanOrEqual(SEARCH_LIMITS.queryChars);
    expect(accents.endsWith('\u0302')).toBe(true);
  });

  it('ends a cut query without a trailing space', () => {
    expect(normalizeQuery('ab '.repeat(700)).query.endsWith(' ')).toBe(false);
  });
});

describe('splitQuery', () => {
  it('completes the last plain word while the rest is searched as typed', () => {
    expect(splitQuery('spectral ga')).toEqual({ words: 'spectral', prefix: 'ga' });
    expect(splitQuery('spect')).toEqual({ words: '', prefix: 'spect' });
    expect(splitQuery('Poincaré 2024')).toEqual({ words: 'Poincaré', prefix: '2024' });
    expect(splitQuery('שלום עולם')).toEqual({ words: 'שלום', prefix: 'עולם' });
  });

  it('does not complete a quoted, excluded or punctuated last word', () => {
    for (const query of ['"spectral gap"', '"spectral gap', 'graphs -survey', 'gap,', 'x:*', "o'brien", 'a\\b', '🦉']) {
      expect(splitQuery(query)).toEqual({ words: query, prefix: null });
    }
    expect(splitQuery('"spectral gap" expan')).toEqual({ words: '"spectral gap"', prefix: 'expan' });
  });
});

describe('excerptParts', () => {
  it('splits the passage at the marks', () => {
    const body = 'Bounds on the spectral gap of graphs.';
    expect(excerptParts(headline('Bounds on the [spectral] [gap] of graphs.'), body)).toEqual([
      { text: 'Bounds on the ', match: false },
      { text: 'spectral', match: true },
      { text: ' ', match: false },
      { text: 'gap', match: true },
      { text: ' of graphs.', match: false },
    ]);
  });

  it("adds '…' where the body goes on before or after the passage, and makes whitespace single spaces", () => {
    const body = 'Intro.\n\nThe  spectral\ngap of graphs. More text follows.';
    expect(written(excerptParts(headline('The  [spectral]\ngap of graphs.'), body))).toBe('…The [spectral] gap of graphs.…');
    expect(written(excerptParts(headline('Intro.\n\nThe  [spectral]'), body))).toBe('Intro. The [spectral]…');
  });

  it('drops a formula cut open at the end of the passage', () => {
    const { text, formulas } = markupToPlainText('The bound holds: $\\sum_k a_k \\le n$ always.');
    expect(text).toBe('The bound holds: ∑ₖ aₖ ≤ n always.');
    expect(written(excerptParts(headline('The [bound] holds: ∑ₖ aₖ'), text, formulas))).toBe('The [bound] holds:…');
  });

  it('drops a formula cut open at the start of the passage', () => {
    const { text, formulas } = markupToPlainText('Let $x = \\alpha + \\beta$ and then the bound holds.');
    expect(written(excerptParts(headline('+ β and then the [bound] holds.'), text, formulas))).toBe('…and then the [bound] holds.');
  });

  it('keeps whole formulas as readable text, marks and all', () => {
    const { text, formulas } = markupToPlainText('Cost \\$5: $\\theta$ and $$\\int f$$ then $a$ end.');
    expect(text).toBe('Cost $5: θ and ∫ f then a end.');
    expect(written(excerptParts(headline(text.replace('θ', '[θ]').replace('end', '[end]')), text, formulas))).toBe('Cost $5: [θ] and ∫ f then a [end].');
  });

  it('answers no excerpt when the whole passage lies inside one formula', () => {
    const { text, formulas } = markupToPlainText('Text $a + b + c + d + e$ text.');
    expect(excerptParts(headline('+ [c] +'), text, formulas)).toEqual([]);
  });

  it('answers no excerpt for an empty passage', () => {
    expect(excerptParts('', 'body')).toEqual([]);
    expect(excerptParts('  \n', '  \n')).toEqual([]);
  });

  it('keeps a passage it cannot find in the body as it is', () => {
    expect(written(excerptParts(headline('a [gap] here'), 'elsewhere'))).toBe('a [gap] here');
  });

  it('never shows part of a formula, wherever the passage starts and ends', () => {
    const { text, formulas } = markupToPlainText('A $x^2$ b $$\\sum_i y_i$$ c \\$ d $z$ e $p + q$ f.');
    const shown = formulas.map((formula) => text.slice(formula.start, formula.end));
    expect(shown).toEqual(['x²', '∑ᵢ yᵢ', 'z', 'p + q']);
    // ts_headline cuts between words; each word of these formulas is found nowhere else in the text.
    const edges = [0, ...[...text.matchAll(/\s/g)].map((space) => space.index), text.length];
    for (const from of edges) {
      for (const to of edges.filter((edge) => edge > from)) {
        const passage = written(excerptParts(text.slice(from, to), text, formulas));
        const words = new Set(passage.replaceAll('…', ' ').split(/\s+/));
        for (const formula of shown) {
          const parts = formula.split(' ');
          expect([0, parts.length], `${passage} shows part of ${formula}`).toContain(parts.filter((part) => words.has(part)).length);
        }
      }
    }
  });
});
