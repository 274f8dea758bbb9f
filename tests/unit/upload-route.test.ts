// @module-tag security
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminCheck } from '@/lib/auth/guard';
import { LocalStorage } from '@/lib/storage/local';
import { serveStoredFile } from '@/lib/storage/serve';
import { bucketAvailability, receiveUpload } from '@/lib/storage/upload';
import { MB } from '@/lib/bytes.mjs';
import type { UploadResult } from '@/lib/validation/upload';
import { SAMPLES, padded } from '../helpers/storage-samples';

const ADMIN: AdminCheck = { ok: true, user: { id: 'u1', email: 'admin@example.com' } };
let dataDir: string;
let storage: LocalStorage;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-upload-'));
  storage = new LocalStorage(path.join(dataDir, 'storage'));
  await storage.ensureBuckets();
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function uploadRequest(bucket: string, name: string, bytes: Uint8Array, headers: Record<string, string> = {}): Request {
  const form = new FormData();
  form.set('bucket', bucket);
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'image/png' }));
  return new Request('http://127.0.0.1:3000/api/upload', { method: 'POST', body: form, headers: { host: '127.0.0.1:3000', ...headers } });
}

async function upload(request: Request, check: AdminCheck = ADMIN): Promise<{ status: number; body: UploadResult }> {
  const response = await receiveUpload(request, { checkAdmin: async () => check, storage });
  return { status: response.status, body: (await response.json()) as UploadResult };
}

function stored(bucket: string): string[] {
  return readdirSync(path.join(dataDir, 'storage', bucket), { recursive: true, encoding: 'utf8' });
}

describe('uploads need an admin, re-checked by the route', () => {
  it('refuses an anonymous upload with 403 and stores nothing', async () => {
    const { status, body } = await upload(uploadRequest('blog-images', 'a.png', SAMPLES.png), { ok: false, reason: 'anonymous' });
    expect(status).toBe(403);
    expect(body.ok).toBe(false);
    expect(stored('blog-images')).toEqual([]);
  });

  it('refuses a signed-in user without the admin role with 403', async () => {
    expect((await upload(uploadRequest('blog-images', 'a.png', SAMPLES.png), { ok: false, reason: 'forbidden' })).status).toBe(403);
  });

  it('refuses a post from another site', async () => {
    const { status } = await upload(uploadRequest('blog-images', 'a.png', SAMPLES.png, { origin: 'https://evil.example' }));
    expect(status).toBe(403);
    expect(stored('blog-images')).toEqual([]);
  });
});

describe('each bucket takes its kind of file: PDFs only research-papers, images only the image buckets', () => {
  it('refuses a PDF, even one named .png, in an image bucket', async () => {
    const { status, body } = await upload(uploadRequest('blog-images', 'figure.png', SAMPLES.pdf));
    expect(status).toBe(415);
    expect(body).toMatchObject({ ok: false, error: 'Only images (JPEG, PNG, GIF or WebP) can be uploaded to blog-images.' });
  });

  it('refuses an image in research-papers', async () => {
    const { status, body } = await upload(uploadRequest('research-papers', 'paper.pdf', SAMPLES.png));
    expect(status).toBe(415);
    expect(body).toMatchObject({ ok: false, error: 'Only PDF files can be uploaded to research-papers.' });
  });
});

