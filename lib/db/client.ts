import 'server-only';
import { getEnv } from '@/lib/env';
import { openDatabase } from './open';
import { databaseSlot } from './shared';
import type { Database } from './types';

export class BuildTimeReadError extends Error {}

/** The database for server code: the one the server script opened, or opened lazily (`next dev`). */
export async function getDb(): Promise<Database> {
  // `next build` must neither need nor change DATA_DIR: a page that reads data while being prerendered
  // fails the build here instead of silently creating a database next to the build.
  if (process.env.NEXT_PHASE === 'phase-production-build') {
    throw new BuildTimeReadError(
      'A page read the database during `next build`. Read request-time data after `await connection()`, inside <Suspense>.',
    );
  }
  const slot = databaseSlot();
  slot.opening ??= openDatabase(getEnv(), { purpose: 'server' }).catch((error: unknown) => {
    slot.opening = undefined;
    throw error;
  });
  return (await slot.opening).db;
}
