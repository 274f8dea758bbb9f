import { vi } from 'vitest';

/**
 * Unit tests open no database. A page or module that reaches one unmocked would otherwise create and migrate
 * a real PGlite in the checkout's data/ folder, which takes seconds (and more on a busy machine): the home
 * page's load-error test did, through the settings read nobody had mocked, and met Vitest's 5 s timeout in
 * CI. Such a test fails at once here instead; a test that needs a database belongs in tests/integration.
 */
vi.mock('@/lib/db/open', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/db/open')>()),
  openDatabase: () => {
    throw new Error('A unit test opened the database: mock the read, or move the test to tests/integration.');
  },
}));
