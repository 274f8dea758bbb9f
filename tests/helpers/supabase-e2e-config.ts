import { createHmac } from 'node:crypto';
import type { BuildVariant } from '../../scripts/lib/build';

/**
 * The Supabase project the Supabase-mode end-to-end build is made for. NEXT_PUBLIC_ values are baked
 * into a build (next.config.mjs reads the URL for the Content-Security-Policy and next/image), so the
 * local doubles of Auth and Storage (tests/helpers/supabase-doubles.ts) must answer at this very URL:
 * the port `supabase start` uses for its API gateway. Nothing here is a secret: a test project's keys.
 */

export const SUPABASE_E2E_PORT = 54321;
export const SUPABASE_E2E_URL = `http://127.0.0.1:${SUPABASE_E2E_PORT}`;

/** The project's JWT secret (HS256), as `supabase start` has one: at least 32 characters. */
export const SUPABASE_E2E_JWT_SECRET = 'e2e-supabase-jwt-secret-with-at-least-32-characters';

/**
 * An API key as Supabase's legacy keys are: a long-lived HS256 JWT whose `role` claim is the Postgres
 * role requests made with it run as (`anon`, `service_role`). Made with node:crypto so it is the same
 * string on every run (the anon key is baked into the build and counts towards its fingerprint).
 */
function apiKey(role: 'anon' | 'service_role'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'supabase-demo', role, exp: 1983812996 })}`;
  return `${unsigned}.${createHmac('sha256', SUPABASE_E2E_JWT_SECRET).update(unsigned).digest('base64url')}`;
}

export const SUPABASE_E2E_ANON_KEY = apiKey('anon');
export const SUPABASE_E2E_SERVICE_ROLE_KEY = apiKey('service_role');

/** The production build in Supabase mode, beside the normal one in .next (scripts/lib/build.ts). */
export const SUPABASE_E2E_BUILD: BuildVariant = {
  distDir: '.next-supabase',
  env: {
    NEXT_PUBLIC_SUPABASE_URL: SUPABASE_E2E_URL,
    NEXT_PUBLIC_SUPABASE_ANON_KEY: SUPABASE_E2E_ANON_KEY,
    // lib/env.ts wants it in Supabase mode; the build never connects (no page reads the database then).
    DATABASE_URL: 'postgres://build-only@127.0.0.1:1/none',
    // Written into the build (lib/public-page-policy.mjs): this build is also the one with a CDN in front,
    // as a hosted Supabase site may be; the server starts with the same value.
    PUBLIC_CACHE_SECONDS: '120',
  },
};
