import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.dirname(new URL(import.meta.url).pathname);

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
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          environment: 'node',
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
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own PGlite (and possibly a Postgres server): 2 cores, keep it calm.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
