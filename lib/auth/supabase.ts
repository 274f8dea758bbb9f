import 'server-only';
import { cookies } from 'next/headers';
import { getEnv } from '@/lib/env';
import { supabaseAuthPort, type CookieJar } from './supabase-client';
import type { AuthPort } from './types';

async function nextCookieJar(): Promise<CookieJar> {
  const store = await cookies();
  return {
    getAll: () => store.getAll().map(({ name, value }) => ({ name, value })),
    setAll: (list) => list.forEach(({ name, value, options }) => store.set(name, value, options)),
  };
}

function config() {
  const env = getEnv();
  if (!env.NEXT_PUBLIC_SUPABASE_URL || !env.NEXT_PUBLIC_SUPABASE_ANON_KEY) {
    throw new Error('Supabase auth needs NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_ANON_KEY');
  }
  return { url: env.NEXT_PUBLIC_SUPABASE_URL, anonKey: env.NEXT_PUBLIC_SUPABASE_ANON_KEY };
}

/** Supabase Auth behind the port; a server client per call, cookies read through Next's cookies(). */
export const supabaseAuth: AuthPort = {
  signInWithPassword: (credentials, client) => supabaseAuthPort(config(), nextCookieJar).signInWithPassword(credentials, client),
  signUp: (credentials, client) => supabaseAuthPort(config(), nextCookieJar).signUp(credentials, client),
  signOut: (scope) => supabaseAuthPort(config(), nextCookieJar).signOut(scope),
  getUser: () => supabaseAuthPort(config(), nextCookieJar).getUser(),
  changePassword: (passwords, client) => supabaseAuthPort(config(), nextCookieJar).changePassword(passwords, client),
};
