import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { texToText } from '@/lib/cv/tex-text';
import { MARKUP_TEXT_MAX, markupToText } from '@/lib/markup/plain-text';
import { EXPERIENCE_LIMITS } from '@/lib/validation/experience';
import { RESEARCH_LIMITS } from '@/lib/validation/research';

/**
 * TeX formulas as Unicode text for the PDF CV (lib/cv/tex-text.ts): the symbols, scripts, fractions and
 * brackets a paper title uses read as they would typeset; anything unknown stays visible as written; prose
 * outside formulas is untouched; hostile input neither throws nor takes long.
 */

describe('texToText', () => {
  it.each([
    ['$\\zeta(s)$', 'ζ(s)'],
    ['$L^2$', 'L²'],
    ['$\\frac{a}{b}$', 'a/b'],
    ['$\\frac{a+b}{2}$', '(a+b)/2'],
    ['$\\frac{1}{\\log x}$', '1/(log x)'],
    ['$\\sqrt{x}$', '√x'],
    ['$\\sqrt{x+1}$', '√(x + 1)'],
    ['$\\sqrt[3]{x}$', '∛x'],
    ['$\\mathbb{R}$', 'ℝ'],
    ['$\\mathbb Z$', 'ℤ'],
    ['$\\mathcal{L}$', 'ℒ'],
    ['$\\operatorname{ord}_p(a)$', 'ordₚ(a)'],
    ['$\\left( \\frac{a}{b} \\right)$', '(a/b)'],
    ['$\\left\\{ x \\right.$', '{x'],
    ['$x_{n\\le N}$', 'x_(n≤N)'],
    ['$x_{n \\le N}$', 'x_(n≤N)'],
    ['$x_n^2$', 'xₙ²'],
    ['$x^{-1}$', 'x⁻¹'],
    ['$e^{i\\pi}$', 'e^(iπ)'],
    ['$x^\\theta$', 'x^θ'],
    ['$a\\,b\\;c~d$', 'a b c d'],
    ['$\\{x : x > 0\\}$', '{x : x > 0}'],
    ['$\\sum_{n \\le x} \\Lambda(n) = x + O(\\sqrt{x}\\log^2 x)$', '∑_(n≤x) Λ(n) = x + O(√x log² x)'],
    ['$a \\equiv b \\pmod{q}$', 'a ≡ b (mod q)'],
    ['$\\sigma \\ge 1/2$', 'σ ≥ 1/2'],
    ['$N(\\sigma, T)$', 'N(σ, T)'],
    ['$-1$', '−1'],
    ["$f'(x)$", 'f′(x)'],
    ['$90^\\circ$', '90°'],
    ['$\\not\\equiv$', '≢'],
    ['$\\langle f, g \\rangle$', '⟨f, g⟩'],
    ['$\\text{for all } x$', 'for all x'],
    ['$\\lim_{x\\to\\infty}$', 'lim_(x→∞)'],
    ['$GL_2(\\mathbb{Q})$', 'GL₂(ℚ)'],
    ['$$\\int_0^1 f(x)\\,dx$$', '∫₀¹ f(x) dx'],
    ['\\(\\alpha\\)', 'α'],
    ['\\[\\beta\\]', 'β'],
  ])('%s reads %s', (source, expected) => {
    expect(texToText(source)).toBe(expected);
  });

  it('converts formulas inside prose and leaves the prose as it is', () => {
    expect(texToText('On the zeros of $\\zeta(s)$ and $L^2$ bounds')).toBe('On the zeros of ζ(s) and L² bounds');
    expect(texToText('Gödel, Erdős & Šafarevič: *no* formulas here')).toBe('Gödel, Erdős & Šafarevič: *no* formulas here');
  });

  it('keeps a lone or escaped dollar sign a dollar sign', () => {
    expect(texToText('costs $5')).toBe('costs $5');
    expect(texToText('from \\$5 to \\$10')).toBe('from $5 to $10');
    expect(texToText('$$ never closed')).toBe('$$ never closed');
    expect(texToText('$\\$5$')).toBe('$5');
    // A formula never crosses a blank line.
    expect(texToText('a $ b\n\nc $ d')).toBe('a $ b\n\nc $ d');
  });

  it('keeps an unknown command visible as written, never dropped', () => {
    expect(texToText('$\\foo{x}$')).toBe('\\foo{x}');
    expect(texToText('$\\foo$ bar')).toBe('\\foo bar');
    // Whole names only: unicodeit's own replace() reads these as '∈dex' and '≤fty'.
    expect(texToText('$\\index$')).toBe('\\index');
    expect(texToText('$\\lefty$')).toBe('\\lefty');
  });

  it('never throws on broken TeX', () => {
    for (const source of ['$\\frac$', '$x^$', '$\\sqrt[$', '$}{$', '${{{$', '$\\left$', '$\\not$', '$\\$', '$\\', '\\(', '$\\begin{array}$']) {
      expect(() => texToText(source)).not.toThrow();
    }
  });

  it('reads a 100,000-character hostile formula quickly', () => {
    const hostile = [
      `$${'^{'.repeat(50_000)}$`,
      `$${'\\frac'.repeat(20_000)}$`,
      `$${'+'.repeat(100_000)}$`,
      `$${'\\sqrt['.repeat(16_000)}$`,
      '$a'.repeat(50_000),
      '\\('.repeat(50_000),
      `$${'{'.repeat(100_000)}$`,
      '$x\n\n'.repeat(25_000),
    ];
    for (const source of hostile) {
      const started = performance.now();
      texToText(source);
      expect(performance.now() - started, source.slice(0, 12)).toBeLessThan(1_000);
    }
  });

  const texToken = fc.constantFrom('$', '$$', '\\', '{', '}', '^', '_', '\\frac', '\\sqrt', '[', ']', '\\left(', '\\right)', '\\zeta', '\\foo', 'x', ' ', '\n', '\\(', '\\)', "'", '\\not', '\\text{', '\\mathbb{', '\\$');
  const texLike = fc.array(fc.oneof(texToken, fc.string({ maxLength: 4 })), { maxLength: 60 }).map((parts) => parts.join(''));

  it('never throws and finishes quickly on any input (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), texLike), (source) => {
        const started = performance.now();
        expect(typeof texToText(source)).toBe('string');
        expect(performance.now() - started).toBeLessThan(200);
      }),
      { numRuns: 500 },
    );
  });

  it('stays fast on deeply nested input (property)', () => {
    const opener = fc.constantFrom('{', '^{', '_{', '\\frac{', '\\sqrt{', '\\sqrt[', '\\left(', '\\text{', '\\foo{', '\\not');
    fc.assert(
      fc.property(opener, fc.integer({ min: 1, max: 5_000 }), (open, depth) => {
        const started = performance.now();
        texToText(`$${open.repeat(depth)}x${'}'.repeat(depth)}$`);
        expect(performance.now() - started).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });

  it('leaves no dollar sign of a delimiter when the formulas are balanced (property)', () => {
    // Prose without '$' or '\', formulas without '$' (an escaped \$ in a formula is a dollar sign of its own)
    // and never empty ('$' + '' + '$' is '$$', which opens a display formula, in TeX too).
    const prose = fc.string({ maxLength: 20 }).map((text) => text.replace(/[$\\]/g, ''));
    const body = fc.array(fc.oneof(fc.constantFrom('\\zeta', '\\frac{a}{b}', 'x^2', '_{n}', '\\foo{y}', '{', '}', '\\', ' '), fc.string({ maxLength: 4 })), { maxLength: 8 }).map((parts) =>
      parts
        .join('')
        .replace(/\$/g, '')
        .replace(/\\+$/, '')
        .replace(/\n\s*\n/g, '\n') || 'x',
    );
    const delimiter = fc.constantFrom<[string, string]>(['$', '$'], ['$$', '$$'], ['\\(', '\\)']);
    const text = fc.array(fc.tuple(prose, body, delimiter), { minLength: 1, maxLength: 5 }).map((parts) => parts.map(([before, formula, [open, close]]) => `${before}${open}${formula}${close}`).join(''));
    fc.assert(
      fc.property(text, (source) => {
        expect(texToText(source)).not.toContain('$');
      }),
      { numRuns: 300 },
    );
  });
});

describe('markupToText', () => {
  it('strips the simple markup to readable text, keeping link text and lines', () => {
    expect(markupToText('Supervised **Part II** *Number Theory*; see [the course](https://example.com/nt).\n- Weekly classes\n- Marking of $\\zeta$-function problems')).toBe(
      'Supervised Part II Number Theory; see the course.\n• Weekly classes\n• Marking of ζ-function problems',
    );
    expect(markupToText('# Heading\n\n\n\n![a figure](/storage/x.png) and `code`\n1. first')).toBe('Heading\n\na figure and code\n1. first');
  });

  it('leaves what only looks like markup: snake_case, products, formulas', () => {
    expect(markupToText('snake_case_name and 2*3*4')).toBe('snake_case_name and 2*3*4');
    expect(markupToText('$a*b*c$ and $x_1 * y_2$')).toBe('a * b * c and x₁ * y₂');
  });

  it('reads an escaped marker as the character it stands for, as the page shows it', () => {
    expect(markupToText('Escaped \\*not italic\\* and a \\_literal\\_ underscore')).toBe('Escaped *not italic* and a _literal_ underscore');
  });

  it('reads a table as its cells, one row a line', () => {
    expect(markupToText('Taught:\n\n| Course | Year |\n|---|:-:|\n| **Analysis** | 2023 |\n| $L^2$ spaces | 2024 |')).toBe('Taught:\n\nCourse Year\nAnalysis 2023\nL² spaces 2024');
  });

  it('reads the longest text it is given whole: an abstract, an Experience description', () => {
    expect(MARKUP_TEXT_MAX).toBeGreaterThanOrEqual(Math.max(RESEARCH_LIMITS.abstract, EXPERIENCE_LIMITS.description, EXPERIENCE_LIMITS.highlight));
  });

  it('never throws and stays fast on hostile markup', () => {
    const started = performance.now();
    markupToText(`${'[['.repeat(20_000)}${'**'.repeat(20_000)}${'*a'.repeat(20_000)}${'_a'.repeat(20_000)}\uE000${'$'.repeat(1_000)}`);
    expect(performance.now() - started).toBeLessThan(1_000);
    fc.assert(
      fc.property(fc.string(), (source) => {
        expect(typeof markupToText(source)).toBe('string');
      }),
      { numRuns: 200 },
    );
  });
});
