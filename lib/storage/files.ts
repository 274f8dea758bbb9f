import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { objectPathSegments } from './paths';

/** File-system checks shared by the local-disk adapter and the file server. */

export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

export function isInside(parent: string, child: string): boolean {
  return child.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);
}

/**
 * The file for a path inside a bucket, or null when the path is not allowed, does not exist, is not a
 * regular file, or resolves (through a symlink anywhere on the way) outside the bucket's folder.
 */
export async function resolveObjectFile(bucketDir: string, objectPath: string | readonly string[]): Promise<string | null> {
  const segments = objectPathSegments(objectPath);
  if (!segments) return null;
  const candidate = path.join(bucketDir, ...segments);
  if (!isInside(bucketDir, candidate)) return null;
  try {
    const [realBucket, realFile] = await Promise.all([realpath(bucketDir), realpath(candidate)]);
    if (!isInside(realBucket, realFile)) return null;
    return (await stat(realFile)).isFile() ? realFile : null;
  } catch (error) {
    if (['ENOENT', 'ENOTDIR', 'ELOOP', 'EACCES'].includes(errorCode(error) ?? '')) return null;
    throw error;
  }
}
