import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Markdown } from '@/components/site/markdown';

const render = (source: string) => renderToStaticMarkup(<Markdown source={source} />);

const count = (html: string, text: string) => html.split(text).length - 1;
/** A display block: KaTeX's own wrapper (the container's Tailwind classes only mention it in brackets). */
const DISPLAY = 'class=katex-display';
const INLINE = '<span class=katex>';
/** A display block typeset inside a paragraph: what a one-line `$$…$$` turns into. */
const DISPLAY_IN_PARAGRAPH = /<p[^>]*>(?:(?!<\/p>)[^])*class=katex-display/;

describe('blog markup: headings, fenced code blocks, lists and paragraphs', () => {
  it("renders '# ', '## ' and '### ' headings below the page title", () => {
    const html = render('# One\n\n## Two\n\n### Three');
    expect(html).toMatch(/<h2[^>]*>One<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Two<\/h3>/);
    expect(html).toMatch(/<h4[^>]*>Three<\/h4>/);
    expect(html).not.toContain('<h1');
  });

  it('renders a fenced code block in a scrollable <pre>, its text untouched', () => {
    const html = render('```python\nx = "$a$" < 2\n```');
    // Focusable, so a keyboard can scroll it (.markup pre scrolls sideways, app/globals.css).
    expect(html).toMatch(/<pre tabindex=0><code class=language-python>x = "\$a\$" &lt; 2\n<\/code><\/pre>/);
    expect(html).not.toContain('katex');
  });

  it("renders numbered lists and '- ' bullet lists", () => {
    const html = render('1. first\n2. second\n\n- apple\n- pear');
    expect(html).toMatch(/<ol[^>]*>\s*<li[^>]*>first<\/li>\s*<li[^>]*>second<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<ul[^>]*>\s*<li[^>]*>apple<\/li>\s*<li[^>]*>pear<\/li>\s*<\/ul>/);
  });

  it('splits paragraphs on blank lines', () => {
    const html = render('First paragraph.\n\nSecond paragraph.');
    expect(html.match(/<p[^>]*>/g)).toHaveLength(2);
  });

  it('drops raw HTML instead of rendering it', () => {
    const html = render('Hello <script>alert(1)</script><b onclick="x()">bold</b> world');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onclick');
    expect(html).not.toContain('<b');
    expect(html).toContain('Hello');
  });
});

