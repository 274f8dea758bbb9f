import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database, Queryable } from './types';

// Resolved from the working directory (the project root for the server, scripts and tests) rather than
// from this module, whose location changes once Next.js bundles it; Next's file tracing follows
// process.cwd()-based paths into standalone output.
const DEFAULT_MIGRATIONS_DIR = path.join(process.cwd(), 'supabase', 'migrations');
const AUTH_BOOTSTRAP_FILE = path.join(process.cwd(), 'lib', 'db', 'auth-bootstrap.sql');

/** The Supabase CLI's naming rule: `<version digits>_<name>.sql`. Other files are skipped, as it does. */
const MIGRATION_FILE = /^(\d+)_(.*)\.sql$/;

/** One key for every instance of this app, so two servers on one Postgres migrate one after the other. */
const LOCK_SQL = `select pg_advisory_xact_lock(hashtext('academic-portfolio:migrate'))`;

export interface MigrateOptions {
  /** Create the auth schema, API roles and auth.uid() first: built-in auth only, never on Supabase. */
  authBootstrap: boolean;
  migrationsDir?: string;
}

interface MigrationFile {
  file: string;
  version: string;
  name: string;
  sql: string;
}

export class MigrationError extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(`Migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'MigrationError';
  }
}

function readMigrations(dir: string): MigrationFile[] {
  return readdirSync(dir)
    .sort()
    .flatMap((file) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match) return [];
      return [{ file, version: match[1], name: match[2], sql: readFileSync(path.join(dir, file), 'utf8') }];
    });
}

// The Supabase CLI's own history table, so a database pushed with `supabase db push` counts as migrated
// and one migrated here is accepted by the CLI.
async function ensureHistoryTable(tx: Queryable): Promise<void> {
  await tx.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      statements text[],
      name text
    );
  `);
}

async function appliedVersions(tx: Queryable): Promise<Set<string>> {
  const { rows } = await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  return new Set(rows.map((row) => row.version));
}

/**
 * Brings the schema up to date: the auth bootstrap when asked, then every migration file not yet recorded,
 * each in its own transaction. Safe to run concurrently from several processes and on every start.
 * Throws MigrationError naming the file when one fails; that file's changes are rolled back.
 */
export async function migrate(db: Database, options: MigrateOptions): Promise<{ applied: string[] }> {
  const migrations = readMigrations(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);

  const done = await db.transaction(async (tx) => {
    await tx.query(LOCK_SQL);
    if (options.authBootstrap) {
      try {
        await tx.exec(readFileSync(AUTH_BOOTSTRAP_FILE, 'utf8'));
      } catch (error) {
        throw new MigrationError(path.basename(AUTH_BOOTSTRAP_FILE), error);
      }
    }
    await ensureHistoryTable(tx);
    return appliedVersions(tx);
  });

  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    const ran = await db.transaction(async (tx) => {
      await tx.query(LOCK_SQL);
      // Another instance may have applied it while this one waited for the lock.
      if ((await appliedVersions(tx)).has(migration.version)) return false;
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw new MigrationError(migration.file, error);
      }
      // The CLI stores the file split into statements; the whole file as one element keeps the same
      // text without re-implementing its SQL splitter (the CLI itself matches history by version).
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
        migration.version,
        migration.name,
        [migration.sql],
      ]);
      return true;
    });
    if (ran) applied.push(migration.file);
  }
  return { applied };
}
