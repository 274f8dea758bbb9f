import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { openArchiveStream, readTar } from '@/lib/backup/tar';

/**
 * Hostile archives for the import and restore tests: any entry name, any tar type (links, directories),
 * any declared size and pax records, written byte by byte the way a tar header is laid out, so a test can
 * make what TarWriter (which writes regular files only) never would.
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

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, type: string, linkname = ''): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name.slice(0, 100), 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(Math.min(size, 0o77777777777), 12), 124, 'ascii');
  block.write(octal(1_767_000_000, 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write(linkname.slice(0, 100), 157, 100, 'utf8');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyLength = Buffer.byteLength(body);
  let length = bodyLength + String(bodyLength).length;
  if (String(length).length !== String(bodyLength).length) length = bodyLength + String(length).length;
  return `${length}${body}`;
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The tar's bytes; `end: false` leaves out the end marker. */
export function rawTar(entries: RawEntry[], options: { end?: boolean } = {}): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const bytes = Buffer.from(entry.bytes ?? new Uint8Array());
    const pax = { ...entry.pax };
    if (Buffer.byteLength(entry.name) > 100 || !/^[\x20-\x7e]*$/.test(entry.name)) pax.path ??= entry.name;
    if (Object.keys(pax).length > 0) {
      const body = Buffer.from(Object.entries(pax).map(([k, v]) => paxRecord(k, v)).join(''), 'utf8');
      parts.push(header('PaxHeader', body.length, 'x'), body, padding(body.length));
    }
    parts.push(header(entry.name, entry.size ?? bytes.length, entry.type ?? '0', entry.linkname), bytes, padding(bytes.length));
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
