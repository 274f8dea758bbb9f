import path from 'node:path';
import { z } from 'zod';
import { publicCacheSecondsSchema } from './public-page-policy.mjs';
import { openalexKeySchema, scholarlyEndpointProblems } from './scholarly/endpoints';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const PROXY_WORDS: Record<string, number> = { '': 0, false: 0, no: 0, true: 1, yes: 1 };
const TRUST_PROXY_MESSAGE = 'TRUST_PROXY must be the number of proxies in front (0, 1, 2…), true (one) or false (none)';

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const schema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.preprocess(emptyAsUndefined, z.string().optional()),
    DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    /**
     * Several instances: Redis shared by all of them for Next's caches and tag expiries
     * (lib/cache/shared-cache.mjs), so a save through one shows on every one at its next request.
     */
    REDIS_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
        .optional(),
    ),
    SEED_SAMPLE_CONTENT: flag(true),
    NEXT_PUBLIC_SUPABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
    NEXT_PUBLIC_SUPABASE_ANON_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    SUPABASE_SERVICE_ROLE_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
    AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional()),
    ADMIN_EMAIL: z.preprocess(emptyAsUndefined, z.email('ADMIN_EMAIL must be an email address').optional()),
    ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional()),
    ADMIN_FRESHNESS_BYPASS: flag(false),
    /**
     * How many reverse proxies in front append to X-Forwarded-For (lib/client-address.ts). `true`, the value
     * this setting had when it was a yes or no, is one; `false` or nothing is none.
     */
    TRUST_PROXY: z.preprocess(
      (v) => (typeof v === 'string' ? (PROXY_WORDS[v.trim().toLowerCase()] ?? v.trim()) : v),
      z.coerce.number({ error: TRUST_PROXY_MESSAGE }).int(TRUST_PROXY_MESSAGE).min(0, TRUST_PROXY_MESSAGE).default(0),
    ),
    ALLOW_SIGNUP: flag(false),
    /** Opt-in CDN caching, part of the build (lib/public-page-policy.mjs). */
    PUBLIC_CACHE_SECONDS: publicCacheSecondsSchema,
    /** The site's public address ('https://example.org'): makes a site-path social image an absolute URL. */
    SITE_URL: z.preprocess(emptyAsUndefined, z.url('SITE_URL must be an absolute address').optional()),
    /**
     * The citation run (issue 46): the secret an outside scheduler sends to POST /api/refresh as
     * `Authorization: Bearer …` (unset: the route answers 404), and whether this server runs it on the
     * schedule Settings → Citations sets (`false` for a host whose process does not stay up: serverless).
     */
    REFRESH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'REFRESH_SECRET must be at least 32 characters').optional()),
    REFRESH_SCHEDULE: flag(true),
    /** How often each server asks the database whether a run is due (a small read). */
    REFRESH_CHECK_SECONDS: z.coerce.number({ error: 'REFRESH_CHECK_SECONDS must be a number of seconds' }).int().min(1).max(3600).default(60),
    /**
     * OpenAlex's API key for the citation counts (lib/scholarly/citations.ts), optional. A secret: its message
     * says what is wrong without the value, and nothing logs it.
     */
    OPENALEX_API_KEY: openalexKeySchema,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.NEXT_PUBLIC_SUPABASE_URL) !== Boolean(env.NEXT_PUBLIC_SUPABASE_ANON_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NEXT_PUBLIC_SUPABASE_ANON_KEY'],
        message: 'NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_ANON_KEY must be set together',
      });
    }
    if (env.NEXT_PUBLIC_SUPABASE_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'Supabase mode needs DATABASE_URL (the project database connection string) as well',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together' });
    }
  });

export type Env = z.infer<typeof schema> & {
  /** Absolute path of DATA_DIR. */
  dataDir: string;
  /** Which backend serves data, auth and files (docs/architecture.md, "Backends"). */
  mode: 'embedded' | 'postgres' | 'supabase';
};

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(source);
  // CROSSREF_API_URL, DATACITE_API_URL, ARXIV_API_URL, ORCID_API_URL, OPENALEX_API_URL (lib/scholarly/endpoints.ts)
  // are read when an admin looks papers up or citations are counted; they are checked here so that a bad one
  // stops the start too.
  const scholarly = scholarlyEndpointProblems(source).map((problem) => `  - ${problem.name}: ${problem.message}`);
  if (!parsed.success || scholarly.length > 0) {
    const lines = (parsed.success ? [] : parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`)).concat(scholarly);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const mode = env.NEXT_PUBLIC_SUPABASE_URL ? 'supabase' : env.DATABASE_URL ? 'postgres' : 'embedded';
  return { ...env, dataDir: path.resolve(env.DATA_DIR), mode };
}

let cached: Env | undefined;

/** The process's configuration, parsed once; throws EnvError with every problem listed. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}
