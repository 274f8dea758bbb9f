import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Markdown } from '@/components/site/markdown';

const render = (source: string) => renderToStaticMarkup(<Markdown source={source} />);

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
    expect(html).toMatch(/<pre[^>]*overflow-x-auto[^>]*><code[^>]*language-python[^>]*>x = &quot;\$a\$&quot; &lt; 2\n<\/code><\/pre>/);
    expect(html).not.toContain('class="katex');
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
    expect(html).toMatch(/<p[^>]*>The square <span class="katex">/);
    expect(html).toContain('<math');
    expect(html).not.toContain('$x^2$');
  });

  it('renders display $$…$$ as a KaTeX display block', () => {
    const html = render('Before\n\n$$\n\\int_0^1 x\\,dx = \\tfrac12\n$$\n\nAfter');
    expect(html).toContain('class="katex-display"');
    expect(html).toContain('<span class="katex">');
    expect(html).not.toContain('$$');
  });

  it('shows malformed math as its source and keeps rendering the rest', () => {
    const html = render('Broken $\\frac{1}{$ formula, then $y$ and\n\n$$\n\\begin{matrix} a\n$$\n\nthe end.');
    expect(html).toMatch(/<span class="katex-error"[^>]*>\\frac\{1\}\{<\/span>/);
    expect(html).toContain('\\begin{matrix} a');
    // The well-formed formula after the broken one is still typeset.
    expect(html).toMatch(/then <span class="katex">/);
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
