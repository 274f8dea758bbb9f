// No 'server-only': the local-disk adapter serves through this, and scripts create that adapter too.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { etagMatches } from '@/lib/etag';
import { sizeProblem } from '@/lib/validation/upload';
import { CACHE_CONTROL_SECONDS } from './buckets';
import { resolveObjectFile } from './files';
import { imageSize, imageSizeProblem } from './image-size';
import { contentTypeOfPath } from './paths';

import type { ServeRequest } from './types';

export type { ServeRequest } from './types';

type ByteRange = { start: number; end: number };

/** The image types whose header image-size.ts reads, by content type. */
const IMAGE_READERS = { 'image/png': 'png', 'image/gif': 'gif', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/** What was found for each stored image (its path, size and time), so a file is read for this once. */
const imageVerdicts = new Map<string, string | null>();
const MAX_VERDICTS = 1_000;

/**
 * Why a stored image must not be served, or null: an image past the upload bounds (more than 10
 * MB, 50 megapixels, 20,000 pixels a side or 1,000 frames) is refused here too, so that a file which came
 * in some other way (written by hand, or kept from before the bounds) reaches neither a browser nor the
 * image optimiser (its fetch of the file fails, so it answers an error without decoding anything).
 */
async function storedImageProblem(handle: FileHandle, key: string, name: string, contentType: keyof typeof IMAGE_READERS, size: number): Promise<string | null> {
  const known = imageVerdicts.get(key);
  if (known !== undefined) return known;
  let problem = sizeProblem(name, size, 'image');
  if (!problem) {
    const bytes = new Uint8Array(size);
    const { bytesRead } = await handle.read(bytes, 0, size, 0);
    problem = imageSizeProblem(name, imageSize(IMAGE_READERS[contentType], bytes.subarray(0, bytesRead)));
  }
  if (imageVerdicts.size >= MAX_VERDICTS) imageVerdicts.delete(imageVerdicts.keys().next().value!);
  imageVerdicts.set(key, problem);
  return problem;
}

/**
 * The Range header as one byte range of a file of `size` bytes: 'none' when absent, malformed, not in
 * bytes or asking for several ranges (RFC 9110 lets a server answer those with the whole file), and
 * 'unsatisfiable' when it starts at or past the end.
 */
export function parseRange(header: string | null, size: number): ByteRange | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return 'none';
  const [, first, last] = match;
  if (first === '' && last === '') return 'none';
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return 'none';
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * Content-Security-Policy for a served file. Images (and anything else): a sandboxed, script-less
 * document, so even a file that slipped past the checks could not run script on this origin. PDFs: no
 * `sandbox`, because Chromium refuses to start its PDF viewer in a sandboxed document (crbug.com/413851),
 * but nothing may load, run or frame it beyond the viewer's own inline styles; the viewer itself runs
 * isolated from the site, and only research-papers accepts PDFs (lib/storage/upload.ts).
 */
export function securityPolicy(contentType: string): string {
  if (contentType === 'application/pdf') {
    return "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; object-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
  }
  return "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
}

/**
 * Answers a GET or HEAD for one stored file, with the stored content type, nosniff, a one-hour cache
 * lifetime, ETag/Last-Modified validation (304) and single byte ranges (206/416) so PDFs open in the
 * browser's viewer and downloads resume. Anything that is not a regular file inside bucketDir is a 404.
 */
export async function serveStoredFile(bucketDir: string, objectPath: readonly string[], request: ServeRequest): Promise<Response> {
  const file = await resolveObjectFile(bucketDir, objectPath);
  if (!file) return notFound();
  let handle;
  try {
    // O_NOFOLLOW: a symlink swapped in after the check above is refused instead of followed.
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return notFound();
  }
  let keepOpen = false;
  try {
    const info = await handle.stat();
    if (!info.isFile()) return notFound();
    const contentType = contentTypeOfPath(file);
    const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    const lastModified = new Date(Math.floor(info.mtimeMs / 1000) * 1000);
    const name = objectPath[objectPath.length - 1];
    const inline = contentType.startsWith('image/') || contentType === 'application/pdf';
    if (contentType in IMAGE_READERS) {
      const problem = await storedImageProblem(handle, `${file}\0${info.size}\0${info.mtimeMs}`, name ?? 'The image', contentType as keyof typeof IMAGE_READERS, info.size);
      if (problem) return refused(problem);
    }
    const headers = new Headers({
      'Content-Type': contentType,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': `public, max-age=${CACHE_CONTROL_SECONDS}`,
      ETag: etag,
      'Last-Modified': lastModified.toUTCString(),
      'Accept-Ranges': 'bytes',
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${name}"`,
    });
    headers.set('Content-Security-Policy', securityPolicy(contentType));

    const ifNoneMatch = request.headers.get('if-none-match');
    const ifModifiedSince = request.headers.get('if-modified-since');
    const notModified = ifNoneMatch
      ? etagMatches(ifNoneMatch, etag)
      : ifModifiedSince !== null && !Number.isNaN(Date.parse(ifModifiedSince)) && lastModified.getTime() <= Date.parse(ifModifiedSince);
    if (notModified) return new Response(null, { status: 304, headers });

    let range = parseRange(request.headers.get('range'), info.size);
    const ifRange = request.headers.get('if-range');
    // If-Range: a range of a file that changed since the client's copy would corrupt it; send it whole.
    if (range !== 'none' && ifRange && (ifRange.startsWith('"') || ifRange.startsWith('W/') ? ifRange !== etag : Date.parse(ifRange) !== lastModified.getTime())) {
      range = 'none';
    }
    if (range === 'unsatisfiable') {
      headers.set('Content-Range', `bytes */${info.size}`);
      return new Response(null, { status: 416, headers });
    }
    const { start, end } = range === 'none' ? { start: 0, end: info.size - 1 } : range;
    headers.set('Content-Length', String(Math.max(0, end - start + 1)));
    if (range !== 'none') headers.set('Content-Range', `bytes ${start}-${end}/${info.size}`);
    const status = range === 'none' ? 200 : 206;
    if (request.method === 'HEAD' || info.size === 0) return new Response(null, { status, headers });
    // The stream closes the file handle when it ends or the client goes away.
    const stream = handle.createReadStream({ start, end });
    keepOpen = true;
    return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
  } finally {
    if (!keepOpen) await handle.close();
  }
}

/** A stored file this server will not send, with what is wrong with it (the image optimiser passes the status on). */
function refused(problem: string): Response {
  return new Response(problem, { status: 422, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' } });
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
}
