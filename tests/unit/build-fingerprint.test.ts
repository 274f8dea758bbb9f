import { afterEach, describe, expect, it, vi } from 'vitest';
import { sourceFingerprint } from '../../scripts/lib/build';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the production build fingerprint', () => {
  it('is stable for the same sources and settings', () => {
    expect(sourceFingerprint()).toBe(sourceFingerprint());
  });

  it('changes with a NEXT_PUBLIC_ variable, which the build writes into its output, and not with server-only ones', () => {
    const before = sourceFingerprint();
    vi.stubEnv('DATA_DIR', '/somewhere/else');
    expect(sourceFingerprint()).toBe(before);
    vi.stubEnv('NEXT_PUBLIC_SUPABASE_URL', 'https://abc.supabase.co');
    expect(sourceFingerprint()).not.toBe(before);
  });

  it('changes with PUBLIC_CACHE_SECONDS, which the build writes into the public pages\' Cache-Control', () => {
    const before = sourceFingerprint({ ...process.env, PUBLIC_CACHE_SECONDS: '' });
    expect(sourceFingerprint({ ...process.env, PUBLIC_CACHE_SECONDS: '120' })).not.toBe(before);
    expect(sourceFingerprint({ ...process.env, PUBLIC_CACHE_SECONDS: '60' })).not.toBe(sourceFingerprint({ ...process.env, PUBLIC_CACHE_SECONDS: '120' }));
  });

  it('fingerprints a build variant (its own folder and NEXT_PUBLIC_ values) by the variables it is built with', () => {
    const normal = sourceFingerprint();
    expect(sourceFingerprint({ ...process.env, NEXT_PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321' })).not.toBe(normal);
    expect(sourceFingerprint({ ...process.env, DATABASE_URL: 'postgres://elsewhere/db' })).toBe(normal);
  });
});
