import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';

/**
 * The little of tar (POSIX ustar, with pax records for long or non-ASCII names) that the backup and
 * export archives need: regular files only, written and read as streams. Any tar program lists and
 * extracts these archives; the reader accepts only what the writer produces (plus empty directories,
 * which it skips) and refuses links, devices and damaged headers, so an archive cannot place anything but
 * plain files.
 */

const BLOCK = 512;
const ZERO_BLOCK = Buffer.alloc(BLOCK);
/** The size field holds 11 octal digits: 8 GiB. */
const MAX_SIZE = 0o77777777777;
/** Pax records hold a name or two here; anything larger is not an archive this writer made. */
const MAX_PAX_BYTES = 1024 * 1024;

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

export interface TarEntry {
  name: string;
  size: number;
  mtime: Date;
  /** The entry's bytes in chunks; what is not read is skipped when the next entry is asked for. */
  chunks(): AsyncGenerator<Buffer>;
}

/** Where a writer's bytes go: awaited before the next write, so a slow disk applies backpressure. */
export type TarSink = (chunk: Buffer) => Promise<void>;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

/**
 * One ustar header. The writer makes regular files ('0') and pax records ('x'); the hostile-archive tests
 * (tests/helpers/archives.ts) make every other type and a link name through the same layout.
 */
export function headerBlock(name: string, size: number, mtime: Date, type: string, linkname = ''): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.max(0, Math.floor(mtime.getTime() / 1000)), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write(linkname, 157, 100, 'utf8');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
}

/** One pax record: "<length> <key>=<value>\n", where length counts the whole record, itself included. */
export function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  const bodyLength = Buffer.byteLength(body);
  let length = bodyLength + String(bodyLength).length;
  if (String(length).length !== String(bodyLength).length) length = bodyLength + String(length).length;
  return Buffer.from(`${length}${body}`, 'utf8');
}

export function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest);
}

/** Writes entries one after the other; finish() ends the archive. */
export class TarWriter {
  constructor(private readonly sink: TarSink) {}

  private async header(name: string, size: number, mtime: Date): Promise<void> {
    if (!Number.isSafeInteger(size) || size < 0 || size > MAX_SIZE) throw new TarFormatError(`${name} is too large for the archive.`);
    // Names the 100-byte field cannot hold exactly (long, or not plain ASCII) go in a pax record first.
    if (Buffer.byteLength(name) > 100 || !/^[\x20-\x7e]*$/.test(name)) {
      const record = paxRecord('path', name);
      await this.sink(headerBlock('PaxHeader', record.length, mtime, 'x'));
      await this.sink(Buffer.concat([record, padding(record.length)]));
      name = name.replace(/[^\x20-\x7e]/g, '_').slice(-100);
    }
    await this.sink(headerBlock(name, size, mtime, '0'));
  }

  async addBytes(name: string, bytes: Uint8Array, mtime: Date = new Date()): Promise<void> {
    await this.header(name, bytes.byteLength, mtime);
    await this.sink(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    await this.sink(padding(bytes.byteLength));
  }

  /** Streams a file from disk; `size` is what was recorded for it, and the file must still have it. */
  async addFile(name: string, file: string, size: number, mtime: Date): Promise<void> {
    await this.header(name, size, mtime);
    let written = 0;
    for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) break;
      await this.sink(chunk);
    }
    if (written !== size) throw new TarFormatError(`${file} changed while it was being archived.`);
    await this.sink(padding(size));
  }

  async finish(): Promise<void> {
    await this.sink(Buffer.concat([ZERO_BLOCK, ZERO_BLOCK]));
  }
}

/** A sink that writes to an open file, looping over partial writes. */
export function fileSink(handle: FileHandle): TarSink {
  return async (chunk) => {
    let offset = 0;
    while (offset < chunk.length) {
      const { bytesWritten } = await handle.write(chunk, offset, chunk.length - offset);
      offset += bytesWritten;
    }
  };
}

