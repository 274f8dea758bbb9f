import { createHash } from 'node:crypto';
import { z } from '@/lib/validation/zod';
import { openArchiveStream, readTar, TarFormatError, type TarEntry } from './tar';

/**
 * Reading a backup or export archive: one tar whose first entry is manifest.json, listing every other
 * entry with its size and SHA-256. An archive is accepted only when the manifest parses, every listed
 * entry is there exactly once with its size and checksum, and nothing unlisted is.
 */

export const MANIFEST_ENTRY = 'manifest.json';
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;

export class ArchiveError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ArchiveError';
  }
}

export const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex');
export const sizeSchema = z.number().int().nonnegative();

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
}

async function readAll(entry: TarEntry): Promise<Buffer> {
  if (entry.size > MAX_MANIFEST_BYTES) throw new ArchiveError(`${MANIFEST_ENTRY} is too large.`);
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

export interface ReadArchiveOptions {
  /**
   * Receives each listed entry's bytes while they are checked. The archive is only known to be whole
   * when readArchive resolves: whatever the consumer did with earlier entries must be undone if it throws.
   */
  consume?(entry: { name: string; size: number; mtime: Date }, chunks: AsyncIterable<Buffer>): Promise<void>;
}

/** Reads and checks the whole archive (see above); answers its manifest. Throws ArchiveError. */
export async function readArchive<M>(file: string, format: ArchiveFormat<M>, options: ReadArchiveOptions = {}): Promise<M> {
  try {
    let manifest: M | undefined;
    let expected = new Map<string, ExpectedEntry>();
    const seen = new Set<string>();
    for await (const entry of readTar(await openArchiveStream(file))) {
      if (manifest === undefined) {
        if (entry.name !== MANIFEST_ENTRY) throw new ArchiveError(`The archive does not start with ${MANIFEST_ENTRY}: it is not ${article(format.noun)} of this site.`);
        manifest = parseManifest(format, await readAll(entry));
        expected = format.entries(manifest);
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
