import { formatBytes, KB, MB } from '@/lib/bytes.mjs';
import { z } from '@/lib/validation/zod';
import { BUCKETS } from '@/lib/storage/buckets';

/**
 * What may be uploaded (docs/product.md §§5 and 9): JPEG, PNG, GIF, WebP and PDF. The server decides by the
 * file's bytes (lib/storage/content-type.ts); the declared types here only let the picker skip obvious
 * misfits early. Client-safe: no Node imports.
 */
export const UPLOAD_TYPES = {
  jpg: { mime: 'image/jpeg', kind: 'image' },
  png: { mime: 'image/png', kind: 'image' },
  gif: { mime: 'image/gif', kind: 'image' },
  webp: { mime: 'image/webp', kind: 'image' },
  pdf: { mime: 'application/pdf', kind: 'pdf' },
} as const;

export type UploadExtension = keyof typeof UPLOAD_TYPES;
export type UploadKind = (typeof UPLOAD_TYPES)[UploadExtension]['kind'];

export const MAX_BYTES: Record<UploadKind, number> = { image: 10 * MB, pdf: 50 * MB };
/** The largest request the upload route reads: one PDF at its limit plus the multipart framing. */
export const MAX_REQUEST_BYTES = MAX_BYTES.pdf + 64 * KB;

export const DEFAULT_MAX_FILES = 10;

const DECLARED_TYPES: readonly string[] = Object.values(UPLOAD_TYPES).map((t) => t.mime);

/** The picker's `accept` attribute. */
export const UPLOAD_ACCEPT = [...DECLARED_TYPES, '.jpg', '.jpeg', '.png', '.gif', '.webp', '.pdf'].join(',');

/** The browser-declared type looks allowed (the server still checks the content). */
export function isAllowedDeclaredType(type: string): boolean {
  return DECLARED_TYPES.includes(type.toLowerCase());
}

export function kindOfDeclaredType(type: string): UploadKind {
  return type.toLowerCase() === 'application/pdf' ? 'pdf' : 'image';
}

/** The size rule with its message, or null when the size is allowed. Exactly the limit is allowed. */
export function sizeProblem(name: string, size: number, kind: UploadKind): string | null {
  if (size === 0) return `${name} is empty.`;
  const limit = MAX_BYTES[kind];
  if (size <= limit) return null;
  return `${name} is ${formatBytes(size)}; ${kind === 'pdf' ? 'PDFs' : 'images'} may be at most ${formatBytes(limit)}.`;
}

/** The form fields of one upload request besides the file itself. */
export const uploadFieldsSchema = z.object({
  bucket: z.enum(BUCKETS, { message: 'Choose one of the storage buckets.' }),
});

export type UploadResult =
  | { ok: true; url: string; path: string; bucket: string; size: number; contentType: string }
  | { ok: false; status: number; error: string };
