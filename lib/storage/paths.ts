import { UPLOAD_TYPES, type UploadExtension } from '@/lib/validation/upload';

/**
 * The one rule for object paths inside a bucket, applied to every path that comes from a request, a URL
 * or a listing before it touches a disk or a remote API. Each segment uses a small character set and may
 * not start with a dot, so '.', '..', hidden files, slashes and backslashes inside a segment, NUL and
 * other control characters, percent-encoded tricks (they arrive decoded, or keep their '%') and absolute
 * paths (an empty first segment) are all refused.
 */
const SEGMENT = /^[A-Za-z0-9_\-+@(),][A-Za-z0-9_\-+@(),. ]{0,199}$/;
const MAX_SEGMENTS = 8;
const MAX_LENGTH = 512;

/** The path as segments, or null when it is not allowed. */
export function objectPathSegments(path: string | readonly string[]): string[] | null {
  const segments = typeof path === 'string' ? path.split('/') : [...path];
  if (segments.length === 0 || segments.length > MAX_SEGMENTS) return null;
  if (segments.join('/').length > MAX_LENGTH) return null;
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment.endsWith(' ') || segment.endsWith('.')) return null;
  }
  return segments;
}

/** The normalised path ('a/b.png'), or null when it is not allowed. */
export function safeObjectPath(path: string | readonly string[]): string | null {
  return objectPathSegments(path)?.join('/') ?? null;
}

/**
 * docs/product.md §7, "Storage": a stored file's path is taken from its public URL, after the bucket name. Works for
 * local URLs (/storage/profile-images/about/x.png) and Supabase ones (…/object/public/profile-images/…);
 * answers null when the URL does not name the bucket or the rest is not a valid path.
 */
export function pathFromPublicUrl(url: string, bucket: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://placeholder.invalid').pathname;
  } catch {
    return null;
  }
  const marker = `/${bucket}/`;
  const at = pathname.indexOf(marker);
  if (at === -1) return null;
  let rest: string;
  try {
    rest = pathname
      .slice(at + marker.length)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return null;
  }
  return safeObjectPath(rest);
}

/** Encodes each segment for use in a URL path. */
export function encodeObjectPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The content type a stored object is served with: the extension was set from its proven content. */
export function contentTypeOfPath(path: string): string {
  const dot = path.lastIndexOf('.');
  const extension = dot === -1 ? '' : path.slice(dot + 1).toLowerCase();
  if (extension === 'jpeg') return UPLOAD_TYPES.jpg.mime;
  return extension in UPLOAD_TYPES ? UPLOAD_TYPES[extension as UploadExtension].mime : 'application/octet-stream';
}
