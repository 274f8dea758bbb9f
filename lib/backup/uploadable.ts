import { open, readFile } from 'node:fs/promises';
import { LARGEST_UPLOAD, SNIFF_BYTES, uploadRefusal } from '@/lib/storage/content-type';

/**
 * An archive's stored files get the check an upload gets (lib/storage/content-type.ts: the type by
 * content, the size, an image's pixels and frames, the bucket's kind), so an import or a restore brings
 * in nothing the upload would refuse: no SVG, no HTML named .png, no pixel bomb. A file past every upload
 * limit is refused by its size or type from its beginning alone; memory holds at most one file of
 * LARGEST_UPLOAD at a time.
 */
export class UploadCheck {
  readonly refusals: string[] = [];

  /** Checks one file: `bytes` all of it, or its first SNIFF_BYTES when `size` is past LARGEST_UPLOAD. */
  async check(bucket: string, name: string, bytes: Uint8Array, size = bytes.byteLength): Promise<void> {
    const refusal = await uploadRefusal(bucket, name, bytes, size);
    if (refusal) this.refusals.push(refusal);
  }

  /** Checks a file on disk of `size` bytes (an archive's file spooled to a temporary folder). */
  async checkFile(bucket: string, name: string, file: string, size: number): Promise<void> {
    await this.check(bucket, name, size > LARGEST_UPLOAD ? await readHead(file, SNIFF_BYTES) : await readFile(file), size);
  }

  /** "2 files of the export would be refused by this site's upload: <reason> <reason>", or null. */
  describe(what: string): string | null {
    const n = this.refusals.length;
    if (n === 0) return null;
    const listed = this.refusals.slice(0, 3).join(' ');
    return `${n} file${n === 1 ? '' : 's'} of ${what} would be refused by this site's upload, and an archive brings in nothing an upload would refuse: ${listed}${n > 3 ? ` (and ${n - 3} more)` : ''}`;
  }
}

/**
 * Collects a streamed file for UploadCheck.check: all of it when `size` is within LARGEST_UPLOAD, else
 * only its first SNIFF_BYTES (the rest is read by and dropped). Reads `chunks` to the end either way.
 */
export async function collectForCheck(chunks: AsyncIterable<Buffer>, size: number): Promise<Buffer> {
  const keep = size > LARGEST_UPLOAD ? SNIFF_BYTES : LARGEST_UPLOAD;
  const parts: Buffer[] = [];
  let kept = 0;
  for await (const chunk of chunks) {
    if (kept >= keep) continue;
    const part = chunk.length > keep - kept ? chunk.subarray(0, keep - kept) : chunk;
    parts.push(part);
    kept += part.length;
  }
  return Buffer.concat(parts);
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
