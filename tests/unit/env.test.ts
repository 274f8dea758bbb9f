import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/env';

describe('configuration', () => {
  it('defaults to embedded mode on port 3000 with data in ./data and sample content on', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ mode: 'embedded', PORT: 3000, SEED_SAMPLE_CONTENT: true, ADMIN_FRESHNESS_BYPASS: false });
    expect(env.dataDir).toBe(path.resolve('data'));
  });

  it('reads PORT, DATA_DIR and SEED_SAMPLE_CONTENT=false', () => {
    const env = parseEnv({ PORT: '4100', DATA_DIR: '/tmp/x', SEED_SAMPLE_CONTENT: 'false' });
    expect(env).toMatchObject({ PORT: 4100, dataDir: '/tmp/x', SEED_SAMPLE_CONTENT: false });
  });

  it('chooses postgres mode for DATABASE_URL and supabase mode when the Supabase variables are set too', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://u@h/db' }).mode).toBe('postgres');
    expect(
      parseEnv({
        DATABASE_URL: 'postgres://u@h/db',
        NEXT_PUBLIC_SUPABASE_URL: 'https://abc.supabase.co',
        NEXT_PUBLIC_SUPABASE_ANON_KEY: 'anon',
      }).mode,
    ).toBe('supabase');
  });

  it('lists every invalid variable in one clear error', () => {
    expect(() => parseEnv({ PORT: 'http', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'not-an-email' })).toThrowError(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- DATABASE_URL: DATABASE_URL must start with postgres:\/\/.*\n {2}- ADMIN_EMAIL: ADMIN_EMAIL must be an email address/s,
    );
  });

  it('takes a redis:// or rediss:// REDIS_URL and refuses anything else', () => {
    expect(parseEnv({ DATABASE_URL: 'postgres://x', REDIS_URL: 'redis://:secret@10.0.0.5:6379' }).REDIS_URL).toBe('redis://:secret@10.0.0.5:6379');
    expect(parseEnv({ REDIS_URL: 'rediss://cache.example.org:6380' }).REDIS_URL).toBe('rediss://cache.example.org:6380');
    expect(parseEnv({ REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(() => parseEnv({ REDIS_URL: 'http://10.0.0.5:6379' })).toThrowError(/REDIS_URL: REDIS_URL must start with redis:\/\/ or rediss:\/\//);
  });

  it('checks the scholarly sources\' addresses at start: an absolute http(s) base without a query, blank for the public API', () => {
    expect(() => parseEnv({ CROSSREF_API_URL: 'http://127.0.0.1:4010/crossref/', ORCID_API_URL: '' })).not.toThrow();
    expect(() => parseEnv({ PORT: 'http', ARXIV_API_URL: 'export.arxiv.org', ORCID_API_URL: 'https://pub.orcid.org/?x=1' })).toThrowError(
      /- PORT: .*\n {2}- ARXIV_API_URL: ARXIV_API_URL must be an absolute http:\/\/ or https:\/\/ address.*\n {2}- ORCID_API_URL: ORCID_API_URL must be/s,
    );
    expect(() => parseEnv({ DATACITE_API_URL: 'file:///etc/passwd' })).toThrowError(/DATACITE_API_URL must be an absolute/);
    expect(() => parseEnv({ OPENALEX_API_URL: 'http://127.0.0.1:4010/openalex' })).not.toThrow();
    expect(() => parseEnv({ OPENALEX_API_URL: 'api.openalex.org' })).toThrowError(/- OPENALEX_API_URL: OPENALEX_API_URL must be an absolute http:\/\/ or https:\/\/ address/);
  });

  it("checks OpenAlex's optional API key at start without printing it", () => {
    expect(parseEnv({}).OPENALEX_API_KEY).toBeUndefined();
    expect(parseEnv({ OPENALEX_API_KEY: '  ' }).OPENALEX_API_KEY).toBeUndefined();
    expect(parseEnv({ OPENALEX_API_KEY: ' k3y-Abc_123 ' }).OPENALEX_API_KEY).toBe('k3y-Abc_123');
    for (const bad of ['top secret', 'sécret', 's'.repeat(201)]) {
      let message = '';
      try {
        parseEnv({ OPENALEX_API_KEY: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toBe('Invalid configuration:\n  - OPENALEX_API_KEY: OPENALEX_API_KEY must be the key OpenAlex gave: printable characters without spaces, at most 200.');
    }
  });

  it('refuses variables that only work together when one is missing', () => {
    const attempt = () => parseEnv({ NEXT_PUBLIC_SUPABASE_URL: 'https://a.supabase.co', ADMIN_EMAIL: 'me@example.com' });
    expect(attempt).toThrowError(EnvError);
    expect(attempt).toThrowError(/NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_ANON_KEY must be set together/);
    expect(attempt).toThrowError(/Supabase mode needs DATABASE_URL/);
    expect(attempt).toThrowError(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
  });
});
