// No 'server-only' marker: scripts/start.ts (plain Node, outside Next) creates the adapter for its startup check.
import path from 'node:path';
import type { Env } from '@/lib/env';
import { LocalStorage } from './local';
import { SupabaseStorage } from './supabase';
import type { StorageAdapter } from './types';

/**
 * The adapter for the configured backend (docs/architecture.md, "Backends"): Supabase Storage in Supabase
 * mode, files under DATA_DIR/storage otherwise (embedded and DATABASE_URL modes). On the server the
 * service-role key is preferred: the server checks the admin role itself before every write.
 */
export function createStorage(env: Env): StorageAdapter {
  if (env.mode === 'supabase' && env.NEXT_PUBLIC_SUPABASE_URL && env.NEXT_PUBLIC_SUPABASE_ANON_KEY) {
    return new SupabaseStorage({
      url: env.NEXT_PUBLIC_SUPABASE_URL,
      apiKey: env.SUPABASE_SERVICE_ROLE_KEY ?? env.NEXT_PUBLIC_SUPABASE_ANON_KEY,
      canCreateBuckets: Boolean(env.SUPABASE_SERVICE_ROLE_KEY),
    });
  }
  return new LocalStorage(path.join(env.dataDir, 'storage'));
}
