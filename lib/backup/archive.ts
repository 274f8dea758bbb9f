import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, statfs } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract as tarExtract } from 'tar-stream';
import { formatBytes, GB, KB, MB } from '@/lib/bytes.mjs';
import { z } from '@/lib/validation/zod';

/**
 * Reading a backup or export archive: one tar whose first entry is manifest.json, listing every other
 * entry with its size and SHA-256. An archive is accepted only when the manifest parses, every listed
 * entry is there exactly once with its size and checksum, and nothing unlisted is.
 */

export const MANIFEST_ENTRY = 'manifest.json';


/**
 * What one archive may hold, so that a small archive cannot unpack to more memory, disk or time than a
 * site's own would (a decompression bomb). Each is checked against the manifest before any other entry
 * is read, and the bytes actually unpacked are counted as well (a manifest can lie).
 */
export const ARCHIVE_LIMITS = {
  /** manifest.json, read into memory. */
  manifestBytes: 64 * MB,
  /** Every listed entry together. */
  totalBytes: 4 * GB,
  /** One stored file (uploads take at most 50 MB). */
  fileBytes: 256 * MB,
  /** One content/<table>.json of an export, read into memory. */
  contentBytes: 64 * MB,
  /** A backup's database.tar.gz, read into memory. */
  databaseBytes: 1 * GB,
  /** What PGlite unpacks that database to (in memory, then on disk). */
  databaseUnpackedBytes: 2 * GB,
} as const;

/**
 * Beyond the listed entries' bytes, what a tar may hold: per entry a header, a long name (a pax record or
 * a GNU long-name entry: a few kB even for a 4,096-byte name) and the folder entries a tar program adds,
 * plus the end marker and a tar program's record padding.
 */
const HEADER_ALLOWANCE = 16 * KB;
const END_ALLOWANCE = MB;
/** Before the manifest is read: a long-name header (tar-stream reads at most 4 MiB of one) and the manifest itself. */
const PRE_MANIFEST_ALLOWANCE = ARCHIVE_LIMITS.manifestBytes + 5 * MB;

/** The free bytes of the file system holding `dir` (for a non-root user). */
export async function freeSpace(dir: string): Promise<number> {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
}

export class ArchiveError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ArchiveError';
  }
}

/** The tar itself is damaged or not what it should be; readArchive names the file. */
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

const BLOCK = 512;
const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

/**
 * tar-stream's refusals (version 3 words them in English, without codes) as this site words them; one
 * not listed here reads as damage, in tar-stream's words.
 */
const TAR_STREAM_ERRORS = new Map([
  ['Unexpected end of data', 'The archive ends in the middle of an entry (it is truncated).'],
  ['Invalid tar header. Maybe the tar is corrupted or it needs to be gunzipped?', 'The archive has a damaged header (checksum mismatch).'],
  ['Invalid tar header: unknown format.', 'The file is not a tar archive.'],
  ['Header exceeds max size', 'The archive has a damaged pax header (too large).'],
  ['Invalid header', 'The archive has a damaged size field.'],
]);

/** What went by of the tar's bytes: how many, the first block, where the last non-zero byte ends, and the source's own failure. */
interface Fed {
  bytes: number;
  head: Buffer;
  dataEnd: number;
  error?: unknown;
}

const ZEROS = Buffer.alloc(8 * BLOCK);

/** Where the last non-zero byte of `chunk` ends (0: none): runs of zeros are compared 4 kB at a time. */
function dataEnd(chunk: Buffer): number {
  let end = chunk.length;
  while (end > 0) {
    const start = Math.max(0, end - ZEROS.length);
    if (!chunk.subarray(start, end).equals(ZEROS.subarray(0, end - start))) break;
    end = start;
  }
  while (end > 0 && chunk[end - 1] === 0) end -= 1;
  return end;
}

