import 'server-only';
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_TYPES, sizeProblem, type UploadExtension, type UploadKind } from '@/lib/validation/upload';
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
 */
export async function detectUpload(name: string, bytes: Uint8Array): Promise<DetectedUpload> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'empty', error: `${name} is empty.` };
  const found = await fileTypeFromBuffer(bytes);
  const extension = found ? ALIASES[found.ext] : undefined;
  if (!extension) {
    return { ok: false, reason: 'type', error: `${name} is not a JPEG, PNG, GIF, WebP or PDF file (its content was checked, not its name).` };
  }
  const { mime, kind } = UPLOAD_TYPES[extension];
  const tooLarge = sizeProblem(name, bytes.byteLength, kind);
  if (tooLarge) return { ok: false, reason: 'size', error: tooLarge };
  // Pixels and frames as the header states them (image-size.ts): a small file may decode to gigabytes.
  if (extension !== 'pdf') {
    const pastBounds = imageSizeProblem(name, imageSize(extension, bytes));
    if (pastBounds) return { ok: false, reason: 'image', error: pastBounds };
  }
  return { ok: true, extension, contentType: mime, kind };
}
