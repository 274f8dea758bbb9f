import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTar, TarFormatError } from '@/lib/backup/archive';
import { storageUrlRewriter } from '@/lib/backup/export-format';
import { writeArchiveAtomically } from '@/lib/backup/files';
import { BUCKETS, type Bucket } from '@/lib/storage/buckets';
import { rawTar } from '../helpers/archives';

/** The bytes of an (uncompressed) archive of these entries, as the backup writes it. */
async function archive(entries: [string, Uint8Array][]): Promise<Buffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-tar-'));
  try {
    const file = path.join(dir, 'archive.tar');
    await writeArchiveAtomically(file, async (writer) => {
      for (const [name, bytes] of entries) await writer.addBytes(name, bytes, new Date('2026-01-02T03:04:05Z'));
    });
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Feeds the bytes in small, uneven chunks, as a file or gunzip stream would. */
async function* chunked(bytes: Buffer, size = 333): AsyncGenerator<Buffer> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function readAll(bytes: Buffer): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  for await (const entry of readTar(chunked(bytes))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.chunks()) parts.push(chunk);
    out.push([entry.name, Buffer.concat(parts)]);
  }
  return out;
}

describe('the archive format (tar)', () => {
  it('reads back every file byte for byte, long and non-ASCII names included', async () => {
    const entries: [string, Uint8Array][] = [
      ['manifest.json', Buffer.from('{"a":1}')],
      ['empty', new Uint8Array()],
      ['exactly-512', Buffer.alloc(512, 7)],
      [`files/blog-images/${'long-name-'.repeat(30)}.png`, Buffer.from('x')],
      ['files/personal-images/café ☕.jpg', Buffer.from('ü')],
    ];
    expect(await readAll(await archive(entries))).toEqual(entries.map(([name, bytes]) => [name, Buffer.from(bytes)]));
  });

  it('skips the bytes of entries the reader does not read', async () => {
    const bytes = await archive([
      ['a', Buffer.alloc(1000, 1)],
      ['b', Buffer.from('second')],
    ]);
    const names: string[] = [];
    let second = '';
    for await (const entry of readTar(chunked(bytes))) {
      names.push(entry.name);
      if (entry.name === 'b') for await (const chunk of entry.chunks()) second += chunk.toString();
    }
    expect(names).toEqual(['a', 'b']);
    expect(second).toBe('second');
  });

  it('refuses a damaged header and a truncated archive', async () => {
    const bytes = await archive([['a', Buffer.from('hello')]]);
    const damaged = Buffer.from(bytes);
    damaged[10] ^= 0xff;
    await expect(readAll(damaged)).rejects.toThrowError(TarFormatError);
    await expect(readAll(bytes.subarray(0, 600))).rejects.toThrowError(/truncated/);
    await expect(readAll(bytes.subarray(0, 1024))).rejects.toThrowError(/truncated/);
  });

  it('reads GNU long names and skips empty folders', async () => {
    const long = `files/blog-images/${'long-name-'.repeat(30)}.png`;
    const gnu = rawTar([
      { name: 'files/', type: '5' },
      { name: '././@LongLink', type: 'L', bytes: Buffer.from(`${long}\0`) },
      { name: long.slice(0, 100), bytes: Buffer.from('x') },
    ]);
    expect(await readAll(gnu)).toEqual([[long, Buffer.from('x')]]);
  });

  it('refuses links, devices, FIFOs, folders with content, oversized pax headers and what is no tar', async () => {
    for (const type of ['1', '2', '3', '4', '6']) {
      await expect(readAll(rawTar([{ name: 'link', type, linkname: '/etc/passwd' }]))).rejects.toThrowError('The archive holds "link", which is not a regular file.');
    }
    await expect(readAll(rawTar([{ name: 'files/', type: '5', pax: { size: '1024' } }]))).rejects.toThrowError(
      'The archive holds the folder "files/" with 1024 bytes of content, which a folder never has.',
    );
    await expect(readAll(rawTar([{ name: 'PaxHeader', type: 'x', bytes: Buffer.alloc(5 * 1024 * 1024) }]))).rejects.toThrowError(
      'The archive has a damaged pax header (too large).',
    );
    await expect(readAll(Buffer.from('<html>'.padEnd(2048)))).rejects.toThrowError('The file is not a tar archive.');
    await expect(readAll(rawTar([{ name: 'a' }], { end: false }))).rejects.toThrowError('The archive ends without its end marker (it is truncated).');
  });
});

describe('moving content between local storage and Supabase', () => {
  const local = Object.fromEntries(BUCKETS.map((b) => [b, `/storage/${b}/`])) as Record<Bucket, string>;
  const supabase = Object.fromEntries(
    BUCKETS.map((b) => [b, `https://abc.supabase.co/storage/v1/object/public/${b}/`]),
  ) as Record<Bucket, string>;

  it("rewrites links to the site's own files in every text, list and JSON value", () => {
    const toSupabase = storageUrlRewriter(local, supabase);
    const row = {
      cover_image: '/storage/blog-images/1-a.png',
      content: 'See ![x](/storage/blog-images/1-a.png) and <img src="/storage/personal-images/2.jpg">',
      image_urls: ['/storage/personal-images/2.jpg'],
      education: [{ logo: '/storage/profile-images/about/3.png' }],
      link: 'https://example.org/storage/blog-images/elsewhere.png',
      featured: true,
      end_date: null,
    };
    expect(toSupabase(row)).toEqual({
      cover_image: 'https://abc.supabase.co/storage/v1/object/public/blog-images/1-a.png',
      content:
        'See ![x](https://abc.supabase.co/storage/v1/object/public/blog-images/1-a.png) and <img src="https://abc.supabase.co/storage/v1/object/public/personal-images/2.jpg">',
      image_urls: ['https://abc.supabase.co/storage/v1/object/public/personal-images/2.jpg'],
      education: [{ logo: 'https://abc.supabase.co/storage/v1/object/public/profile-images/about/3.png' }],
      // Another site's address that happens to contain the same path is not this site's file.
      link: 'https://example.org/storage/blog-images/elsewhere.png',
      featured: true,
      end_date: null,
    });
    expect(storageUrlRewriter(supabase, local)(toSupabase(row))).toEqual(row);
  });

  it('leaves content alone between two sites with the same storage addresses', () => {
    const same = storageUrlRewriter(local, local);
    const row = { image: '/storage/project-images/projects/1.png' };
    expect(same(row)).toBe(row);
  });
});
