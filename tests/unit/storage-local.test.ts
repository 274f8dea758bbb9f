import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUCKETS } from '@/lib/storage/buckets';
import { resolveObjectFile } from '@/lib/storage/files';
import { LocalStorage } from '@/lib/storage/local';
import { pathFromPublicUrl, safeObjectPath } from '@/lib/storage/paths';
import { runStorageCheck } from '@/lib/storage/status';
import { StorageError } from '@/lib/storage/types';
import { SAMPLES } from '../helpers/storage-samples';

let root: string;
let dataDir: string;
let storage: LocalStorage;

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-storage-'));
  root = path.join(dataDir, 'storage');
  storage = new LocalStorage(root);
  await storage.ensureBuckets();
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the five public buckets on local disk', () => {
  it('creates all five buckets and finds them ready', async () => {
    for (const bucket of BUCKETS) expect(existsSync(path.join(root, bucket))).toBe(true);
    const status = await runStorageCheck(new LocalStorage(path.join(dataDir, 'other')));
    expect(status).toMatchObject({ ok: true, buckets: Object.fromEntries(BUCKETS.map((b) => [b, 'ready'])) });
  });

  it('reports a missing bucket as not found', async () => {
    rmSync(path.join(root, 'blog-images'), { recursive: true });
    expect(await storage.checkBucket('blog-images')).toBe('not-found');
    expect(await storage.checkBucket('profile-images')).toBe('ready');
  });

  it('reports a whole-check failure instead of throwing', async () => {
    // The storage root is a file: no bucket can be created under it.
    const blocked = path.join(dataDir, 'blocked');
    writeFileSync(blocked, 'not a directory');
    const status = await runStorageCheck(new LocalStorage(blocked));
    expect(status.ok).toBe(false);
  });
});

describe('upload, public URL, list, remove', () => {
  it('stores the bytes under the bucket folder with the folder and lists them', async () => {
    const stored = await storage.upload('profile-images', { path: 'about/1-abc.png', bytes: SAMPLES.png, contentType: 'image/png' });
    expect(stored).toMatchObject({ path: 'about/1-abc.png', name: '1-abc.png', size: SAMPLES.png.byteLength, contentType: 'image/png' });
    expect(stored.url).toBe('/storage/profile-images/about/1-abc.png');
    expect(readFileSync(path.join(root, 'profile-images', 'about', '1-abc.png'))).toEqual(Buffer.from(SAMPLES.png));
    expect((await storage.list('profile-images')).map((o) => o.path)).toEqual(['about/1-abc.png']);
  });

  it('never overwrites an existing object', async () => {
    await storage.upload('blog-images', { path: 'x.png', bytes: SAMPLES.png, contentType: 'image/png' });
    await expect(storage.upload('blog-images', { path: 'x.png', bytes: SAMPLES.gif, contentType: 'image/gif' })).rejects.toMatchObject({
      code: 'exists',
    });
    expect(readFileSync(path.join(root, 'blog-images', 'x.png'))).toEqual(Buffer.from(SAMPLES.png));
  });

  it('leaves no temporary file behind, and start-up clears ones a crash left', async () => {
    await storage.upload('blog-images', { path: 'y.png', bytes: SAMPLES.png, contentType: 'image/png' });
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
    writeFileSync(path.join(root, '.tmp', 'crashed.part'), 'half a file');
    await storage.ensureBuckets();
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
    expect(readdirSync(path.join(root, 'blog-images'))).toEqual(['y.png']);
  });

  it('removes by path and counts only what existed', async () => {
    await storage.upload('research-papers', { path: 'p.pdf', bytes: SAMPLES.pdf, contentType: 'application/pdf' });
    expect(await storage.remove('research-papers', ['p.pdf', 'missing.pdf', '../profile-images/x.png'])).toBe(1);
    expect(await storage.list('research-papers')).toEqual([]);
  });

  it('refuses an upload into a bucket that is gone', async () => {
    rmSync(path.join(root, 'personal-images'), { recursive: true });
    await expect(storage.upload('personal-images', { path: 'a.png', bytes: SAMPLES.png, contentType: 'image/png' })).rejects.toBeInstanceOf(
      StorageError,
    );
  });
});

describe('no path can escape the bucket folder', () => {
  const escapes = ['../secret.txt', '..', 'about/../../secret.txt', '/etc/passwd', 'a\\..\\..\\secret.txt', 'a\0.png', '.hidden', '%2e%2e/secret.txt', 'a/./b.png', ''];

  it.each(escapes)('refuses the path %j', (p) => {
    expect(safeObjectPath(p)).toBeNull();
  });

  it.each(escapes)('refuses to upload to %j', async (p) => {
    await expect(storage.upload('blog-images', { path: p, bytes: SAMPLES.png, contentType: 'image/png' })).rejects.toMatchObject({ code: 'invalid' });
  });

  it('does not follow a symlink inside the storage folder that points outside it', async () => {
    const outside = path.join(dataDir, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'blog-images', 'link.png'));
    symlinkSync(outside, path.join(root, 'blog-images', 'dir'));
    expect(await resolveObjectFile(path.join(root, 'blog-images'), 'link.png')).toBeNull();
    expect(await resolveObjectFile(path.join(root, 'blog-images'), ['dir', 'secret.txt'])).toBeNull();
    expect(await storage.list('blog-images')).toEqual([]);
    expect(await storage.remove('blog-images', ['dir/secret.txt'])).toBe(0);
    await expect(storage.upload('blog-images', { path: 'dir/new.png', bytes: SAMPLES.png, contentType: 'image/png' })).rejects.toMatchObject({
      code: 'invalid',
    });
    expect(readdirSync(outside)).toEqual(['secret.txt']);
  });
});

describe('profile image delete derives the path from the URL after the bucket name', () => {
  it.each([
    ['/storage/profile-images/about/1-abc.png', 'about/1-abc.png'],
    ['http://127.0.0.1:3000/storage/profile-images/about/1-abc.png?x=1', 'about/1-abc.png'],
    ['https://abc.supabase.co/storage/v1/object/public/profile-images/about/1-abc.png', 'about/1-abc.png'],
  ])('%s → %s', (url, expected) => {
    expect(pathFromPublicUrl(url, 'profile-images')).toBe(expected);
  });

  it.each(['/placeholder.svg', '/storage/blog-images/x.png', '/storage/profile-images/..%2F..%2Fsecret', '/storage/profile-images/', 'not a url %'])(
    'finds no path in %j',
    (url) => {
      expect(pathFromPublicUrl(url, 'profile-images')).toBeNull();
    },
  );
});