describe('the stored extension is the one the content proves', () => {
  it('stores a profile image in the about folder under a generated name and returns its public URL', async () => {
    const { status, body } = await upload(uploadRequest('profile-images', 'me.png', SAMPLES.png));
    expect(status).toBe(201);
    if (!body.ok) throw new Error(body.error);
    expect(body.path).toMatch(/^about\/\d{13}-[0-9a-z]{12}\.png$/);
    expect(body.url).toBe(`/storage/profile-images/${body.path}`);
    expect(body.contentType).toBe('image/png');
  });

  it('stores project images in the projects folder', async () => {
    const { body } = await upload(uploadRequest('project-images', 'shot.webp', SAMPLES.webp));
    expect(body.ok && body.path).toMatch(/^projects\/.*\.webp$/);
  });

  it('stores a PDF renamed .png as .pdf', async () => {
    const { body } = await upload(uploadRequest('research-papers', 'paper.png', SAMPLES.pdf));
    expect(body).toMatchObject({ ok: true, contentType: 'application/pdf' });
    expect(body.ok && body.path).toMatch(/^\d{13}-[0-9a-z]{12}\.pdf$/);
  });

  it('stores a GIF/script polyglot as .gif and serves it as image/gif with nosniff', async () => {
    const { body } = await upload(uploadRequest('blog-images', 'trick.html', SAMPLES.gifPolyglot));
    if (!body.ok) throw new Error(body.error);
    expect(body.path).toMatch(/\.gif$/);
    const served = await serveStoredFile(path.join(dataDir, 'storage', 'blog-images'), body.path.split('/'), { method: 'GET', headers: new Headers() });
    expect(served.headers.get('content-type')).toBe('image/gif');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['a script named .png', 'evil.png', SAMPLES.script],
    ['an HTML file named .jpg', 'evil.jpg', SAMPLES.html],
    ['an SVG with script', 'logo.svg', SAMPLES.svg],
  ])('refuses %s with a clear message and stores nothing', async (_label, name, bytes) => {
    const { status, body } = await upload(uploadRequest('blog-images', name, bytes));
    expect(status).toBe(415);
    expect(body).toEqual({ ok: false, status: 415, error: `${name} is not a JPEG, PNG, GIF, WebP or PDF file (its content was checked, not its name).` });
    expect(stored('blog-images')).toEqual([]);
  });
});

describe('size limits', () => {
  it('accepts an image of exactly 10 MB and refuses one byte more', async () => {
    expect((await upload(uploadRequest('blog-images', 'big.jpg', padded(SAMPLES.jpeg, 10 * MB)))).status).toBe(201);
    const over = await upload(uploadRequest('blog-images', 'bigger.jpg', padded(SAMPLES.jpeg, 10 * MB + 1)));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({ error: 'bigger.jpg is 10.0 MB; images may be at most 10.0 MB.' });
    expect(stored('blog-images')).toHaveLength(1);
  });

  it('refuses a request body larger than one PDF at its limit without reading it', async () => {
    const request = uploadRequest('research-papers', 'huge.pdf', padded(SAMPLES.pdf, 51 * MB));
    expect((await upload(request)).status).toBe(413);
  });
});

describe('bad input gets a clear error', () => {
  it('refuses an unknown bucket', async () => {
    const { status, body } = await upload(uploadRequest('../etc', 'a.png', SAMPLES.png));
    expect(status).toBe(400);
    expect(body).toMatchObject({ ok: false, error: expect.stringContaining('Choose one of the storage buckets.') });
  });

  it('refuses a request without a file', async () => {
    const form = new FormData();
    form.set('bucket', 'blog-images');
    const { status } = await upload(new Request('http://127.0.0.1:3000/api/upload', { method: 'POST', body: form }));
    expect(status).toBe(400);
  });

  it('answers 404 with "not found" when the bucket is gone', async () => {
    rmSync(path.join(dataDir, 'storage', 'blog-images'), { recursive: true });
    const { status, body } = await upload(uploadRequest('blog-images', 'a.png', SAMPLES.png));
    expect(status).toBe(404);
    expect(body.ok ? '' : body.error).toMatch(/not found/i);
  });
});

describe('bucket availability for the upload box', () => {
  it('reports a ready bucket to an admin and refuses anonymous callers', async () => {
    const request = new Request('http://127.0.0.1:3000/api/upload?bucket=blog-images');
    const ok = await bucketAvailability(request, { checkAdmin: async () => ADMIN, storage });
    expect(await ok.json()).toEqual({ ok: true, bucket: 'blog-images', state: 'ready' });
    const anonymous = await bucketAvailability(request, { checkAdmin: async () => ({ ok: false, reason: 'anonymous' }), storage });
    expect(anonymous.status).toBe(403);
  });
});
