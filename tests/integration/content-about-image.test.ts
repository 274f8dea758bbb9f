import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Database } from '@/lib/db/types';
import { LocalStorage } from '@/lib/storage/local';
import { SupabaseStorage } from '@/lib/storage/supabase';
import { aboutSchema } from '@/lib/validation/about';
import { openTestPglite } from '../helpers/db';
import { SAMPLES } from '../helpers/storage-samples';

/**
 * The profile image is part of the About save: the editor's Delete Image and upload only change the
 * form, and saveAbout removes the replaced file from storage after the new state is committed, only when
 * it was this site's own upload that nothing refers to any more. A failed save removes nothing; an
 * external address is never "removed"; a failed removal does not fail the save.
 */
const database: { db?: Database } = {};
const files = vi.hoisted(() => ({ storage: undefined as unknown as import('@/lib/storage/types').StorageAdapter }));
const admin = vi.hoisted(() => ({ ok: true }));
vi.mock('next/cache', () => ({ cacheTag: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn() }));
vi.mock('@/lib/db/client', () => ({ getDb: async () => database.db! }));
vi.mock('@/lib/storage', () => ({ getStorage: () => files.storage, getStorageForRequest: async () => files.storage }));
vi.mock('@/lib/auth/guard', () => ({
  checkAdmin: async () => (admin.ok ? { ok: true, user: { id: 'admin', email: 'admin@example.com' } } : { ok: false, reason: 'anonymous' }),
  adminRefusal: () => ({ ok: false, error: 'refused' }),
}));

const { saveAbout, getAboutForEditing } = await import('@/lib/content/about/queries');
const { saveAboutAction } = await import('@/app/admin/(guarded)/about/edit/actions');
const { ownedObjectPath, removeReplacedFiles } = await import('@/lib/storage/replaced');

let cleanupDb: () => Promise<void>;
let storageRoot: string;
let storage: LocalStorage;

beforeAll(async () => {
  const opened = await openTestPglite();
  database.db = opened.db;
  cleanupDb = opened.cleanup;
  storageRoot = mkdtempSync(path.join(os.tmpdir(), 'portfolio-storage-'));
  storage = new LocalStorage(storageRoot);
  await storage.ensureBuckets();
  files.storage = storage;
});

afterAll(async () => {
  await cleanupDb();
  rmSync(storageRoot, { recursive: true, force: true });
});

beforeEach(() => {
  admin.ok = true;
});

afterEach(() => {
  vi.restoreAllMocks();
});

const profile = aboutSchema.parse({
  name: 'Alex Morgan',
  title: 'Mathematics PhD Student',
  bio: 'Bio.',
  imageUrl: null,
  skills: [],
  education: [],
  researchInterests: [],
  affiliation: '',
  footerBlurb: '',
  email: '',
  links: [],
  mark: '',
  markImageUrl: null,
});

let counter = 0;
/** A real upload into profile-images/about: its public URL and whether its file still exists. */
async function upload(bucket: 'profile-images' | 'project-images' = 'profile-images') {
  counter += 1;
  const stored = await storage.upload(bucket, { path: `${bucket === 'profile-images' ? 'about' : 'projects'}/${Date.now()}-${counter}.png`, bytes: SAMPLES.png, contentType: 'image/png' });
  return { url: stored.url, exists: () => existsSync(path.join(storageRoot, bucket, ...stored.path.split('/'))) };
}