async function* counted(source: AsyncIterable<Buffer>, fed: Fed): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source) {
      if (fed.head.length < BLOCK) fed.head = Buffer.concat([fed.head, chunk.subarray(0, BLOCK - fed.head.length)]);
      const end = dataEnd(chunk);
      if (end > 0) fed.dataEnd = fed.bytes + end;
      fed.bytes += chunk.length;
      yield chunk;
    }
  } catch (error) {
    fed.error = error;
    throw error;
  }
}

/** A failure in this site's words; the source's own (reading, gunzip, the byte budget) stay as they are. */
function tarError(error: unknown, fed: Fed, beforeFirstEntry: boolean): unknown {
  if (error === fed.error || error instanceof TarFormatError || !(error instanceof Error)) return error;
  // tar-stream checks a header's checksum before its magic: a file that is no tar at all is not "damaged".
  if (beforeFirstEntry && fed.head.length >= 262 && !fed.head.subarray(257, 262).equals(Buffer.from('ustar'))) {
    return new TarFormatError('The file is not a tar archive.');
  }
  return new TarFormatError(TAR_STREAM_ERRORS.get(error.message) ?? `The archive is damaged (${error.message}).`);
}

/**
 * The regular files of a tar stream, in order. tar-stream parses it (ustar with pax records or GNU long
 * names, base-256 sizes), so the archive this site writes reads as well as its entries packed again by a
 * tar program. Empty folders are skipped. Links, devices, FIFOs and folders with content are refused, so
 * that an archive places nothing but plain files; so is an archive that stops before its end marker.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const fed: Fed = { bytes: 0, head: Buffer.alloc(0), dataEnd: 0 };
  const extract = tarExtract();
  // The source's failures (reading, gunzip, the byte budget) reach the loop below through `extract`, as
  // tar-stream's own do; `piped` is awaited only to know the source closed.
  const piped = pipeline(counted(source, fed), extract);
  piped.catch(() => undefined);
  let entryEnd: number | undefined;
  try {
    for await (const entry of extract) {
      const { name, size, mtime, type } = entry.header;
      if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError('The archive has a damaged size field.');
      if (Number.isNaN(mtime.getTime())) throw new TarFormatError('The archive has a damaged mtime field.');
      if (type === 'directory') {
        // A folder has no bytes: one that claims some was not made by a tar program.
        if (size !== 0) throw new TarFormatError(`The archive holds the folder ${JSON.stringify(name)} with ${size} bytes of content, which a folder never has.`);
        entryEnd = entry.offset + BLOCK;
        continue;
      }
      if (type !== 'file' && type !== 'contiguous-file') throw new TarFormatError(`The archive holds ${JSON.stringify(name)}, which is not a regular file.`);
      entryEnd = entry.offset + BLOCK + padded(size);
      // One iterator for the reader and for skipping what it left: ending an entry's stream early would end the archive's.
      const iterator = entry[Symbol.asyncIterator]();
      const rest = async function* (): AsyncGenerator<Buffer> {
        for (;;) {
          const next = await iterator.next().catch((error: unknown) => Promise.reject(tarError(error, fed, false)));
          if (next.done) return;
          yield next.value as Buffer;
        }
      };
      yield { name, size, mtime, chunks: rest };
      for await (const chunk of rest()) void chunk;
    }
    // tar-stream reads on past the end marker (two zero blocks): after the last entry come zeros only, two blocks at least.
    const end = entryEnd ?? 0;
    if (fed.dataEnd > end || fed.bytes < end + 2 * BLOCK) throw new TarFormatError('The archive ends without its end marker (it is truncated).');
  } catch (error) {
    throw tarError(error, fed, entryEnd === undefined);
  } finally {
    // A reader that stops early (a damaged entry, a failed check) closes the file behind it.
    extract.destroy();
    await piped.catch(() => undefined);
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
  const raw = createReadStream(file, { highWaterMark: MB });
  if (magic[0] !== 0x1f || magic[1] !== 0x8b) return raw;
  // pipeline() carries a read error into the gunzip stream and closes the file when reading stops early.
  const gunzip = createGunzip();
  pipeline(raw, gunzip).catch(() => undefined);
  return gunzip;
}

export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');
export const sizeSchema = z.number().int().nonnegative();

/** A manifest lists each entry once: "files.3: lists blog-images/a.png a second time". */
export function refuseDuplicates<T>(key: (item: T) => string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const name = key(item);
      if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [index], message: `lists ${name} a second time` });
      seen.add(name);
    });
  };
}

