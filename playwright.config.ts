import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunch } from './tests/helpers/chromium';

/** The longest files with a worker of their own (tests/e2e/fixtures/site.ts's siteTest, supabase-mode's base). */
const OWN_WORKER = ['**/supabase-mode.spec.ts', '**/hostile-xss.spec.ts', '**/feed.spec.ts', '**/scholar.spec.ts'];

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  // Each worker runs its own production server; two fit on this 2-core machine.
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A hang catcher, not a speed limit: the longest journeys (the Blog editor's, 55 s with the machine busy)
  // met 60 s in a CI run with a second build beside it.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    // No trace unless asked (`npx playwright test --trace retain-on-failure`): recording one for every test,
    // kept or not, costs Chromium a fifth of the suite's time here (its snapshots and screencast frames:
    // 26 admin and public tests took 2.3 min with it, 2.1 without screenshots, 1.8 without a trace). A
    // failure still leaves its screenshot, its page's aria snapshot and its server's log (scripts/test.ts).
    trace: 'off',
    screenshot: 'only-on-failure',
    // Browsers ask for reduced motion, so the site scrolls at once and its transitions end at once (app/
    // globals.css): a click never lands while a smooth scroll is still moving its target, and Chromium
    // draws no frames for them (docs/architecture.md, "Measurements"). The shell's tests (shell.spec.ts)
    // browse as a reader with no such preference, and check the smooth scrolling there.
    reducedMotion: 'reduce',
  },
  // Files whose worker is theirs alone (a server with its own settings, or Supabase's doubles) run one
  // after the other on one worker, after every file they share nothing with: they go first, so the run
  // does not end with one worker on a long file and the other idle (measured: the last 58 s of 699).
  projects: [
    { name: 'chromium-own-worker', testMatch: OWN_WORKER, use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } },
    { name: 'chromium', testIgnore: OWN_WORKER, use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } },
  ],
});
