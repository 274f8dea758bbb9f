import { existsSync } from 'node:fs';

/**
 * The Chromium the tests drive: Debian's, never a downloaded one. Its headless shell
 * (`chromium-headless-shell`, the same Chromium release built without the browser's window and UI
 * layers) when it is installed, as `.ci/run` does, else the browser itself; `CHROMIUM_PATH` overrides
 * both. The shell is the build Playwright itself runs headless tests on, and a page load costs it far less
 * processor time than the browser (docs/architecture.md, "Measurements"): the end-to-end run is bound by
 * the processor. Lighthouse (scripts/lighthouse.ts) keeps the browser: it measures what a reader's does.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Launch options for Playwright: the executable chosen as above, and flags that keep it off the network. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
