import { readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Markdown } from '@/components/site/markdown';
import { PageHtml } from '@/components/site/page-html';
import { unpackHtml } from '@/lib/markup/html-fragment';
import { inflateRaw } from '@/lib/markup/inflate';
import { packHtml } from '@/lib/markup/pack-html';
import { markupToSiteHtml } from '@/lib/markup/site-html';

const longPost = markupToSiteHtml(readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'long-post.md'), 'utf8'));

/** What Next's inline payload script writes for a string: JSON, with <, >, & and the line separators as \uXXXX. */
const inlineScript = (html: string) => JSON.stringify(html).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

describe('packing a page fragment for the payload (lib/markup/pack-html.ts, html-fragment.ts)', () => {
  it('unpacks to exactly the HTML it packed: typeset formulas, a table and text in any script', () => {
    const html = `${longPost}<p>Ünïcødé: ∑ 𝔽 ℵ₀ — «¿» 中文 \u2028 &amp; &lt;</p>`;
    const packed = packHtml(html);
    expect(packed).not.toBeNull();
    expect(unpackHtml(packed!)).toBe(html);
  });

  it('is a small part of what the inline script would carry: the long post’s 40 formulas', () => {
    const packed = packHtml(longPost)!;
    // Base64 only: nothing that the inline script escapes, and no quote or backslash.
    expect(packed).toMatch(/^\d+:[A-Za-z0-9+/]+=*$/);
    expect(inlineScript(packed)).toBe(JSON.stringify(packed));
    expect(packed.length).toBeLessThan(inlineScript(longPost).length / 10);
  });

  it('leaves a short fragment as HTML, where packing would not pay', () => {
    expect(packHtml('<p>A short note.</p>')).toBeNull();
    expect(packHtml('')).toBeNull();
  });

  it('a refused or damaged packing throws instead of inserting part of a page', () => {
    const packed = packHtml(longPost)!;
    const [bytes, data] = packed.split(':');
    expect(() => unpackHtml(`${bytes}:${data!.slice(0, 40)}`)).toThrow();
  });
});

describe('inflateRaw (lib/markup/inflate.ts)', () => {
  // Stored blocks (level 0), fixed Huffman codes (Z_FIXED) and dynamic ones (levels 1 and 9).
  const SETTINGS = [{ level: 0 }, { level: 1, strategy: constants.Z_FIXED }, { level: 1 }, { level: 9 }];

  it('inflates whatever zlib deflates, in every kind of block', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4000 }), fc.string({ maxLength: 3000 }), fc.constantFrom(...SETTINGS), (bytes, text, settings) => {
        for (const data of [Buffer.from(bytes), Buffer.from(text.repeat(3))]) {
          expect(Buffer.from(inflateRaw(deflateRawSync(data, settings), data.length)).equals(data)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('throws on damaged data or a wrong length, and never runs on', () => {
    const data = Buffer.from(longPost);
    const deflated = deflateRawSync(data, { level: 9 });
    expect(() => inflateRaw(deflated, data.length - 1)).toThrow('longer than announced');
    expect(() => inflateRaw(deflated, data.length + 1)).toThrow('shorter than announced');
    expect(() => inflateRaw(deflated.subarray(0, deflated.length >> 1), data.length)).toThrow('ends early');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.nat({ max: 100_000 }), (noise, length) => {
        // Noise either throws or inflates to exactly the announced length: nothing else, and it ends.
        try {
          expect(inflateRaw(noise, length)).toHaveLength(length);
        } catch (error) {
          expect((error as Error).message).toMatch(/^Packed data /);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('PageHtml: the same HTML on the server either way', () => {
  it('renders a long fragment through the unpacking component, with its class and slot', () => {
    const rendered = renderToStaticMarkup(<PageHtml html={longPost} className="markup" slot="body" />);
    expect(rendered).toBe(`<div data-slot="body" class="markup">${longPost}</div>`);
  });

  it('renders a short fragment in a plain div', () => {
    expect(renderToStaticMarkup(<PageHtml html="<p>Hi</p>" className="personal-prose" />)).toBe('<div class="personal-prose"><p>Hi</p></div>');
  });

  it('Markdown inserts through PageHtml as it does through its plain div', () => {
    const source = readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'long-post.md'), 'utf8');
    expect(renderToStaticMarkup(<Markdown source={source} insert={PageHtml} />)).toBe(renderToStaticMarkup(<Markdown source={source} />));
  });
});
