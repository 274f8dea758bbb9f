import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { migrate } from '@/lib/db/migrate';
import { openPglite } from '@/lib/db/pglite';
import { seedSampleContent } from '@/lib/db/seed';

/*
 * A migrated (and a migrated and seeded) PGlite folder, made once per machine for the schema and sample content
 * as they are, and copied by every test database and every test server that does not test a first start.
 * A new PGlite folder runs initdb: 5 to 8 s here, against well under a second to copy one. The folders are
 * keyed by what they are made from (the migrations, the auth bootstrap, the sample content, PGlite's version),
 * so a changed migration makes new ones; they are never opened themselves, only copied.
 */

/** 'empty': a new database (initdb only); 'migrated': with the schema and the auth bootstrap; 'seeded': and the sample content. */
export type PreparedKind = 'empty' | 'migrated' | 'seeded';

const root = path.resolve(import.meta.dirname, '..', '..');

/** What the templates are made from, read once per process: every copy of a test database asks for it. */
let madeFrom: string | undefined;

function key(): string {
  if (madeFrom) return madeFrom;
  const hash = createHash('sha256');
  const migrations = path.join(root, 'supabase', 'migrations');
  for (const file of readdirSync(migrations).sort()) hash.update(file).update(readFileSync(path.join(migrations, file)));
  for (const file of ['supabase/seed.sql', 'lib/db/auth-bootstrap.sql', 'node_modules/@electric-sql/pglite/package.json']) hash.update(readFileSync(path.join(root, file)));
  madeFrom = hash.digest('hex').slice(0, 16);
  return madeFrom;
}

/** Named by the run's global setup (./run-temp-dir.ts), whose own temporary folder does not outlive the run. */
function preparedRoot(): string {
  return path.join(process.env.PORTFOLIO_PREPARED_DATA_ROOT ?? os.tmpdir(), 'portfolio-prepared-data');
}

function templateDir(kind: PreparedKind): string {
  return path.join(preparedRoot(), key(), kind);
}

/**
 * Another schema's templates that no run has prepared for a day: each run marks its own when it starts, so a
 * run of another checkout (another commit, a worktree) that started within the day keeps the ones it copies.
 */
const STALE_MS = 24 * 60 * 60 * 1000;

function removeStaleTemplates(): void {
  const current = key();
  const now = new Date();
  utimesSync(path.join(preparedRoot(), current), now, now);
  for (const entry of readdirSync(preparedRoot(), { withFileTypes: true })) {
    const folder = path.join(preparedRoot(), entry.name);
    if (entry.name !== current && now.getTime() - statSync(folder).mtimeMs > STALE_MS) rmSync(folder, { recursive: true, force: true });
  }
}

/** Makes the template, unless there: built aside and renamed into place, so a racing maker's copy is simply dropped. */
async function ensureTemplate(kind: PreparedKind): Promise<string> {
  const target = templateDir(kind);
  if (existsSync(target)) return target;
  const building = `${target}.building-${randomUUID()}`;
  mkdirSync(path.dirname(target), { recursive: true });
  const db = await openPglite(building);
  try {
    if (kind !== 'empty') await migrate(db, { authBootstrap: true });
    if (kind === 'seeded') await seedSampleContent(db);
  } finally {
    await db.close();
  }
  try {
    renameSync(building, target);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(target)) throw error;
  }
  return target;
}

/** Makes both templates now (a global setup), so that the tests only ever copy them. */
export async function prepareData(): Promise<void> {
  await ensureTemplate('empty');
  await ensureTemplate('migrated');
  await ensureTemplate('seeded');
  removeStaleTemplates();
}

/**
 * A PGlite folder at `pgliteDir` (which must not exist yet, or be empty): new for 'empty'; migrated with the
 * built-in auth's bootstrap, and with the sample content for 'seeded', as a server's first start would leave it.
 */
export async function copyPreparedData(kind: PreparedKind, pgliteDir: string): Promise<void> {
  cpSync(await ensureTemplate(kind), pgliteDir, { recursive: true, errorOnExist: true, force: false });
}

/** A PGlite folder made where none is yet (an existing one is left as it is): what opening it would otherwise run initdb for. */
export async function preparePgliteDir(kind: PreparedKind, pgliteDir: string): Promise<void> {
  if (existsSync(path.join(pgliteDir, 'PG_VERSION'))) return;
  await copyPreparedData(kind, pgliteDir);
}
