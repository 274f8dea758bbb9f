import 'server-only';
import { cookies } from 'next/headers';
import { getEnv } from '@/lib/env';
import { secureCookies } from './request';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createSupabaseServerClient, supabaseAuthPort, type CookieJar } from './supabase-client';
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

/** A Supabase server client for this request: its session read from, and written back to, Next's cookies(). */
export async function supabaseRequestClient(): Promise<SupabaseClient> {
  return createSupabaseServerClient(await config(), await nextCookieJar());
}

const port = async () => supabaseAuthPort(await config(), nextCookieJar);

/** Supabase Auth behind the port; a server client per call, cookies read through Next's cookies(). */
export const supabaseAuth: AuthPort = {
  signInWithPassword: async (credentials, client) => (await port()).signInWithPassword(credentials, client),
  signUp: async (credentials, client) => (await port()).signUp(credentials, client),
  signOut: async (scope) => (await port()).signOut(scope),
  getUser: async () => (await port()).getUser(),
  changePassword: async (passwords, client) => (await port()).changePassword(passwords, client),
};
