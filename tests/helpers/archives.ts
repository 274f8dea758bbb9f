import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openArchiveStream, readArchive, readTar } from '@/lib/backup/archive';
import { CONTENT_TABLES, EXPORT_FORMAT, type ExportManifest } from '@/lib/backup/export-format';
import type { Database } from '@/lib/db/types';

/**
 * Hostile archives for the import and restore tests: any entry name, any tar type (links, directories,
 * pax global headers), any declared size and pax records, written byte by byte the way a ustar header is
 * laid out, so a test can make what a tar writer (tar-stream checks sizes and knows no 'g') never would.
 */

export interface RawEntry {
  name: string;
  bytes?: Uint8Array;
  /** The tar type flag: '0' a file (the default), '1' a hard link, '2' a symlink, '5' a directory. */
  type?: string;
  /** The size field, when it should differ from the bytes' length. */
  size?: number;
  linkname?: string;
  /** Pax records put before the entry ('path', 'size'…). */
  pax?: Record<string, string>;
}

const BLOCK = 512;
/** The largest size a ustar size field holds: a larger claim goes in a pax record. */
const MAX_SIZE_FIELD = 0o77777777777;
/** Any fixed time (seconds since 1970): the tests compare contents, not dates. */
const MTIME = 1_767_000_000;

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

/** One ustar header: name, mode, uid, gid, size, mtime, checksum, type, link name, magic and version. */
function headerBlock(name: string, size: number, type: string, linkname = ''): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(`${octal(0o644, 8)}${octal(0, 8)}${octal(0, 8)}${octal(size, 12)}${octal(MTIME, 12)}        ${type}`, 100, 'ascii');
  block.write(linkname, 157, 100, 'utf8');
  block.write('ustar', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(`${octal(block.reduce((sum, byte) => sum + byte, 0), 7)} `, 148, 'ascii');
  return block;
}

/** One pax record: "<length> <key>=<value>\n", where length counts the whole record, itself included. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return Buffer.from(`${length}${body}`, 'utf8');
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The tar's bytes; `end: false` leaves out the end marker. */
export function rawTar(entries: RawEntry[], options: { end?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const bytes = Buffer.from(entry.bytes ?? new Uint8Array());
    const pax = { ...entry.pax };
    if (Buffer.byteLength(entry.name) > 100 || !/^[\x20-\x7e]*$/.test(entry.name)) pax.path ??= entry.name;
    if (Object.keys(pax).length > 0) {
      const body = Buffer.concat(Object.entries(pax).map(([k, v]) => paxRecord(k, v)));
      parts.push(headerBlock('PaxHeader', body.length, 'x'), body, padding(body.length));
    }
    const size = Math.min(entry.size ?? bytes.length, MAX_SIZE_FIELD);
    parts.push(headerBlock(entry.name, size, entry.type ?? '0', entry.linkname), bytes, padding(bytes.length));
  }
  if (options.end !== false) parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

export function writeRawArchive(file: string, entries: RawEntry[], options: { gzip?: boolean; end?: boolean } = {}): void {
  const tar = rawTar(entries, options);
  writeFileSync(file, options.gzip ? gzipSync(tar) : tar);
}

/** Every entry of an archive (a good one, to make variants of), bytes in memory. */
export async function readEntries(file: string): Promise<{ name: string; bytes: Buffer }[]> {
  const out: { name: string; bytes: Buffer }[] = [];
  for await (const entry of readTar(await openArchiveStream(file))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.chunks()) parts.push(chunk);
    out.push({ name: entry.name, bytes: Buffer.concat(parts) });
  }
  return out;
}

/** The entries with manifest.json (the first) changed by `change`. */
export function withManifest(
  entries: { name: string; bytes: Buffer }[],
  change: (manifest: Record<string, unknown>) => unknown,
): { name: string; bytes: Buffer }[] {
  const [first, ...rest] = entries;
  const manifest = JSON.parse(first.bytes.toString('utf8')) as Record<string, unknown>;
  const changed = change(manifest) ?? manifest;
  return [{ name: first.name, bytes: Buffer.from(JSON.stringify(changed)) }, ...rest];
}

/** The content tables as JSON, for "unchanged" checks. */
export async function contentOf(db: Database): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const table of CONTENT_TABLES) {
    const { rows } = await db.query<{ rows: string }>(
      `select coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]')::text as rows from public.${table} t`,
    );
    out[table] = JSON.parse(rows[0].rows);
  }
  return out;
}

/** Names and sizes of everything in a directory tree: enough to see that nothing was touched. */
export function treeListing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isDirectory())
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return `${path.relative(dir, file)}${entry.isFile() ? ` ${readFileSync(file).length}` : '/'}`;
    })
    .sort();
}

/** An export's entries (content and files) by name, as SHA-256s, and its manifest, read with the import's own checks. */
export async function archiveContents(file: string): Promise<{ manifest: ExportManifest; entries: Record<string, string> }> {
  const entries: Record<string, string> = {};
  const manifest = await readArchive(file, EXPORT_FORMAT, {
    async consume(entry, chunks) {
      const hash = createHash('sha256');
      for await (const chunk of chunks) hash.update(chunk);
      entries[entry.name] = hash.digest('hex');
    },
  });
  return { manifest, entries };
}
