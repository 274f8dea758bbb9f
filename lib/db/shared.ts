import type { OpenedDatabase } from './open';

/**
 * The process-wide database slot. The server script opens the database before serving and puts it
 * here; the Next.js bundle reads it through lib/db/client.ts. It lives on globalThis because the bundle
 * and the script each load their own copy of these modules.
 */
const key = Symbol.for('academic-portfolio.database');
type Slot = { opening?: Promise<OpenedDatabase> };

export function databaseSlot(): Slot {
  const store = globalThis as Record<symbol, unknown>;
  store[key] ??= {};
  return store[key] as Slot;
}

export function shareDatabase(opened: OpenedDatabase): void {
  databaseSlot().opening = Promise.resolve(opened);
}
