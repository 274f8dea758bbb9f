import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '@/lib/db/migrate';
import { openPostgres } from '@/lib/db/postgres';
import type { Database } from '@/lib/db/types';
import { runStorageCheck } from '@/lib/storage/status';
import { SupabaseStorage } from '@/lib/storage/supabase';
import { createUser, makeAdmin } from '../helpers/db';
import { SUPABASE_PROJECT_SQL } from '../helpers/policy-matrix';
import { startPostgres, type PostgresServer } from '../helpers/postgres-server';
import { freePort } from '../helpers/site-server';
import { SAMPLES } from '../helpers/storage-samples';
import { SUPABASE_STORAGE_COLUMNS_SQL, startSupabaseDoubles, type SupabaseDoubles } from '../helpers/supabase-doubles';
import { SUPABASE_E2E_ANON_KEY, SUPABASE_E2E_JWT_SECRET, SUPABASE_E2E_SERVICE_ROLE_KEY } from '../helpers/supabase-e2e-config';

/**
 * The Supabase adapter (supabase-js's storage client) against the shared double of Supabase Storage,
 * whose answers follow Storage's published sources and whose rows live in a real Postgres under the
 * storage migration's row-level-security policies: the requests the Supabase-mode end-to-end build makes,
 * without a build.
 */

let server: PostgresServer;
let db: Database;
let doubles: SupabaseDoubles;
const ids = { admin: '', member: '' };

beforeAll(async () => {
  server = await startPostgres();
  db = await openPostgres(server.url, { max: 1 });
  await db.exec(SUPABASE_PROJECT_SQL);
  await db.exec(SUPABASE_STORAGE_COLUMNS_SQL);
  await migrate(db, { authBootstrap: true });
  ids.admin = await createUser(db, 'admin@example.com');
  ids.member = await createUser(db, 'member@example.com');
  await makeAdmin(db, ids.admin);
  doubles = await startSupabaseDoubles({
    port: await freePort(),
    databaseUrl: server.url,
    jwtSecret: SUPABASE_E2E_JWT_SECRET,
    anonKey: SUPABASE_E2E_ANON_KEY,
    serviceRoleKey: SUPABASE_E2E_SERVICE_ROLE_KEY,
  });
});

afterAll(async () => {
  await doubles?.stop();
  await db?.close();
  await server?.stop();
});

const anon = () => new SupabaseStorage({ url: doubles.url, apiKey: SUPABASE_E2E_ANON_KEY });
const asUser = async (userId: string, expiresIn = 3600) => anon().forUser(await doubles.accessToken(userId, randomUUID(), expiresIn));
const callsTo = (method: string, path: string, since: number) => doubles.calls.slice(since).filter((c) => c.method === method && c.path === path);

