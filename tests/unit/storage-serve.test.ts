import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRange, serveStoredFile } from '@/lib/storage/serve';
import { SAMPLES } from '../helpers/storage-samples';

let dir: string;
let bucketDir: string;
const pdfBytes = Buffer.from(SAMPLES.pdf);

function get(p: string[], headers: Record<string, string> = {}, method = 'GET') {
  return serveStoredFile(bucketDir, p, { method, headers: new Headers(headers) });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-serve-'));
  bucketDir = path.join(dir, 'storage', 'research-papers');
  mkdirSync(path.join(bucketDir, 'sub'), { recursive: true });
  writeFileSync(path.join(bucketDir, 'paper.pdf'), pdfBytes);
  writeFileSync(path.join(bucketDir, 'sub', 'trick.gif'), SAMPLES.gifPolyglot);
  writeFileSync(path.join(bucketDir, 'photo.png'), SAMPLES.png);
  writeFileSync(path.join(bucketDir, 'notes.bin'), 'data');
  utimesSync(path.join(bucketDir, 'paper.pdf'), new Date('2026-01-02T03:04:05Z'), new Date('2026-01-02T03:04:05Z'));
  writeFileSync(path.join(dir, 'secret.txt'), 'secret');
  symlinkSync(path.join(dir, 'secret.txt'), path.join(bucketDir, 'link.pdf'));
  symlinkSync(dir, path.join(bucketDir, 'up'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serving a stored file', () => {
  it('sends the stored content type, nosniff, a one-hour cache and validators', async () => {
    const res = await get(['paper.pdf']);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="paper.pdf"');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('last-modified')).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    expect(res.headers.get('content-length')).toBe(String(pdfBytes.length));
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdfBytes);
  });

  it('serves a GIF/script polyglot as image/gif with nosniff in a script-less sandbox', async () => {
    const res = await get(['sub', 'trick.gif']);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('sends a file of unknown type as an attachment', async () => {
    const res = await get(['notes.bin']);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="notes.bin"');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get(['photo.png'], {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(SAMPLES.png.byteLength));
    expect(res.body).toBeNull();
  });
});

describe('conditional requests', () => {
  it('answers 304 when If-None-Match holds the ETag', async () => {
    const etag = (await get(['paper.pdf'])).headers.get('etag') ?? '';
    const res = await get(['paper.pdf'], { 'If-None-Match': `"other", W/${etag}` });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect(await res.text()).toBe('');
  });

  it('answers 304 for If-Modified-Since at or after the last change, 200 before it', async () => {
    expect((await get(['paper.pdf'], { 'If-Modified-Since': 'Fri, 02 Jan 2026 03:04:05 GMT' })).status).toBe(304);
    expect((await get(['paper.pdf'], { 'If-Modified-Since': 'Fri, 02 Jan 2026 03:04:04 GMT' })).status).toBe(200);
  });

  it('lets If-None-Match win over If-Modified-Since', async () => {
    const res = await get(['paper.pdf'], { 'If-None-Match': '"stale"', 'If-Modified-Since': 'Fri, 02 Jan 2027 00:00:00 GMT' });
    expect(res.status).toBe(200);
  });
});

describe('range requests, so PDFs open in the viewer and downloads resume', () => {
  it('answers a byte range with 206 and Content-Range', async () => {
    const res = await get(['paper.pdf'], { Range: 'bytes=0-7' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 0-7/${pdfBytes.length}`);
    expect(res.headers.get('content-length')).toBe('8');
    expect(await res.text()).toBe('%PDF-1.4');
  });

  it('answers an open-ended and a suffix range', async () => {
    const open = await get(['paper.pdf'], { Range: `bytes=${pdfBytes.length - 6}-` });
    expect(open.status).toBe(206);
    expect(await open.text()).toBe('%%EOF\n');
    const suffix = await get(['paper.pdf'], { Range: 'bytes=-6' });
    expect(suffix.headers.get('content-range')).toBe(`bytes ${pdfBytes.length - 6}-${pdfBytes.length - 1}/${pdfBytes.length}`);
    expect(await suffix.text()).toBe('%%EOF\n');
  });

  it('answers 416 with the size for a range past the end', async () => {
    const res = await get(['paper.pdf'], { Range: `bytes=${pdfBytes.length}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${pdfBytes.length}`);
  });

  it('sends the whole file when If-Range names an older version', async () => {
    const res = await get(['paper.pdf'], { Range: 'bytes=0-7', 'If-Range': '"old-version"' });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdfBytes);
  });

  it.each([
    ['bytes=abc', 200],
    ['bytes=0-1,4-5', 200],
    ['items=0-1', 200],
  ])('ignores the malformed or multi-part range %j', async (range, status) => {
    expect((await get(['paper.pdf'], { Range: range })).status).toBe(status);
  });

  it('parses ranges', () => {
    expect(parseRange('bytes=2-', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange('bytes=2-100', 10)).toEqual({ start: 2, end: 9 });
    expect(parseRange('bytes=-100', 10)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=10-12', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=5-2', 10)).toBe('none');
  });
});

describe('no request path escapes the bucket folder', () => {
  it.each([
    [['..', 'secret.txt']],
    [['..%2Fsecret.txt']],
    [['%2e%2e', 'secret.txt']],
    [['sub', '..', '..', 'secret.txt']],
    [['..\\secret.txt']],
    [['sub\\..\\..\\secret.txt']],
    [[os.tmpdir() + '/secret.txt']],
    [['/etc/passwd']],
    [['', 'etc', 'passwd']],
    [['paper.pdf\0.png']],
    [['link.pdf']],
    [['up', 'secret.txt']],
    [['sub']],
    [['missing.pdf']],
  ])('answers 404 for %j', async (segments) => {
    const res = await get(segments);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('secret');
  });
});
