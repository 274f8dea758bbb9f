import 'server-only';
import { getEnv } from '@/lib/env';
import { localAuth } from './local';
import { supabaseAuth } from './supabase';
import type { AuthPort } from './types';

/** The auth port for this deployment: Supabase Auth when configured, else the built-in auth. */
export function getAuth(): AuthPort {
  return getEnv().mode === 'supabase' ? supabaseAuth : localAuth;
}

export type { AuthPort, AuthResult, AuthUser, Session, SignOutScope } from './types';