describe('saving the About profile with a changed image', () => {
  it('stores the new image first, then removes the old uploaded file', async () => {
    const old = await upload();
    await saveAbout({ ...profile, imageUrl: old.url });
    expect(old.exists()).toBe(true);

    const replacement = await upload();
    // What the committed profile named at the moment the old file was removed.
    let storedWhenRemoved: string | null | undefined;
    const removeFiles = storage.remove.bind(storage);
    const remove = vi.spyOn(storage, 'remove').mockImplementation(async (bucket, paths) => {
      storedWhenRemoved = (await getAboutForEditing())?.imageUrl;
      return removeFiles(bucket, paths);
    });
    const saved = await saveAbout({ ...profile, imageUrl: replacement.url });

    expect(saved.imageUrl).toBe(replacement.url);
    expect(remove).toHaveBeenCalledTimes(1);
    expect(storedWhenRemoved).toBe(replacement.url);
    expect(old.exists()).toBe(false);
    expect(replacement.exists()).toBe(true);
  });

  it('removes the file when the image is deleted and the profile saved without one; saving again removes nothing', async () => {
    const current = await upload();
    await saveAbout({ ...profile, imageUrl: current.url });
    await saveAbout({ ...profile, imageUrl: null });
    expect(current.exists()).toBe(false);

    const remove = vi.spyOn(storage, 'remove');
    await saveAbout({ ...profile, imageUrl: null });
    expect(remove).not.toHaveBeenCalled();
  });

  it('the header mark image is part of the save too: a replaced mark upload is removed, the kept one and the portrait stay', async () => {
    const portrait = await upload();
    const mark = await upload();
    await saveAbout({ ...profile, imageUrl: portrait.url, markImageUrl: mark.url });
    const newMark = await upload();
    await saveAbout({ ...profile, imageUrl: portrait.url, markImageUrl: newMark.url });
    expect(mark.exists()).toBe(false);
    expect(newMark.exists()).toBe(true);
    expect(portrait.exists()).toBe(true);
    // The same file as portrait and mark: removing it as the portrait keeps it, the mark still uses it.
    await saveAbout({ ...profile, imageUrl: newMark.url, markImageUrl: newMark.url });
    await saveAbout({ ...profile, imageUrl: null, markImageUrl: newMark.url });
    expect(newMark.exists()).toBe(true);
    await saveAbout({ ...profile, imageUrl: null, markImageUrl: null });
    expect(newMark.exists()).toBe(false);
  });

  it('keeps the file when the same image is saved again', async () => {
    const current = await upload();
    await saveAbout({ ...profile, imageUrl: current.url });
    await saveAbout({ ...profile, name: 'Renamed', imageUrl: current.url });
    expect(current.exists()).toBe(true);
  });

  it('removes nothing when the save fails in the database', async () => {
    const current = await upload();
    await saveAbout({ ...profile, imageUrl: current.url });
    const db = database.db!;
    await db.exec(`
      create function test_refuse_about() returns trigger language plpgsql as $$
      begin raise exception 'refused by test trigger'; end $$;
      create trigger test_refuse_about before update on about_data for each row execute function test_refuse_about();
    `);
    const remove = vi.spyOn(storage, 'remove');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await expect(saveAbout({ ...profile, imageUrl: null })).rejects.toThrow(/refused by test trigger/);
      const result = await saveAboutAction({ ...profile, imageUrl: null });
      expect(result.ok).toBe(false);
    } finally {
      await db.exec('drop trigger test_refuse_about on about_data; drop function test_refuse_about();');
    }
    expect(remove).not.toHaveBeenCalled();
    expect(current.exists()).toBe(true);
    expect((await getAboutForEditing())!.imageUrl).toBe(current.url);
  });

  it('removes nothing when the action refuses the input or the caller', async () => {
    const current = await upload();
    await saveAbout({ ...profile, imageUrl: current.url });
    const remove = vi.spyOn(storage, 'remove');

    const invalid = await saveAboutAction({ ...profile, imageUrl: 'javascript:alert(1)' });
    expect(invalid.ok).toBe(false);
    admin.ok = false;
    const refused = await saveAboutAction({ ...profile, imageUrl: null });
    expect(refused.ok).toBe(false);

    expect(remove).not.toHaveBeenCalled();
    expect(current.exists()).toBe(true);
    expect((await getAboutForEditing())!.imageUrl).toBe(current.url);
  });

  it('the action saves and cleans up the same way', async () => {
    const current = await upload();
    await saveAbout({ ...profile, imageUrl: current.url });
    const result = await saveAboutAction({ ...profile, imageUrl: null });
    expect(result).toMatchObject({ ok: true, data: { imageUrl: null } });
    expect(current.exists()).toBe(false);
  });

  it('never removes an external address, even one whose path names the bucket', async () => {
    // A file of ours at the same object path: it must survive, since the URL is someone else's.
    const ours = await storage.upload('profile-images', { path: 'about/shared-name.png', bytes: SAMPLES.png, contentType: 'image/png' });
    const external = 'https://images.example.org/storage/profile-images/about/shared-name.png';
    await saveAbout({ ...profile, imageUrl: external });
    const remove = vi.spyOn(storage, 'remove');
    await saveAbout({ ...profile, imageUrl: null });
    expect(remove).not.toHaveBeenCalled();
    expect(existsSync(path.join(storageRoot, 'profile-images', ...ours.path.split('/')))).toBe(true);
  });

  it('keeps a file that other content still uses', async () => {
    const current = await upload();
    await saveAbout({ ...profile, imageUrl: current.url });
    await database.db!.query(`insert into blog_posts (title, slug, content, cover_image) values ('Uses it', $1, 'x', $2)`, [
      `uses-it-${counter}`,
      current.url,
    ]);
    await saveAbout({ ...profile, imageUrl: null });
    expect(current.exists()).toBe(true);
  });

  it('a failed removal is logged and the save still succeeds', async () => {
    const current = await upload();
    await saveAbout({ ...profile, imageUrl: current.url });
    vi.spyOn(storage, 'remove').mockRejectedValueOnce(new Error('disk on fire'));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const result = await saveAboutAction({ ...profile, imageUrl: null });
    expect(result).toMatchObject({ ok: true, data: { imageUrl: null } });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('Could not remove replaced files'), expect.any(Error));
    expect(current.exists()).toBe(true);
  });
});

