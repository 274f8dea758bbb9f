import { afterEach, describe, expect, it, vi } from 'vitest';

import { setWriteListener } from '@/lib/backup/notify';
import { saveLookupContactEmail, saveProfileSettings } from '@/lib/content/settings/queries';

// Each save's statement answers the row it wrote; nothing else is asked of the database.
vi.mock('@/lib/db/client', () => ({
  getDb: async () => ({
    query: async () => ({ rows: [{ full_name: 'Emmy Noether', bio: '', lookup_contact_email: 'owner@example.org' }] }),
  }),
}));

afterEach(() => setWriteListener(undefined));

/** Runs a write with a backup scheduler listening, and answers how many writes it was told of. */
async function writesNoted(write: () => Promise<unknown>): Promise<number> {
  let noted = 0;
  setWriteListener({ noteWrite: () => (noted += 1) });
  await write();
  return noted;
}

describe('settings saves nothing public reads still schedule the backup, like every other write', () => {
  it("the owner's profile settings", async () => {
    const user = { id: '6f1c1d1e-8f5e-4d4b-9a55-0d3c2f4b7a10', email: 'owner@example.org' };
    expect(await writesNoted(() => saveProfileSettings(user, { displayName: 'Emmy Noether', bio: '' }))).toBe(1);
  });

  it("the lookups' contact address", async () => {
    expect(await writesNoted(() => saveLookupContactEmail('owner@example.org'))).toBe(1);
  });
});