describe('Supabase Storage through supabase-js, against the published-API double', () => {
  it('checks the buckets with the anon key, and creates only the missing one with the service-role key', async () => {
    let since = doubles.calls.length;
    await db.exec(`delete from storage.buckets where id = 'personal-images'`);
    const before = await runStorageCheck(anon());
    expect(before).toMatchObject({ ok: true, buckets: { 'blog-images': 'ready', 'personal-images': 'not-found', 'research-papers': 'ready' } });
    expect(callsTo('POST', '/storage/v1/object/list/blog-images', since)).toMatchObject([{ status: 200, role: 'anon', body: { prefix: '', limit: 1 } }]);
    // Without the service-role key nothing is created.
    expect(callsTo('POST', '/storage/v1/bucket', since)).toEqual([]);

    since = doubles.calls.length;
    const service = new SupabaseStorage({ url: doubles.url, apiKey: SUPABASE_E2E_SERVICE_ROLE_KEY, canCreateBuckets: true });
    expect(await runStorageCheck(service)).toMatchObject({ ok: true, buckets: { 'personal-images': 'ready' } });
    const created = callsTo('POST', '/storage/v1/bucket', since);
    // Four answers are Storage's 'Duplicate' (statusCode "409" in an HTTP 400), tolerated; one is a creation.
    expect(created.map((c) => c.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(created.find((c) => c.status === 200)).toMatchObject({ role: 'service_role', body: { id: 'personal-images', name: 'personal-images', public: true } });
    expect((await db.query(`select public from storage.buckets where id = 'personal-images'`)).rows).toEqual([{ public: true }]);
  });

  it("uploads with an admin's token, never overwrites, lists, serves the public URL, and removes", async () => {
    const since = doubles.calls.length;
    const storage = await asUser(ids.admin);
    const stored = await storage.upload('blog-images', { path: 'figures/1-a.png', bytes: SAMPLES.png, contentType: 'image/png' });
    expect(stored).toMatchObject({ path: 'figures/1-a.png', size: SAMPLES.png.length, contentType: 'image/png' });
    expect(stored.url).toBe(`${doubles.url}/storage/v1/object/public/blog-images/figures/1-a.png`);
    // The raw bytes as the body (not multipart), under the admin's role, with no upsert and a one-hour cache.
    expect(callsTo('POST', '/storage/v1/object/blog-images/figures/1-a.png', since)).toMatchObject([{ status: 200, role: 'authenticated', body: { bytes: SAMPLES.png.length } }]);
    expect(doubles.files.get('blog-images/figures/1-a.png')).toEqual({ bytes: Buffer.from(SAMPLES.png), contentType: 'image/png', cacheControl: 'max-age=3600' });
    expect((await db.query(`select owner::text as owner from storage.objects where name = 'figures/1-a.png'`)).rows).toEqual([{ owner: ids.admin }]);

    await expect(storage.upload('blog-images', { path: 'figures/1-a.png', bytes: SAMPLES.pdf, contentType: 'application/pdf' })).rejects.toMatchObject({ code: 'exists', status: 409 });
    expect(doubles.files.get('blog-images/figures/1-a.png')?.contentType).toBe('image/png');

    expect(await anon().list('blog-images')).toMatchObject([{ path: 'figures/1-a.png', size: SAMPLES.png.length, contentType: 'image/png' }]);
    const served = await fetch(stored.url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(SAMPLES.png));

    expect(await storage.remove('blog-images', ['figures/1-a.png', 'figures/gone.png'])).toBe(1);
    expect(callsTo('DELETE', '/storage/v1/object/blog-images', since)).toMatchObject([{ status: 200, body: { prefixes: ['figures/1-a.png', 'figures/gone.png'] } }]);
    expect(doubles.files.has('blog-images/figures/1-a.png')).toBe(false);
  });

  it('lists a bucket of more than one page', async () => {
    await db.exec(`
      insert into storage.objects (bucket_id, name, metadata)
      select 'research-papers', format('papers/%s.pdf', lpad(n::text, 3, '0')), jsonb_build_object('size', n, 'mimetype', 'application/pdf')
      from generate_series(1, 150) as n`);
    const listed = await anon().list('research-papers');
    expect(listed).toHaveLength(150);
    expect(new Set(listed.map((o) => o.path)).size).toBe(150);
    expect(listed.find((o) => o.path === 'papers/042.pdf')).toMatchObject({ size: 42, contentType: 'application/pdf' });
  });

  it("maps Storage's refusals: the policies for a non-admin, an expired token, a missing bucket", async () => {
    const member = await asUser(ids.member);
    await expect(member.upload('blog-images', { path: 'x.png', bytes: SAMPLES.png, contentType: 'image/png' })).rejects.toMatchObject({
      code: 'forbidden',
      status: 403,
      message: 'new row violates row-level security policy',
    });
    // Row-level security hides the rows from a non-admin's delete: nothing removed, and no error.
    expect(await member.remove('research-papers', ['papers/001.pdf'])).toBe(0);
    const expired = await asUser(ids.admin, -60);
    await expect(expired.upload('blog-images', { path: 'x.png', bytes: SAMPLES.png, contentType: 'image/png' })).rejects.toMatchObject({ code: 'forbidden' });
    await db.exec(`delete from storage.buckets where id = 'personal-images'`);
    await expect((await asUser(ids.admin)).upload('personal-images', { path: 'x.png', bytes: SAMPLES.png, contentType: 'image/png' })).rejects.toMatchObject({
      code: 'not-found',
      message: 'Bucket not found',
    });
  });

  it('made only calls Storage serves', () => {
    expect(doubles.calls.filter((c) => c.status === 404 || c.status >= 500)).toEqual([]);
  });
});
