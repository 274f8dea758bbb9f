import 'server-only';
import { getEnv } from '@/lib/env';
import { openDatabase } from './open';
import { databaseSlot } from './shared';
import type { Database } from './types';

/** The database for server code: the one the server script opened, or opened lazily (`next dev`). */
export async function getDb(): Promise<Database> {
  const slot = databaseSlot();
  slot.opening ??= openDatabase(getEnv(), { purpose: 'server' }).catch((error: unknown) => {
    slot.opening = undefined;
    throw error;
  });
  return (await slot.opening).db;
}
