import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { AdminCheck } from '@/lib/auth/guard';
import { ACCESS_DENIED } from '@/lib/auth/constants';
import { z } from '@/lib/validation/zod';

/**
 * Every admin server action checks the session and the admin role before it looks at its input: an
 * anonymous or non-admin caller gets the Access Denied text (Media: the storage refusal) whatever it
 * sent, never field errors that would teach it the input's rules, and nothing reads the database.
 * The actions are found on disk, so an action added later is held to the same order.
 */
const guard = vi.hoisted(() => ({ check: { ok: false, reason: 'anonymous' } as AdminCheck }));
vi.mock('@/lib/auth/guard', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/auth/guard')>()),
  checkAdmin: vi.fn(async () => guard.check),
}));
const db = vi.hoisted(() => ({ getDb: vi.fn(async () => Promise.reject(new Error('a refused caller reached the database'))) }));
vi.mock('@/lib/db/client', () => db);
vi.mock('next/cache', () => ({ cacheTag: vi.fn(), cacheLife: vi.fn(), updateTag: vi.fn(), revalidateTag: vi.fn(), revalidatePath: vi.fn() }));

const guarded = path.join(process.cwd(), 'app/admin/(guarded)');
const actionFiles = readdirSync(guarded, { recursive: true })
  .map(String)
  .filter((file) => path.basename(file) === 'actions.ts')
  .sort();
/** Signing out only ends the caller's own session: no admin role needed. */
const NOT_ADMIN_ACTIONS = new Set(['signOutAction']);
/** Media answers with the storage errors' words, for either caller (app/admin/(guarded)/media/actions.ts). */
const STORAGE_DENIED = "Permission denied: You don't have access to this storage bucket. Please make sure you're logged in as an admin.";

/** Input no schema accepts: each action would answer field errors for it if it validated first. */
const INVALID: unknown[][] = [[{ nonsense: true }, 42], ['not-an-id', { title: '' }], [undefined, undefined]];

async function adminActions() {
  const actions: { name: string; run: (...args: unknown[]) => Promise<unknown> }[] = [];
  for (const file of actionFiles) {
    const exports = (await import(path.join(guarded, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'function' && !NOT_ADMIN_ACTIONS.has(name)) actions.push({ name: `${file}: ${name}`, run: value as never });
    }
  }
  return actions;
}

beforeEach(() => {
  db.getDb.mockClear();
});

describe('admin server actions: the role before the input', () => {
  it('finds the actions', async () => {
    expect(actionFiles.length).toBeGreaterThanOrEqual(9);
    expect((await adminActions()).length).toBeGreaterThanOrEqual(20);
  });

  for (const reason of ['anonymous', 'forbidden'] as const) {
    it(`answers a${reason === 'anonymous' ? 'n anonymous' : ' non-admin'} caller's invalid input with the refusal, not field errors`, async () => {
      guard.check = { ok: false, reason };
      for (const action of await adminActions()) {
        const refusal = action.name.startsWith('media') ? STORAGE_DENIED : ACCESS_DENIED[reason];
        for (const args of INVALID) {
          expect(await action.run(...args), `${action.name}(${JSON.stringify(args)})`).toStrictEqual({ ok: false, error: refusal });
        }
      }
      expect(db.getDb).not.toHaveBeenCalled();
    });
  }

  it('still answers an admin field errors for the same input', async () => {
    guard.check = { ok: true, user: { id: 'admin', email: 'admin@example.com' } };
    const { createPaperAction } = await import('@/app/admin/(guarded)/research/edit/actions');
    const { saveExperienceAction } = await import('@/app/admin/(guarded)/experience/edit/actions');
    const paper = await createPaperAction({ title: '' });
    expect(paper.ok).toBe(false);
    expect(!paper.ok && paper.fieldErrors).toMatchObject({ title: expect.any(String) });
    const experience = await saveExperienceAction({ items: [{ nonsense: true }] });
    expect(!experience.ok && experience.fieldErrors).toBeTruthy();
    expect(db.getDb).not.toHaveBeenCalled();
  });

  it("adminAction runs the input check only for an admin, an item's id check too", async () => {
    const { adminAction } = await import('@/lib/auth/admin-action');
    const check = vi.fn((_: unknown, context: z.RefinementCtx) => context.addIssue({ code: 'custom', message: 'Title is required', path: ['title'] }));
    const schema = z.unknown().superRefine(check);
    const write = vi.fn(async () => 'written');
    const failed = (message: string) => `Failed: ${message}`;
    const create = adminAction({ schema, run: write, failed });
    const update = adminAction({ id: 'gone', schema, run: write, failed });
    const remove = adminAction({ id: 'gone', run: write, failed });
    guard.check = { ok: false, reason: 'anonymous' };
    expect(await create({})).toStrictEqual({ ok: false, error: ACCESS_DENIED.anonymous });
    expect(await update('not-an-id', {})).toStrictEqual({ ok: false, error: ACCESS_DENIED.anonymous });
    expect(await remove('not-an-id')).toStrictEqual({ ok: false, error: ACCESS_DENIED.anonymous });
    expect(check).not.toHaveBeenCalled();
    expect(write).not.toHaveBeenCalled();

    guard.check = { ok: true, user: { id: 'admin', email: 'admin@example.com' } };
    expect(await create({})).toStrictEqual({ ok: false, error: 'Title is required', fieldErrors: { title: 'Title is required' } });
    expect(await update('not-an-id', {})).toStrictEqual({ ok: false, error: 'Failed: gone' });
    expect(await remove('not-an-id')).toStrictEqual({ ok: false, error: 'Failed: gone' });
    expect(check).toHaveBeenCalledTimes(1);
    expect(write).not.toHaveBeenCalled();
  });
});
