import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

/**
 * A test file that changes what another file would import or read (a module mock, the environment, a
 * global) runs in a module graph of its own. Every other file shares its worker's modules with the files
 * before it (isolate: false), which spares each file the import of the modules they have in common
 * (docs/architecture.md, "Testing", and its measurements).
 */
const CHANGES_SHARED_STATE =
  /\bvi\.(?:mock|doMock|unmock|resetModules|stubEnv|stubGlobal)\(|process\.env(?:\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|Object\.assign\(process\.env/;

/** The test files under `folder` that change shared state (above). */
function filesWithOwnModules(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && CHANGES_SHARED_STATE.test(readFileSync(path.join(root, folder, file), 'utf8')))
    .map((file) => `${folder}/${file}`);
}
const UNIT_OWN_MODULES = filesWithOwnModules('tests/unit');
const INTEGRATION_OWN_MODULES = filesWithOwnModules('tests/integration');

/** What both unit projects share. */
const UNIT = {
  environment: 'node' as const,
  // West of UTC, a calendar date read as UTC midnight shows the day before: dates must not be.
  env: { TZ: 'America/Los_Angeles' },
  setupFiles: ['tests/helpers/unit-no-database.ts'],
  // A timeout catches a test that hangs; it is no speed limit. Vitest's 5 s default is one a test that
  // takes 1 s alone can meet on a busy 2-core machine (CI failed so), so a unit test gets what an
  // integration test gets; a test that needs seconds is made faster, not given a longer timeout.
  testTimeout: 60_000,
  // Vitest's default is one worker fewer than the cores: one, here. Two took the whole run from 202 s to 172 s.
  maxWorkers: 2,
  sequence: { groupOrder: 0 },
};

/** What both integration projects share. */
const INTEGRATION = {
  environment: 'node' as const,
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Each file opens its own PGlite (and possibly a Postgres server): 2 cores, keep it calm.
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
};

export default defineConfig({
  resolve: {
    alias: {
      '@': root,
      // Next.js resolves 'server-only' to an empty module on the server; tests run on the server too.
      'server-only': path.join(root, 'tests/helpers/server-only.ts'),
    },
  },
  test: {
    // The prepared databases every test database copies (tests/helpers/prepared-data.ts), made once first.
    globalSetup: ['tests/helpers/prepare-data-setup.ts'],
    tags: [{ name: 'security', description: 'hostile input, access control and the security headers (npm run test:security)' }],
    projects: [
      {
        extends: true,
        test: { ...UNIT, name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], exclude: UNIT_OWN_MODULES, isolate: false },
      },
      {
        extends: true,
        test: { ...UNIT, name: 'unit-own-modules', include: UNIT_OWN_MODULES },
      },
      {
        extends: true,
        test: { ...INTEGRATION, name: 'integration', include: ['tests/integration/**/*.test.ts'], exclude: INTEGRATION_OWN_MODULES, isolate: false },
      },
      {
        extends: true,
        test: {
          ...INTEGRATION,
          name: 'integration-own-modules',
          include: INTEGRATION_OWN_MODULES,
          // A worker thread per file instead of a process: these files' modules are their own either way, and
          // a thread starts for less (docs/architecture.md, "Measurements"). The unit files stay in processes:
          // they run in UNIT's time zone (TZ), and a thread has the zone of the process it runs in.
          pool: 'threads',
        },
      },
    ],
  },
});
