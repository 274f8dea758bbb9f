// @module-tag security
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

import { repoRoot } from '../helpers/site-server';
import { callAction, serverActions, sessionCookieHeader } from './fixtures/actions';
import { ADMIN, expect, signIn, test } from './fixtures/auth';

/**
 * Issue 24: hostile input on the surfaces added last round, against the production build. The image
 * optimiser, the link-preview cards and the BibTeX import; archives, settings and the shared cache have
 * their own unit and integration tests (tests/unit/bibtex-hostile.test.ts and the others named in the
 * issue's closing note).
 */

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function png(width: number, height: number, rows: Buffer): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

/** A GIF of `frames` frames of 1 × 1 pixel each: a few bytes a frame. */
function gif(frames: number): Buffer {
  const frame = Buffer.from([0x21, 0xf9, 0x04, 0x04, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]);
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from('\x21\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00', 'latin1'),
    ...Array.from({ length: frames }, () => frame),
    Buffer.from([0x3b]),
  ]);
}

test.describe('the image optimiser', () => {
  test('refuses other widths, qualities, SVG, a pixel bomb and a 10,000-frame GIF without decoding them; keeps what it made', async ({ request, site }) => {
    const folder = path.join(site.dataDir, 'storage', 'blog-images');
    mkdirSync(folder, { recursive: true });
    const ordinary = png(64, 64, Buffer.concat(Array.from({ length: 64 }, (_, row) => Buffer.concat([Buffer.from([0]), Buffer.alloc(64, row * 4)]))));
    writeFileSync(path.join(folder, 'hostile-ordinary.png'), ordinary);
    // 1 × 100,000,000 pixels: 194 kB on disk, 100 MB once decoded.
    writeFileSync(path.join(folder, 'hostile-bomb.png'), png(1, 100_000_000, Buffer.alloc(200_000_000)));
    writeFileSync(path.join(folder, 'hostile-frames.gif'), gif(10_000));
    writeFileSync(path.join(folder, 'hostile.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const image = (file: string, w = 640, q = 75) => request.get(`/_next/image?url=${encodeURIComponent(`/storage/blog-images/${file}`)}&w=${w}&q=${q}`, { headers: { Accept: 'image/avif,image/webp,*/*' } });

    expect((await image('hostile-ordinary.png', 641)).status()).toBe(400);
    expect((await image('hostile-ordinary.png', 640, 76)).status()).toBe(400);
    expect((await image('hostile-ordinary.png', 100_000)).status()).toBe(400);
    expect((await image('hostile.svg')).status()).toBe(400);

    // Files past the upload bounds that reached the disk some other way: the storage route refuses them
    // (read from the header, lib/storage/serve.ts), so the optimiser's own fetch fails and nothing is decoded.
    for (const file of ['hostile-bomb.png', 'hostile-frames.gif']) {
      const optimised = await image(file, 3840);
      expect(optimised.status(), file).toBe(422);
      expect(optimised.headers()['content-type'] ?? '', file).not.toMatch(/^image\//);
      const direct = await request.get(`/storage/blog-images/${file}`);
      expect(direct.status(), file).toBe(422);
    }
    expect(await (await request.get('/storage/blog-images/hostile-bomb.png')).text()).toContain('is too large an image: 1 × 100,000,000 pixels');
    expect(await (await request.get('/storage/blog-images/hostile-frames.gif')).text()).toContain('has too many frames: 10,000');

    // What it made once is kept (in memory, by the route cache): the second request is a hit, not a new encoding.
    const first = await image('hostile-ordinary.png');
    expect(first.status()).toBe(200);
    expect(first.headers()['content-type']).toBe('image/avif');
    expect(first.headers()['x-nextjs-cache']).toBe('MISS');
    const again = await image('hostile-ordinary.png');
    expect(again.headers()['x-nextjs-cache']).toBe('HIT');
    expect(await again.body()).toEqual(await first.body());
  });
});

test.describe('link-preview cards', () => {
  test('a card of nothing is a 404 without rendering: unknown and malformed ids and slugs', async ({ request }) => {
    // The cards' addresses carry a hash the build chooses: read them from the build's route list.
    const routes = Object.keys(JSON.parse(readFileSync(path.join(repoRoot, '.next', 'server', 'app-paths-manifest.json'), 'utf8')) as object);
    const cardOf = (folder: string) => /opengraph-image[^/]*/.exec(routes.find((route) => route.startsWith(`/(site)/${folder}/opengraph-image`))!)![0];
    const [postCard, paperCard] = [cardOf('blog/[slug]'), cardOf('research/[id]')];

    const slug = /href="\/blog\/([^"/?#]+)"/.exec(await (await request.get('/blog')).text())![1]!;
    // A published paper (a draft has no card: it is not announced anywhere): one whose page has citation tags.
    let paperId = '';
    for (const [, id] of (await (await request.get('/research')).text()).matchAll(/href="\/research\/([0-9a-f-]{36})"/g)) {
      if ((await (await request.get(`/research/${id}`)).text()).includes('citation_title')) {
        paperId = id!;
        break;
      }
    }
    expect(paperId).not.toBe('');
    for (const address of [`/blog/${slug}/${postCard}`, `/research/${paperId}/${paperCard}`]) {
      const card = await request.get(address);
      expect(card.status(), address).toBe(200);
      expect(card.headers()['content-type'], address).toBe('image/png');
    }

    for (const address of [
      `/blog/no-such-post-${Date.now()}/${postCard}`,
      `/blog/${'x'.repeat(300)}/${postCard}`,
      `/blog/%3Cscript%3E/${postCard}`,
      `/research/00000000-0000-4000-8000-000000000000/${paperCard}`,
      `/research/not-an-id/${paperCard}`,
    ]) {
      const response = await request.get(address);
      expect(response.status(), address).toBe(404);
      expect(response.headers()['content-type'], address).toBe('text/plain; charset=utf-8');
    }
  });
});

test.describe('a link-preview card of a long, formula-laden post', () => {
  test('a 300-character title of 40 formulas, no cover: the card is drawn once, then served from the cache', async ({ page, request, baseURL, site }) => {
    await signIn(page, ADMIN, '/admin/login');
    const cookies = await sessionCookieHeader(page.context());
    const create = serverActions('app/admin/(guarded)/blog').find((action) => action.name === 'createBlogPostAction')!;
    const slug = `card-${Date.now()}`;
    const title = Array.from({ length: 40 }, (_, index) => `$x_${index}$`).join(' ').padEnd(300, ' x').slice(0, 300);
    expect(title.match(/\$x_\d+\$/g)).toHaveLength(40);
    expect(title).toHaveLength(300);
    // React's reply format reads a string that starts with $ as a reference; the browser sends it as $$…
    const asReply = (text: string) => (text.startsWith('$') ? `$${text}` : text);
    const content = '$$\\sum_{n} n^{-s}$$';
    const created = await callAction(request, baseURL!, create.id, [{ title: asReply(title), slug, excerpt: '', tags: '', coverImage: '', content: asReply(content) }], cookies);
    expect(created, site.output()).toContain('"ok":true');

    const routes = Object.keys(JSON.parse(readFileSync(path.join(repoRoot, '.next', 'server', 'app-paths-manifest.json'), 'utf8')) as object);
    const card = /opengraph-image[^/]*/.exec(routes.find((route) => route.startsWith('/(site)/blog/[slug]/opengraph-image'))!)![0];
    const first = await request.get(`/blog/${slug}/${card}`);
    expect(first.status()).toBe(200);
    expect(first.headers()['content-type']).toBe('image/png');
    expect(first.headers()['etag']).toMatch(/^"card-[0-9a-z]+"$/);
    // The kept card, not a second drawing: the same drawing (its ETag says when it was drawn) and bytes.
    const again = await request.get(`/blog/${slug}/${card}`);
    expect(again.headers()['etag']).toBe(first.headers()['etag']);
    expect(await again.body()).toEqual(await first.body());
  });
});

test.describe('BibTeX import', () => {
  test('a file past the bounds is refused with its message, and the site answers pages meanwhile', async ({ page, request, baseURL }) => {
    await signIn(page, ADMIN, '/admin/login');
    const cookies = await sessionCookieHeader(page.context());
    const preview = serverActions('app/admin/(guarded)/research').find((action) => action.name === 'previewBibtexAction')!;

    const many = Array.from({ length: 10_000 }, (_, index) => `@misc{k${index},title={T${index}}}`).join('\n');
    expect(await callAction(request, baseURL!, preview.id, [many], cookies)).toContain('That file has 10,000 entries; at most 500 are read at once: split it into smaller files.');

    const long = `@article{huge, author={A}, year={2020}, journal={J}, title={T}, abstract={${'word '.repeat(12_000)}}}`;
    expect(await callAction(request, baseURL!, preview.id, [long], cookies)).toContain('The entry huge is too long to read');

    // Chained @string macros that would expand to gigabytes: the reader stops at its heap or time limit,
    // while the home page is served.
    const macros = Array.from({ length: 40 }, (_, index) => `@string{a${index + 1} = a${index} # a${index}}`).join('\n');
    const bomb = `@string{a0 = "xxxxxxxxxx"}\n${macros}\n@article{k, author={A}, year={2020}, journal={J}, title = a40}`;
    const reading = callAction(request, baseURL!, preview.id, [bomb], cookies);
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    const answer = await reading;
    expect(answer).toMatch(/needs too much memory to read|took too long to read|Invalid string length/);
    expect(answer).not.toContain('"key":"k"');
    // And an ordinary file still reads.
    expect(await callAction(request, baseURL!, preview.id, ['@article{fine, author={Ada Lovelace}, title={Fine}, journal={J}, year=2020}'], cookies)).toContain('"key":"fine"');
  });
});