export interface ExpectedEntry {
  size: number;
  sha256: string;
}

export interface ArchiveFormat<M> {
  /** The format name in the manifest, and what the archive is called in messages ("backup", "export"). */
  format: string;
  noun: string;
  version: number;
  schema: z.ZodType<M>;
  /** Every entry besides the manifest, by name. */
  entries(manifest: M): Map<string, ExpectedEntry>;
  /** The most one entry may hold, and what to call that kind of entry in a message ("stored file"). */
  entryLimit(name: string): { bytes: number; what: string };
}

async function readAll(entry: TarEntry): Promise<Buffer> {
  if (entry.size > ARCHIVE_LIMITS.manifestBytes) {
    throw new ArchiveError(`${MANIFEST_ENTRY} is too large (${formatBytes(entry.size)}; at most ${formatBytes(ARCHIVE_LIMITS.manifestBytes)}).`);
  }
  const parts: Buffer[] = [];
  for await (const chunk of entry.chunks()) parts.push(chunk);
  return Buffer.concat(parts);
}

/** "a backup", "an export". */
function article(noun: string): string {
  return `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** The manifest's JSON, checked for the format and version before its shape. */
export function parseManifest<M>(format: ArchiveFormat<M>, bytes: Buffer): M {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ArchiveError(`${MANIFEST_ENTRY} is not valid JSON.`);
  }
  const fields = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  if (fields.format !== format.format) {
    throw new ArchiveError(`This is not ${article(format.noun)} archive of this site (its manifest does not say format "${format.format}").`);
  }
  const version = fields.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new ArchiveError(
      version === undefined
        ? `The ${format.noun}'s manifest gives no format version.`
        : `The ${format.noun}'s format version ${JSON.stringify(version)} is not valid (it must be a whole number from 1).`,
    );
  }
  if (version > format.version) {
    throw new ArchiveError(
      `This ${format.noun} was made by a newer version of the site (format version ${version}; this one reads up to ${format.version}). Update the site, then try again.`,
    );
  }
  const parsed = format.schema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'manifest'}: ${issue.message}`);
    throw new ArchiveError(`The ${format.noun}'s manifest is not valid:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** Refuses a manifest that lists more than an archive may hold (ARCHIVE_LIMITS), before anything else is read. */
function checkSizes<M>(format: ArchiveFormat<M>, expected: Map<string, ExpectedEntry>, totalBytes: number): void {
  let total = 0;
  for (const [name, entry] of expected) {
    total += entry.size;
    const limit = format.entryLimit(name);
    if (entry.size > limit.bytes) {
      throw new ArchiveError(
        `${name} is too large: the ${format.noun}'s manifest gives it ${formatBytes(entry.size)}, and ${article(limit.what)} may hold at most ${formatBytes(limit.bytes)}.`,
      );
    }
  }
  if (total > totalBytes) {
    throw new ArchiveError(
      `The ${format.noun} is too large: its manifest lists ${formatBytes(total)} of entries, and this site reads at most ${formatBytes(totalBytes)} from one archive.`,
    );
  }
}

interface Budget {
  pulled: number;
  allowed: number;
}

/**
 * Counts the bytes pulled from the archive's (unpacked) stream and stops at the budget: an archive
 * cannot unpack to more than its manifest accounts for, whatever its headers say.
 */
async function* bounded(source: AsyncIterable<Buffer>, budget: Budget, noun: string): AsyncGenerator<Buffer> {
  for await (const chunk of source) {
    budget.pulled += chunk.length;
    if (budget.pulled > budget.allowed) {
      throw new ArchiveError(
        `The archive unpacks to more than its manifest lists (over ${formatBytes(budget.allowed)}): it is not ${article(noun)} this site made, or it was made to fill memory or disk (a decompression bomb).`,
      );
    }
    yield chunk;
  }
}

