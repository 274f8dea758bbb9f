import 'server-only';
import { cookies } from 'next/headers';
import { getEnv } from '@/lib/env';
import { secureCookies } from './request';
import { supabaseAuthPort, type CookieJar } from './supabase-client';
import type { AuthPort } from './types';

async function nextCookieJar(): Promise<CookieJar> {
  const store = await cookies();
  return {
    getAll: () => store.getAll().map(({ name, value }) => ({ name, value })),
    setAll: (list) => list.forEach(({ name, value, options }) => store.set(name, value, options)),
  };
}

async function config() {
  const env = getEnv();
  if (!env.NEXT_PUBLIC_SUPABASE_URL || !env.NEXT_PUBLIC_SUPABASE_ANON_KEY) {
    throw new Error('Supabase auth needs NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_ANON_KEY');
  }
  return { url: env.NEXT_PUBLIC_SUPABASE_URL, anonKey: env.NEXT_PUBLIC_SUPABASE_ANON_KEY, secureCookies: await secureCookies() };
}

/** Supabase Auth behind the port; a server client per call, cookies read through Next's cookies(). */
export const supabaseAuth: AuthPort = {
  signInWithPassword: async (credentials, client) => supabaseAuthPort(await config(), nextCookieJar).signInWithPassword(credentials, client),
  signUp: async (credentials, client) => supabaseAuthPort(await config(), nextCookieJar).signUp(credentials, client),
  signOut: async (scope) => supabaseAuthPort(await config(), nextCookieJar).signOut(scope),
  getUser: async () => supabaseAuthPort(await config(), nextCookieJar).getUser(),
  changePassword: async (passwords, client) => supabaseAuthPort(await config(), nextCookieJar).changePassword(passwords, client),
};
