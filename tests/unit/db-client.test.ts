import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BuildTimeReadError, getDb } from '@/lib/db/client';

afterEach(() => vi.unstubAllEnvs());

describe('the database during next build', () => {
  it('refuses to open: no page may read or create the data directory while the site is built', async () => {
    const dataDir = path.join(os.tmpdir(), `never-created-${process.pid}`);
    vi.stubEnv('NEXT_PHASE', 'phase-production-build');
    vi.stubEnv('DATA_DIR', dataDir);
    await expect(getDb()).rejects.toThrowError(BuildTimeReadError);
    expect(existsSync(dataDir)).toBe(false);
  });
});
