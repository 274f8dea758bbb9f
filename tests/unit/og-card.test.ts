import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

import { BUNDLED_FONT_GLYPHS, cardText } from '@/lib/og-card';

/** Every code point a TrueType font maps to a glyph (its cmap's format 4 and 12 subtables). */
function fontCodePoints(font: Buffer): Set<number> {
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) if (font.toString('latin1', 12 + i * 16, 16 + i * 16) === 'cmap') cmap = font.readUInt32BE(20 + i * 16);
  const points = new Set<number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const at = cmap + font.readUInt32BE(cmap + 8 + i * 8);
    if (font.readUInt16BE(at) === 4) {
      const segments = font.readUInt16BE(at + 6) / 2;
      const ends = at + 14, starts = ends + segments * 2 + 2, deltas = starts + segments * 2, offsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const start = font.readUInt16BE(starts + s * 2), end = font.readUInt16BE(ends + s * 2);
        const delta = font.readInt16BE(deltas + s * 2), offset = font.readUInt16BE(offsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const index = offset === 0 ? c : font.readUInt16BE(offsets + s * 2 + offset + (c - start) * 2);
          if (index !== 0 && ((index + delta) & 0xffff) !== 0) points.add(c);
        }
      }
    } else if (font.readUInt16BE(at) === 12) {
      for (let g = 0; g < font.readUInt32BE(at + 12); g++) {
        const group = at + 16 + g * 12;
        const start = font.readUInt32BE(group), end = font.readUInt32BE(group + 4), glyph = font.readUInt32BE(group + 8);
        for (let c = start; c <= end; c++) if (glyph + c - start !== 0) points.add(c);
      }
    }
  }
  return points;
}

function listed(): Set<number> {
  const points = new Set<number>();
  for (const range of BUNDLED_FONT_GLYPHS.split(' ')) {
    const [start, end = start] = range.split('-').map((hex) => parseInt(hex, 16));
    for (let c = start!; c <= end!; c++) points.add(c);
  }
  return points;
}

describe('link-preview cards draw with the bundled font only (no font is ever downloaded)', () => {
  it("lists exactly the characters next/og's bundled font has", () => {
    const require = createRequire(import.meta.url);
    const ogDir = require.resolve('next/dist/compiled/@vercel/og/package.json').replace(/package\.json$/, '');
    const source = readFileSync(`${ogDir}index.node.js`, 'utf8');
    const fontFile = /new URL\("\.\/([\w.-]+\.ttf)", import\.meta\.url\)/.exec(source)?.[1];
    expect(fontFile).toBeDefined();
    expect([...listed()].sort((a, b) => a - b)).toEqual([...fontCodePoints(readFileSync(`${ogDir}${fontFile}`))].sort((a, b) => a - b));
  });

  it('keeps what the font draws, decomposes what it can, and leaves out the rest', () => {
    expect(cardText('Zeros of $\\zeta(s)$ and Gödel’s “primes” — 1 ≤ x', 200)).toBe('Zeros of \\zeta(s) and Gödel’s “primes” — 1 ≤ x');
    expect(cardText('ﬃ ζ 素数 😀 end', 200)).toBe('ffi end');
    expect(cardText('  many \n\t spaces  ', 200)).toBe('many spaces');
  });

  it('cuts a long text with an ellipsis', () => {
    expect(cardText('abcdefghij', 6)).toBe('abcde…');
    expect(cardText('abcdef', 6)).toBe('abcdef');
  });
});
