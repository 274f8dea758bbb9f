import type { Bucket } from './buckets';
import { contentTypeOfPath } from './paths';
import type { StoredObject } from './types';

/** One stored object as both adapters describe it; the content type falls back to the one its name implies. */
export function storedObject(
  bucket: Bucket,
  objectPath: string,
  url: string,
  details: { size?: number; contentType?: string; updatedAt: Date | string },
): StoredObject {
  return {
    bucket,
    path: objectPath,
    name: objectPath.slice(objectPath.lastIndexOf('/') + 1),
    size: details.size ?? 0,
    contentType: details.contentType ?? contentTypeOfPath(objectPath),
    updatedAt: new Date(details.updatedAt).toISOString(),
    url,
  };
}

/** The media library's order: newest first, then by path. */
export function newestFirst(objects: StoredObject[]): StoredObject[] {
  return objects.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.path.localeCompare(b.path));
}
