import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pathFromPublicUrl } from '@/lib/storage/paths';
import { SupabaseStorage, storageErrorFrom } from '@/lib/storage/supabase';
import { runStorageCheck } from '@/lib/storage/status';
import { receiveUpload } from '@/lib/storage/upload';
import { SAMPLES } from '../helpers/storage-samples';

/**
 * A local stand-in for Supabase Storage's REST API (/storage/v1) with its documented response shapes:
 * errors as {statusCode, error, message} (a missing bucket comes back as HTTP 400 with statusCode "404"
 * on older servers, HTTP 404 with code NoSuchBucket on newer ones), listings as arrays of objects whose
 * folders have id null, uploads answered with {Key, Id}.
 */
type Recorded = { method: string; url: string; headers: IncomingMessage['headers']; body: Buffer };
let server: Server;
let baseUrl: string;
let requests: Recorded[] = [];
const objects = new Map<string, { bytes: Buffer; type: string; at: string }>();
const missingBuckets = new Set<string>();
const forbiddenBuckets = new Set<string>();
const newStyleMissing = new Set<string>();
const buckets = new Set<string>();

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function handle(req: IncomingMessage, body: Buffer, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://double');
  const auth = req.headers.authorization ?? '';
  if (auth === 'Bearer expired-token') {
    return send(res, 400, { statusCode: '403', error: 'Unauthorized', message: 'invalid JWT: unable to parse or verify signature, token is expired by 1h' });
  }
  let match: RegExpExecArray | null;
  if (req.method === 'POST' && url.pathname === '/storage/v1/bucket') {
    const { id } = JSON.parse(body.toString()) as { id: string };
    if (buckets.has(id)) return send(res, 400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
    buckets.add(id);
    return send(res, 200, { name: id });
  }
  if ((match = /^\/storage\/v1\/object\/list\/([^/]+)$/.exec(url.pathname)) && req.method === 'POST') {
    const bucket = match[1];
    if (newStyleMissing.has(bucket)) return send(res, 404, { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
    if (missingBuckets.has(bucket)) return send(res, 400, { statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' });
    if (forbiddenBuckets.has(bucket)) return send(res, 400, { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' });
    const { prefix, limit, offset } = JSON.parse(body.toString()) as { prefix: string; limit: number; offset: number };
    const entries = new Map<string, { name: string; id: string | null; updated_at: string | null; metadata: object | null }>();
    for (const [key, value] of [...objects].sort(([a], [b]) => a.localeCompare(b))) {
      const start = `${bucket}/${prefix ? `${prefix}/` : ''}`;
      if (!key.startsWith(start)) continue;
      const rest = key.slice(start.length);
      const [head, ...tail] = rest.split('/');
      entries.set(
        head,
        tail.length > 0
          ? { name: head, id: null, updated_at: null, metadata: null }
          : { name: head, id: `id-${key}`, updated_at: value.at, metadata: { size: value.bytes.length, mimetype: value.type } },
      );
    }
    return send(res, 200, [...entries.values()].slice(offset, offset + limit));
  }
  if ((match = /^\/storage\/v1\/object\/([^/]+)\/(.+)$/.exec(url.pathname)) && req.method === 'POST') {
    const key = `${match[1]}/${decodeURIComponent(match[2])}`;
    if (forbiddenBuckets.has(match[1])) return send(res, 400, { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' });
    if (missingBuckets.has(match[1])) return send(res, 400, { statusCode: '404', error: 'Bucket not found', message: 'Bucket not found' });
    if (objects.has(key)) return send(res, 400, { statusCode: '409', error: 'Duplicate', message: 'The resource already exists' });
    objects.set(key, { bytes: body, type: String(req.headers['content-type']), at: new Date().toISOString() });
    return send(res, 200, { Key: key, Id: `id-${key}` });
  }
  if ((match = /^\/storage\/v1\/object\/([^/]+)$/.exec(url.pathname)) && req.method === 'DELETE') {
    const { prefixes } = JSON.parse(body.toString()) as { prefixes: string[] };
    const removed = prefixes.filter((p) => objects.delete(`${match![1]}/${p}`)).map((name) => ({ name }));
    return send(res, 200, removed);
  }
  send(res, 400, { statusCode: '400', error: 'InvalidRequest', message: `No route ${req.method} ${url.pathname}` });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handle(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  requests = [];
  objects.clear();
  buckets.clear();
  missingBuckets.clear();
  forbiddenBuckets.clear();
  newStyleMissing.clear();
});

const storage = (token?: string) => new SupabaseStorage({ url: `${baseUrl}/`, apiKey: 'anon-key', accessToken: token });

describe('Supabase Storage: the startup bucket check', () => {
  it('lists each bucket with limit 1 and reports ready, not found and no permission', async () => {
    missingBuckets.add('blog-images');
    newStyleMissing.add('personal-images');
    forbiddenBuckets.add('research-papers');
    const status = await runStorageCheck(storage());
    expect(status).toEqual({
      ok: true,
      checkedAt: expect.any(String),
      buckets: {
        'profile-images': 'ready',
        'project-images': 'ready',
        'blog-images': 'not-found',
        'personal-images': 'not-found',
        'research-papers': 'forbidden',
      },
    });
    const list = requests.find((r) => r.url === '/storage/v1/object/list/profile-images');
    expect(JSON.parse(list?.body.toString() ?? '{}')).toMatchObject({ prefix: '', limit: 1 });
    expect(list?.headers.apikey).toBe('anon-key');
    expect(list?.headers.authorization).toBe('Bearer anon-key');
  });

  it('reports the whole check as failed when the service cannot be reached', async () => {
    const status = await runStorageCheck(new SupabaseStorage({ url: 'http://127.0.0.1:1', apiKey: 'k' }));
    expect(status).toMatchObject({ ok: false, error: expect.stringContaining('Could not reach the storage service') });
  });

  it('creates the five public buckets with the service-role key, tolerating existing ones', async () => {
    buckets.add('blog-images');
    await new SupabaseStorage({ url: baseUrl, apiKey: 'service-key', canCreateBuckets: true }).ensureBuckets();
    expect([...buckets].sort()).toEqual(['blog-images', 'personal-images', 'profile-images', 'project-images', 'research-papers']);
    const created = requests.find((r) => r.url === '/storage/v1/bucket');
    expect(JSON.parse(created?.body.toString() ?? '{}')).toMatchObject({ public: true });
  });
});

describe('Supabase Storage: upload, public URL, list, remove', () => {
  it('uploads without overwrite and with a one-hour cache, and answers the public URL', async () => {
    const stored = await storage().upload('profile-images', { path: 'about/1-abc.png', bytes: SAMPLES.png, contentType: 'image/png' });
    const upload = requests.find((r) => r.method === 'POST' && r.url === '/storage/v1/object/profile-images/about/1-abc.png');
    expect(upload?.headers['x-upsert']).toBe('false');
    expect(upload?.headers['cache-control']).toBe('max-age=3600');
    expect(upload?.headers['content-type']).toBe('image/png');
    expect(upload?.body).toEqual(Buffer.from(SAMPLES.png));
    expect(stored.url).toBe(`${baseUrl}/storage/v1/object/public/profile-images/about/1-abc.png`);
    await expect(storage().upload('profile-images', { path: 'about/1-abc.png', bytes: SAMPLES.png, contentType: 'image/png' })).rejects.toMatchObject({
      code: 'exists',
    });
  });

  it('lists objects inside folders, page by page', async () => {
    for (let i = 0; i < 105; i += 1) objects.set(`blog-images/${String(i).padStart(3, '0')}.png`, { bytes: Buffer.from('x'), type: 'image/png', at: new Date(i * 1000).toISOString() });
    objects.set('blog-images/nested/deep.pdf', { bytes: Buffer.from('pdf'), type: 'application/pdf', at: new Date(200_000).toISOString() });
    const listed = await storage().list('blog-images');
    expect(listed).toHaveLength(106);
    expect(listed[0]).toMatchObject({ path: 'nested/deep.pdf', size: 3, contentType: 'application/pdf' });
  });

  it('removes by path and counts what was removed', async () => {
    objects.set('research-papers/a.pdf', { bytes: Buffer.from('x'), type: 'application/pdf', at: new Date().toISOString() });
    expect(await storage().remove('research-papers', ['a.pdf', 'gone.pdf', '../escape'])).toBe(1);
    const del = requests.find((r) => r.method === 'DELETE');
    expect(JSON.parse(del?.body.toString() ?? '{}')).toEqual({ prefixes: ['a.pdf', 'gone.pdf'] });
  });
});

describe('Supabase Storage: tokens, refused paths, addresses, error shapes', () => {
  it("sends a signed-in user's token as the bearer, with the same API key, and only then stops needing one", async () => {
    const server = storage();
    expect(server.needsUserToken).toBe(true);
    const user = server.forUser('user-token');
    expect(user.needsUserToken).toBe(false);
    await user.list('blog-images');
    expect(requests[0].headers).toMatchObject({ apikey: 'anon-key', authorization: 'Bearer user-token' });
    expect(new SupabaseStorage({ url: baseUrl, apiKey: 'service-key', canCreateBuckets: true }).needsUserToken).toBe(false);
  });

  it('sends nothing for a path it would not write, and nothing to remove when no path is allowed', async () => {
    await expect(storage().upload('blog-images', { path: '../x.png', bytes: SAMPLES.png, contentType: 'image/png' })).rejects.toMatchObject({ code: 'invalid' });
    expect(await storage().remove('blog-images', ['../x.png', '.hidden'])).toBe(0);
    expect(requests).toEqual([]);
  });

  it("gives supabase-js's public address, whose path reads back to the object's", () => {
    const url = storage().publicUrl('research-papers', 'papers/a b+c@d,(1).pdf');
    expect(url).toBe(`${baseUrl}/storage/v1/object/public/research-papers/papers/a%20b+c@d,(1).pdf`);
    expect(pathFromPublicUrl(url, 'research-papers')).toBe('papers/a b+c@d,(1).pdf');
    // The bucket's own address, which an export rewrites links by.
    expect(storage().publicUrl('blog-images', '')).toBe(`${baseUrl}/storage/v1/object/public/blog-images/`);
  });

  it("maps each shape of Storage's errors, as storage-js passes them on, to the port's codes", () => {
    const cases: [Parameters<typeof storageErrorFrom>[0], string, number | undefined][] = [
      // Older servers: HTTP 400 with the status in the body; newer ones: the code when there is no statusCode.
      [{ status: 400, statusCode: '404', message: 'Bucket not found' }, 'not-found', 404],
      [{ status: 404, statusCode: 'NoSuchKey', message: 'Object not found' }, 'not-found', 404],
      [{ status: 400, statusCode: '409', message: 'The resource already exists' }, 'exists', 409],
      [{ status: 400, statusCode: '403', message: 'new row violates row-level security policy' }, 'forbidden', 403],
      [{ status: 400, statusCode: 'AccessDenied', message: 'Access denied' }, 'forbidden', 403],
      [{ status: 400, statusCode: '400', message: 'jwt expired' }, 'auth', 400],
      // A proxy's page instead of JSON: storage-js keeps the status text.
      [{ status: 502, statusCode: '502', message: 'Bad Gateway' }, 'unknown', 502],
      // No answer at all (StorageUnknownError: no status).
      [{ message: 'fetch failed' }, 'unknown', undefined],
    ];
    for (const [error, code, status] of cases) expect(storageErrorFrom(error), error.message).toMatchObject({ code, status });
    expect(storageErrorFrom({ message: 'fetch failed' }).message).toBe('Could not reach the storage service: fetch failed');
  });
});

describe('Supabase errors reach the upload route as docs/product.md §8 distinguishes them', () => {
  const admin = async () => ({ ok: true as const, user: { id: 'u', email: 'a@example.com' } });
  function post(bucket: string) {
    const form = new FormData();
    form.set('bucket', bucket);
    form.set('file', new File([SAMPLES.png as Uint8Array<ArrayBuffer>], 'a.png'));
    return new Request('http://site/api/upload', { method: 'POST', body: form });
  }

  it('answers 403 when the storage policies refuse the upload', async () => {
    forbiddenBuckets.add('blog-images');
    const response = await receiveUpload(post('blog-images'), { checkAdmin: admin, storage: storage() });
    expect(response.status).toBe(403);
  });

  it('answers with a "not found" message when the bucket does not exist', async () => {
    missingBuckets.add('blog-images');
    const response = await receiveUpload(post('blog-images'), { checkAdmin: admin, storage: storage() });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toMatch(/not found/i);
  });

  it('passes a JWT problem on with its message', async () => {
    const response = await receiveUpload(post('blog-images'), { checkAdmin: admin, storage: storage('expired-token') });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: string }).error).toContain('JWT');
  });
});