describe('removeReplacedFiles', () => {
  it('removes only the uploads of its bucket that the new state no longer names', async () => {
    const [a, b, c] = [await upload('project-images'), await upload('project-images'), await upload('project-images')];
    const profileImage = await upload('profile-images');
    const removed = await removeReplacedFiles({
      bucket: 'project-images',
      before: [a.url, b.url, c.url, profileImage.url, '/placeholder.svg', 'https://example.org/x.png', null, ''],
      after: [b.url, '/placeholder.svg'],
    });
    expect(removed).toHaveLength(2);
    expect([a.exists(), b.exists(), c.exists(), profileImage.exists()]).toEqual([false, true, false, true]);
  });

  it('recognises only the public URLs its adapter makes', () => {
    const local = new LocalStorage('/unused');
    expect(ownedObjectPath(local, 'profile-images', '/storage/profile-images/about/1-a.png')).toBe('about/1-a.png');
    expect(ownedObjectPath(local, 'profile-images', '/storage/profile-images/about/a%20b.png')).toBe('about/a b.png');
    expect(ownedObjectPath(local, 'profile-images', '/storage/project-images/projects/1-a.png')).toBeNull();
    expect(ownedObjectPath(local, 'profile-images', '/placeholder.svg')).toBeNull();
    expect(ownedObjectPath(local, 'profile-images', 'https://cdn.example.org/storage/profile-images/about/1-a.png')).toBeNull();
    expect(ownedObjectPath(local, 'profile-images', '/storage/profile-images/../secret')).toBeNull();

    const supabase = new SupabaseStorage({ url: 'https://abc.supabase.co', apiKey: 'key' });
    const publicUrl = 'https://abc.supabase.co/storage/v1/object/public/profile-images/about/1-a.png';
    expect(ownedObjectPath(supabase, 'profile-images', publicUrl)).toBe('about/1-a.png');
    expect(ownedObjectPath(supabase, 'profile-images', publicUrl.replace('abc', 'other'))).toBeNull();
    expect(ownedObjectPath(supabase, 'profile-images', '/storage/profile-images/about/1-a.png')).toBeNull();
  });
});