export interface ReadArchiveOptions<M = unknown> {
  /**
   * Receives each listed entry's bytes while they are checked. The archive is only known to be whole
   * when readArchive resolves: whatever the consumer did with earlier entries must be undone if it throws.
   */
  consume?(entry: { name: string; size: number; mtime: Date }, chunks: AsyncIterable<Buffer>): Promise<void>;
  /** Called with the manifest once it is parsed and its sizes checked, before any other entry is read: may refuse it. */
  checkManifest?(manifest: M): Promise<void>;
  /** ARCHIVE_LIMITS.totalBytes unless given (tests). */
  totalBytes?: number;
}

/** Reads and checks the whole archive (see above); answers its manifest. Throws ArchiveError. */
export async function readArchive<M>(file: string, format: ArchiveFormat<M>, options: ReadArchiveOptions<M> = {}): Promise<M> {
  try {
    let manifest: M | undefined;
    let expected = new Map<string, ExpectedEntry>();
    const seen = new Set<string>();
    const budget: Budget = { pulled: 0, allowed: PRE_MANIFEST_ALLOWANCE };
    for await (const entry of readTar(bounded(await openArchiveStream(file), budget, format.noun))) {
      if (manifest === undefined) {
        if (entry.name !== MANIFEST_ENTRY) throw new ArchiveError(`The archive does not start with ${MANIFEST_ENTRY}: it is not ${article(format.noun)} of this site.`);
        manifest = parseManifest(format, await readAll(entry));
        expected = format.entries(manifest);
        checkSizes(format, expected, options.totalBytes ?? ARCHIVE_LIMITS.totalBytes);
        if (options.checkManifest) await options.checkManifest(manifest);
        let listed = 0;
        for (const want of expected.values()) listed += padded(want.size) + HEADER_ALLOWANCE;
        budget.allowed = budget.pulled + listed + END_ALLOWANCE;
        continue;
      }
      const want = expected.get(entry.name);
      if (!want) throw new ArchiveError(`The archive holds ${JSON.stringify(entry.name)}, which its manifest does not list.`);
      if (seen.has(entry.name)) throw new ArchiveError(`The archive holds ${JSON.stringify(entry.name)} twice.`);
      seen.add(entry.name);
      if (entry.size !== want.size) throw new ArchiveError(`${entry.name} has ${entry.size} bytes, the manifest says ${want.size}: the archive is damaged.`);
      const hash = createHash('sha256');
      const hashed = (async function* () {
        for await (const chunk of entry.chunks()) {
          hash.update(chunk);
          yield chunk;
        }
      })();
      if (options.consume) await options.consume({ name: entry.name, size: entry.size, mtime: entry.mtime }, hashed);
      else for await (const chunk of hashed) void chunk;
      if (hash.digest('hex') !== want.sha256) throw new ArchiveError(`${entry.name} does not match its checksum: the archive is damaged.`);
    }
    if (manifest === undefined) throw new ArchiveError(`The archive is empty: it is not ${article(format.noun)} of this site.`);
    const missing = [...expected.keys()].filter((name) => !seen.has(name));
    if (missing.length > 0) {
      throw new ArchiveError(`The archive lacks ${missing.length} listed entr${missing.length === 1 ? 'y' : 'ies'} (${missing.slice(0, 3).join(', ')}): it is incomplete.`);
    }
    return manifest;
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    if (error instanceof TarFormatError) throw new ArchiveError(`${error.message} (${file})`, { cause: error });
    const code = typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : '';
    if (code === 'ENOENT') throw new ArchiveError(`There is no file ${file}.`, { cause: error });
    if (code.startsWith('Z_')) throw new ArchiveError(`The archive's compression is damaged (${(error as Error).message}).`, { cause: error });
    throw error;
  }
}