/** Hands out exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(wanted: number): Promise<void> {
    while (this.length < wanted && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Exactly n bytes; null at the very end of the stream; throws when it ends midway. */
  async take(n: number): Promise<Buffer | null> {
    await this.fill(n);
    if (this.length === 0 && this.ended) return null;
    if (this.length < n) throw new TarFormatError('The archive ends in the middle of an entry (it is truncated).');
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    const taken = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length > 0 ? [rest] : [];
    this.length = rest.length;
    return taken;
  }

  /** Up to n bytes as they arrive. */
  async *stream(n: number): AsyncGenerator<Buffer> {
    let remaining = n;
    while (remaining > 0) {
      if (this.length === 0) await this.fill(1);
      if (this.length === 0) throw new TarFormatError('The archive ends in the middle of an entry (it is truncated).');
      const first = this.buffered[0];
      const piece = first.length <= remaining ? first : first.subarray(0, remaining);
      if (piece === first) this.buffered.shift();
      else this.buffered[0] = first.subarray(remaining);
      this.length -= piece.length;
      remaining -= piece.length;
      yield piece;
    }
  }
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octalField(block: Buffer, start: number, length: number, what: string): number {
  const text = field(block, start, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError(`The archive has a damaged ${what} field.`);
  return text === '' ? 0 : parseInt(text, 8);
}

function checkHeader(block: Buffer): void {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : block[i];
  // The magic first: a file that is no tar at all is not "damaged".
  if (!block.subarray(257, 262).equals(Buffer.from('ustar'))) throw new TarFormatError('The file is not a tar archive.');
  if (octalField(block, 148, 8, 'checksum') !== sum) throw new TarFormatError('The archive has a damaged header (checksum mismatch).');
}

function parsePax(text: string): Map<string, string> {
  const records = new Map<string, string>();
  let rest = Buffer.from(text, 'utf8');
  while (rest.length > 0) {
    const space = rest.indexOf(0x20);
    const length = Number(rest.subarray(0, space).toString('ascii'));
    if (space <= 0 || !Number.isInteger(length) || length <= space || length > rest.length) throw new TarFormatError('The archive has a damaged pax record.');
    const record = rest.subarray(space + 1, length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals > 0) records.set(record.slice(0, equals), record.slice(equals + 1));
    rest = rest.subarray(length);
  }
  return records;
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The regular files of a tar stream, in order. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const iterator = source[Symbol.asyncIterator]();
  try {
    yield* entriesOf(new ByteReader(iterator));
  } finally {
    // A reader that stops early (a damaged entry, a failed check) closes the file behind it.
    await iterator.return?.();
  }
}

async function* entriesOf(reader: ByteReader): AsyncGenerator<TarEntry> {
  let pax = new Map<string, string>();
  for (;;) {
    const block = await reader.take(BLOCK);
    if (block === null) throw new TarFormatError('The archive ends without its end marker (it is truncated).');
    if (block.equals(ZERO_BLOCK)) return;
    checkHeader(block);
    const type = String.fromCharCode(block[156] || 0x30);
    const prefix = field(block, 345, 155);
    const headerName = prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100);
    const size = pax.has('size') ? Number(pax.get('size')) : octalField(block, 124, 12, 'size');
    if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError('The archive has a damaged size field.');
    const padded = Math.ceil(size / BLOCK) * BLOCK;

    if (type === 'x' || type === 'g') {
      if (size > MAX_PAX_BYTES) throw new TarFormatError('The archive has a damaged pax header (too large).');
      const body = await collect(reader.stream(padded));
      if (type === 'x') pax = parsePax(body.subarray(0, size).toString('utf8'));
      continue;
    }
    const name = pax.get('path') ?? headerName;
    pax = new Map();
    if (type === '5') {
      // A folder has no bytes: a size here would only make the reader unpack and skip them.
      if (size !== 0) throw new TarFormatError(`The archive holds the folder ${JSON.stringify(name)} with ${size} bytes of content, which a folder never has.`);
      continue;
    }
    if (type !== '0' && type !== '7') throw new TarFormatError(`The archive holds ${JSON.stringify(name)}, which is not a regular file.`);

    let consumed = false;
    const mtime = new Date(octalField(block, 136, 12, 'mtime') * 1000);
    const entry: TarEntry = {
      name,
      size,
      mtime,
      async *chunks() {
        if (consumed) throw new Error(`${name} was read already.`);
        consumed = true;
        yield* reader.stream(size);
        for await (const chunk of reader.stream(padded - size)) void chunk;
      },
    };
    yield entry;
    if (!consumed) {
      consumed = true;
      for await (const chunk of reader.stream(padded)) void chunk;
    }
  }
}

/** The archive's byte stream, gunzipped when the file starts with the gzip magic number. */
export async function openArchiveStream(file: string): Promise<AsyncIterable<Buffer>> {
  const handle = await open(file, 'r');
  let magic: Buffer;
  try {
    magic = Buffer.alloc(2);
    await handle.read(magic, 0, 2, 0);
  } finally {
    await handle.close();
  }
  const raw = createReadStream(file, { highWaterMark: 1024 * 1024 });
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) return raw;
  // pipeline() carries a read error into the gunzip stream and closes the file when reading stops early.
  const gunzip = createGunzip();
  pipeline(raw, gunzip, () => undefined);
  return gunzip;
}
