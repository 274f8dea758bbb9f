// @module-tag security
import { describe, expect, it } from 'vitest';
import { detectUpload } from '@/lib/storage/content-type';
import { generateObjectPath } from '@/lib/storage/names';
import { MB } from '@/lib/bytes.mjs';
import { isAllowedDeclaredType } from '@/lib/validation/upload';
import { SAMPLES, padded } from '../helpers/storage-samples';

describe('what may be uploaded is decided by the bytes', () => {
  it.each([
    ['photo.jpg', SAMPLES.jpeg, 'jpg', 'image/jpeg'],
    ['photo.png', SAMPLES.png, 'png', 'image/png'],
    ['anim.gif', SAMPLES.gif, 'gif', 'image/gif'],
    ['photo.webp', SAMPLES.webp, 'webp', 'image/webp'],
    ['paper.pdf', SAMPLES.pdf, 'pdf', 'application/pdf'],
  ] as const)('accepts a real %s', async (name, bytes, extension, contentType) => {
    expect(await detectUpload(name, bytes)).toMatchObject({ ok: true, extension, contentType });
  });

  it('stores a PDF renamed .png as a PDF', async () => {
    expect(await detectUpload('paper.png', SAMPLES.pdf)).toMatchObject({ ok: true, extension: 'pdf', contentType: 'application/pdf' });
  });

  it('stores a JPEG named .gif with the extension its content proves', async () => {
    expect(await detectUpload('photo.gif', SAMPLES.jpeg)).toMatchObject({ ok: true, extension: 'jpg' });
  });

  it.each([
    ['a script named .png', 'evil.png', SAMPLES.script],
    ['an HTML file named .jpg', 'evil.jpg', SAMPLES.html],
    ['an SVG with script', 'logo.svg', SAMPLES.svg],
    ['an SVG with script named .png', 'logo.png', SAMPLES.svg],
  ])('refuses %s', async (_label, name, bytes) => {
    const result = await detectUpload(name, bytes);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.error).toContain('is not a JPEG, PNG, GIF, WebP or PDF file');
  });

  it('refuses an empty file', async () => {
    expect(await detectUpload('empty.png', new Uint8Array())).toEqual({ ok: false, reason: 'empty', error: 'empty.png is empty.' });
  });

  // Decision: the bytes start with a valid GIF header, so it is a GIF. It is stored as .gif and served as
  // image/gif with nosniff (tests/unit/storage-serve.test.ts), so no browser ever runs the script part.
  it('accepts a GIF/script polyglot as a GIF, never as script', async () => {
    expect(await detectUpload('trick.js', SAMPLES.gifPolyglot)).toMatchObject({ ok: true, extension: 'gif', contentType: 'image/gif' });
  });
});

describe('size limits: 10 MB per image, 50 MB per PDF', () => {
  it('accepts an image of exactly 10 MB and refuses one byte more', async () => {
    expect(await detectUpload('big.jpg', padded(SAMPLES.jpeg, 10 * MB))).toMatchObject({ ok: true });
    expect(await detectUpload('big.jpg', padded(SAMPLES.jpeg, 10 * MB + 1))).toMatchObject({
      ok: false,
      error: 'big.jpg is 10.0 MB; images may be at most 10.0 MB.',
    });
  });

  it('accepts a PDF of exactly 50 MB and refuses one byte more', async () => {
    expect(await detectUpload('thesis.pdf', padded(SAMPLES.pdf, 50 * MB))).toMatchObject({ ok: true });
    const over = await detectUpload('thesis.pdf', padded(SAMPLES.pdf, 50 * MB + 1));
    expect(over).toMatchObject({ ok: false, error: 'thesis.pdf is 50.0 MB; PDFs may be at most 50.0 MB.' });
  });
});

describe('generated names: timestamp, random string, proven extension, optional folder', () => {
  it('puts profile images in about/ and project images in projects/', () => {
    expect(generateObjectPath('png', 'about', 1_700_000_000_000)).toMatch(/^about\/1700000000000-[0-9a-z]{12}\.png$/);
    expect(generateObjectPath('webp', 'projects')).toMatch(/^projects\/\d{13}-[0-9a-z]{12}\.webp$/);
    expect(generateObjectPath('pdf')).toMatch(/^\d{13}-[0-9a-z]{12}\.pdf$/);
  });

  it('never repeats a name, even within the same millisecond', () => {
    const names = new Set(Array.from({ length: 10_000 }, () => generateObjectPath('jpg', undefined, 1)));
    expect(names.size).toBe(10_000);
  });
});

describe('the picker skips other types early by the declared type', () => {
  it.each(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'])('allows %s', (type) => {
    expect(isAllowedDeclaredType(type)).toBe(true);
  });
  it.each(['image/svg+xml', 'text/html', 'application/javascript', ''])('skips %j', (type) => {
    expect(isAllowedDeclaredType(type)).toBe(false);
  });
});
