// No 'server-only' marker: scripts/import.ts and scripts/restore.ts (plain Node, outside Next) check an
// archive's files with it (lib/backup/import.ts, lib/backup/restore.ts).
import { fileTypeFromBuffer } from 'file-type';
import { KB } from '@/lib/bytes.mjs';
import { MAX_BYTES, UPLOAD_TYPES, sizeProblem, type UploadExtension, type UploadKind } from '@/lib/validation/upload';
import { isBucket, type Bucket } from './buckets';
import { imageSize, imageSizeProblem } from './image-size';

export type DetectedUpload =
  | { ok: true; extension: UploadExtension; contentType: string; kind: UploadKind }
  | { ok: false; reason: 'empty' | 'type' | 'size' | 'image'; error: string };

/** file-type names some allowed formats differently: an animated PNG is still a PNG to browsers. */
const ALIASES: Record<string, UploadExtension> = { jpg: 'jpg', png: 'png', apng: 'png', gif: 'gif', webp: 'webp', pdf: 'pdf' };

/**
 * Decides what a file is from its bytes (magic numbers), never from its name or declared type, and
 * whether it may be stored: JPEG, PNG, GIF, WebP or PDF within the size limit of its kind. SVG and HTML
 * have no magic number, so file-type finds nothing and they are refused; a script named .png is refused
 * the same way. A file whose bytes begin with a valid GIF header is a GIF even if script text follows
 * (a GIF/JS polyglot): it is stored as .gif and served as image/gif with nosniff, so no browser runs it.
 * An image past IMAGE_BOUNDS (pixels, side, frames) is refused too.
 *
 * `size` is the file's size when `bytes` is only its beginning (a file past every size limit, not read
 * whole: it is refused by its type or size either way).
 */
export async function detectUpload(name: string, bytes: Uint8Array, size = bytes.byteLength): Promise<DetectedUpload> {
  if (size === 0) return { ok: false, reason: 'empty', error: `${name} is empty.` };
  const found = await fileTypeFromBuffer(bytes);
  const extension = found ? ALIASES[found.ext] : undefined;
  if (!extension) {
    return { ok: false, reason: 'type', error: `${name} is not a JPEG, PNG, GIF, WebP or PDF file (its content was checked, not its name).` };
  }
  const { mime, kind } = UPLOAD_TYPES[extension];
  const tooLarge = sizeProblem(name, size, kind);
  if (tooLarge) return { ok: false, reason: 'size', error: tooLarge };
  // Pixels and frames as the header states them (image-size.ts): a small file may decode to gigabytes.
  if (extension !== 'pdf') {
    const pastBounds = imageSizeProblem(name, imageSize(extension, bytes));
    if (pastBounds) return { ok: false, reason: 'image', error: pastBounds };
  }
  return { ok: true, extension, contentType: mime, kind };
}

/** The largest file any upload may be (a PDF): a file past it need not be read whole to be refused. */
export const LARGEST_UPLOAD = Math.max(...Object.values(MAX_BYTES));

/** What file-type needs to tell a type: the beginning of a file past LARGEST_UPLOAD, read instead of all of it. */
export const SNIFF_BYTES = 64 * KB;

/**
 * Papers are PDFs and every other bucket holds images: a file of the other kind is refused, so no image
 * bucket ever serves a PDF (which, unlike images, is not served in a CSP sandbox: lib/storage/serve.ts).
 */
export function bucketRefusal(bucket: Bucket, kind: UploadKind): string | null {
  if (bucket === 'research-papers') return kind === 'pdf' ? null : 'Only PDF files can be uploaded to research-papers.';
  return kind === 'image' ? null : `Only images (JPEG, PNG, GIF or WebP) can be uploaded to ${bucket}.`;
}

/**
 * Why the upload would refuse this file for `bucket` (detectUpload, then the bucket's rule), or null when
 * it would store it. Files that come in another way (an import, a restore: lib/backup) pass the same check,
 * so an archive brings in nothing an upload would refuse. `name` leads the message; `size` as for
 * detectUpload. A folder that is not a bucket has no bucket rule.
 */
export async function uploadRefusal(bucket: string, name: string, bytes: Uint8Array, size = bytes.byteLength): Promise<string | null> {
  const detected = await detectUpload(name, bytes, size);
  if (!detected.ok) return detected.error;
  const misplaced = isBucket(bucket) ? bucketRefusal(bucket, detected.kind) : null;
  return misplaced ? `${name}: ${misplaced}` : null;
}
