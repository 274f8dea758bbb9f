// @module-tag security
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

import { detectUpload } from '@/lib/storage/content-type';
import { IMAGE_BOUNDS, imageSize } from '@/lib/storage/image-size';
import { serveStoredFile } from '@/lib/storage/serve';
import { SAMPLES } from '../helpers/storage-samples';

/** Issue 24: uploads whose header states more pixels or frames than IMAGE_BOUNDS are refused before they are stored. */

const u32 = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};
const chunk = (type: string, data: Buffer) => Buffer.concat([u32(data.length), Buffer.from(type, 'latin1'), data, u32(0)]);
const png = (width: number, height: number, extra: Buffer[] = []) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', Buffer.concat([u32(width), u32(height), Buffer.from([8, 0, 0, 0, 0])])),
    ...extra,
    chunk('IDAT', deflateSync(Buffer.alloc(Math.min(height, 1000) * 2))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
const gif = (frames: number) =>
  Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    ...Array.from({ length: frames }, () => Buffer.from([0x21, 0xf9, 0x04, 0x04, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00])),
    Buffer.from([0x3b]),
  ]);

describe('image sizes from headers', () => {
  it('reads the samples of every image type as 2 × 2, one frame', () => {
    expect(imageSize('png', SAMPLES.png)).toEqual({ width: 2, height: 2, frames: 1 });
    expect(imageSize('jpg', SAMPLES.jpeg)).toEqual({ width: 2, height: 2, frames: 1 });
    expect(imageSize('gif', SAMPLES.gif)).toEqual({ width: 2, height: 2, frames: 1 });
    expect(imageSize('webp', SAMPLES.webp)).toEqual({ width: 2, height: 2, frames: 1 });
  });

  it('counts the frames of a GIF and of an animated PNG', () => {
    expect(imageSize('gif', gif(12))?.frames).toBe(12);
    expect(imageSize('png', png(10, 10, [chunk('acTL', Buffer.concat([u32(5000), u32(0)]))]))?.frames).toBe(5000);
  });
});

describe('uploads past the bounds', () => {
  it('refuses a PNG of 1 × 100,000,000 pixels, a few hundred bytes to store', async () => {
    const bomb = png(1, 100_000_000);
    expect(bomb.length).toBeLessThan(10_000);
    expect(await detectUpload('bomb.png', bomb)).toEqual({
      ok: false,
      reason: 'image',
      error: 'bomb.png is too large an image: 1 × 100,000,000 pixels (at most 20,000 a side and 50 megapixels).',
    });
    expect(await detectUpload('square.png', png(8_000, 8_000))).toMatchObject({ ok: false, reason: 'image' });
    expect(await detectUpload('photo.png', png(8_000, 6_000))).toMatchObject({ ok: true, extension: 'png' });
  });

  it('refuses a GIF of 10,000 frames and takes one of 1,000', async () => {
    expect(await detectUpload('frames.gif', gif(10_000))).toEqual({ ok: false, reason: 'image', error: 'frames.gif has too many frames: 10,000 (at most 1,000).' });
    expect(await detectUpload('frames.gif', gif(IMAGE_BOUNDS.frames))).toMatchObject({ ok: true, extension: 'gif' });
  });

  it('refuses an image whose header states no size', async () => {
    expect(await detectUpload('zero.png', png(0, 0))).toMatchObject({ ok: false, reason: 'image', error: 'zero.png could not be read as an image: its header is damaged.' });
  });
});

describe('stored images past the bounds are not served', () => {
  // Files that did not come through the upload (written by hand, or kept from before the bounds): neither a
  // browser nor the image optimiser, whose fetch of /storage/… then fails, gets them.
  const bucketDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-stored-images-'));
  afterAll(() => rmSync(bucketDir, { recursive: true, force: true }));
  const serve = (name: string, bytes: Buffer) => {
    writeFileSync(path.join(bucketDir, name), bytes);
    return serveStoredFile(bucketDir, [name], { method: 'GET', headers: new Headers() });
  };

  it('refuses a 1 × 100,000,000-pixel PNG, a 10,000-frame GIF and an image over 10 MB with 422 and what is wrong', async () => {
    const bomb = await serve('bomb.png', png(1, 100_000_000));
    expect(bomb.status).toBe(422);
    expect(bomb.headers.get('cache-control')).toBe('no-store');
    expect(await bomb.text()).toBe('bomb.png is too large an image: 1 × 100,000,000 pixels (at most 20,000 a side and 50 megapixels).');

    const frames = await serve('frames.gif', gif(10_000));
    expect(frames.status).toBe(422);
    expect(await frames.text()).toBe('frames.gif has too many frames: 10,000 (at most 1,000).');

    const huge = await serve('huge.png', Buffer.concat([png(100, 100), Buffer.alloc(11 * 1024 * 1024)]));
    expect(huge.status).toBe(422);
    expect(await huge.text()).toMatch(/^huge\.png is 11(\.0)? MB; images may be at most 10(\.0)? MB\.$/);
  });

  it('serves an image within the bounds, and judges a file again when it changes', async () => {
    const ordinary = await serve('photo.png', png(640, 480));
    expect(ordinary.status).toBe(200);
    expect(ordinary.headers.get('content-type')).toBe('image/png');
    // The same name, now a bomb (another size): refused, not the verdict kept for the ordinary file.
    expect((await serve('photo.png', png(1, 100_000_000, [chunk('tEXt', Buffer.alloc(64))]))).status).toBe(422);
  });
});
