import type { Env } from '@/lib/env';

/**
 * Whether this deployment's auth is the built-in one, which brings its own `auth` schema (the bootstrap
 * that reproduces what Supabase provides) ahead of the migrations. Supabase Auth owns that schema itself.
 * No 'server-only': the command-line scripts migrate too.
 */
export function needsAuthBootstrap(env: Pick<Env, 'mode'>): boolean {
  return env.mode !== 'supabase';
}
