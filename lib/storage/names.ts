import { randomBytes } from 'node:crypto';
import type { UploadExtension } from '@/lib/validation/upload';

/**
 * A new object name as docs/product.md §3 describes it: timestamp, random string, extension (here the
 * one the content proved), inside the bucket's folder when it has one. 60 random bits make two uploads
 * in the same millisecond collide about once in 10^18; the adapters still refuse to overwrite.
 */
export function generateObjectPath(extension: UploadExtension, folder?: string, now: number = Date.now()): string {
  const random = randomBytes(8).readBigUInt64BE().toString(36).slice(0, 12).padStart(12, '0');
  const name = `${now}-${random}.${extension}`;
  return folder ? `${folder}/${name}` : name;
}