describe('mathematics rendered with KaTeX on the server', () => {
  it('renders inline $…$ as KaTeX markup inside the paragraph', () => {
    const html = render('The square $x^2$ grows.');
    expect(html).toMatch(/<p[^>]*>The square <span class=katex>/);
    expect(html).toContain('<math');
    expect(html).not.toContain('$x^2$');
  });

  it("renders display math ('$$' on its own line, the formula, '$$' on its own line) as a block of its own", () => {
    const html = render('Before\n\n$$\n\\int_0^1 x\\,dx = \\tfrac12\n$$\n\nAfter');
    expect(count(html, DISPLAY)).toBe(1);
    expect(html).toContain(INLINE);
    expect(html).not.toMatch(DISPLAY_IN_PARAGRAPH);
    expect(html).not.toContain('$$');
  });

  it('tells inline from display: $…$ in a sentence is inline, a $$ block beside it is display', () => {
    const html = render('Let $x > 0$. Then\n\n$$\nx^2 > 0.\n$$');
    expect(count(html, INLINE)).toBe(2);
    expect(count(html, DISPLAY)).toBe(1);
    expect(html).toMatch(/<p[^>]*>Let <span class=katex>/);
  });

  it("typesets $$…$$ written on one line as inline math: display math needs '$$' on lines of its own", () => {
    const html = render('satisfies\n\n$$\\pi(x) \\sim \\frac{x}{\\log x}.$$\n\nStated');
    expect(html).toContain(INLINE);
    expect(html).not.toContain(DISPLAY);
  });

  it('shows malformed math as its source and keeps rendering the rest', () => {
    const html = render('Broken $\\frac{1}{$ formula, then $y$ and\n\n$$\n\\begin{matrix} a\n$$\n\nthe end.');
    expect(html).toMatch(/<span class=katex-error[^>]*>\\frac\{1\}\{<\/span>/);
    expect(html).toContain('\\begin{matrix} a');
    // The well-formed formula after the broken one is still typeset.
    expect(html).toMatch(/then <span class=katex>/);
    expect(html).toContain('the end.');
  });

  it('does not let \\href inject a link through a formula', () => {
    const html = render('$\\href{javascript:alert(1)}{x}$');
    expect(html).not.toMatch(/<a[\s>]/);
    expect(html).not.toContain('href=');
    // The command is shown as an error instead.
    expect(html).toContain('color:#f87171');
  });
});

describe("math='mathml': formulas the browser lays out itself", () => {
  const renderMathml = (source: string) => renderToStaticMarkup(<Markdown source={source} math="mathml" />);

  it('renders formulas as MathML only, without the TeX source nobody reads on the page, and no KaTeX HTML', () => {
    const html = renderMathml('Zeros $\\rho = \\beta + i\\gamma$ of $L(s, \\chi)$.');
    expect(count(html, '<math')).toBe(2);
    expect(html).toContain('<math><mrow><mi>ρ</mi><mo>=</mo><mi>β</mi><mo>+</mo><mi>i</mi><mi>γ</mi></mrow></math>');
    expect(html).not.toContain('annotation');
    expect(html).not.toContain('katex-html');
    expect(html).not.toContain('$\\rho');
  });

  it('is smaller than the typeset markup of the same formula', () => {
    const source = 'Let $\\sum_{n \\le x} \\Lambda(n) = x + O(x^{1/2} \\log^2 x)$ hold.';
    expect(renderMathml(source).length).toBeLessThan(render(source).length / 2);
  });

  it('still refuses \\href and shows malformed math as its source', () => {
    const html = renderMathml('$\\href{javascript:alert(1)}{x}$ and $\\frac{1}{$');
    expect(html).not.toMatch(/<a[\s>]/);
    expect(html).not.toContain('href=');
    expect(html).toContain('color:#f87171');
  });
});

describe('the sample blog posts (supabase/seed.sql)', () => {
  const seed = readFileSync(path.join(process.cwd(), 'supabase', 'seed.sql'), 'utf8');
  // Each post's body is a $md$-quoted value on lines of its own (the file's header comment mentions the quote too).
  const posts = [...seed.matchAll(/^\s+\$md\$([^]*?)\$md\$/gm)].map((match) => match[1]);

  it('write every display formula with $$ on lines of their own', () => {
    expect(posts.length).toBeGreaterThan(0);
    for (const post of posts) {
      for (const line of post.split('\n').filter((text) => text.includes('$$'))) expect(line).toBe('$$');
    }
  });

  it('render every display formula as a KaTeX display block, never inside a paragraph', () => {
    const withDisplayMath = posts.filter((post) => post.includes('$$'));
    expect(withDisplayMath.length).toBeGreaterThan(0);
    for (const post of withDisplayMath) {
      const html = render(post);
      expect(count(html, DISPLAY)).toBe(count(post, '$$') / 2);
      expect(html).not.toMatch(DISPLAY_IN_PARAGRAPH);
    }
  });
});

describe('headings under the page title', () => {
  const levels = (html: string) => [...html.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));

  it("renumbers a body's heading levels without gaps, starting at <h2> below the page's <h1>", () => {
    expect(levels(render('## Intro\n\ntext\n\n## Method\n\ntext'))).toEqual([2, 2]);
    expect(levels(render('# Part\n\n### Detail\n\n#### Finer'))).toEqual([2, 3, 4]);
    expect(levels(render('### Only\n\n###### Deep'))).toEqual([2, 3]);
    expect(levels(render('# A\n\n## B\n\n### C'))).toEqual([2, 3, 4]);
  });

  it('keeps a heading’s look by its rank in the body, not its source level', () => {
    expect(render('## Intro')).toBe(render('# Intro'));
  });
});
