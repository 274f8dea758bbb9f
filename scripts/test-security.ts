/**
 * `npm run test:security`: the tests of hostile input, access control and the security headers, chosen by
 * their tag, not by a list: a test file whose first lines say `// @module-tag security` is one. Vitest reads
 * the tag itself (`--tags-filter`, the tag defined in vitest.config.ts); Playwright is given the tagged spec
 * files. Stops at the first failing step, with its exit code.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const TAG = /^\/\/ @module-tag security$/m;
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

function run(command: string, args: string[]): void {
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (status !== 0) process.exit(status ?? 1);
}

/** The files of a test folder that carry the tag. */
function tagged(folder: string, suffix: RegExp): string[] {
  return readdirSync(path.join(root, 'tests', folder))
    .filter((file) => suffix.test(file) && TAG.test(readFileSync(path.join(root, 'tests', folder, file), 'utf8')))
    .map((file) => path.join('tests', folder, file));
}

// The files are named as well as the tag, so Vitest loads only those (a tag filter alone still loads every file).
run(bin('vitest'), ['run', '--tags-filter=security', ...tagged('unit', /\.test\.tsx?$/), ...tagged('integration', /\.test\.ts$/)]);
run(bin('playwright'), ['test', ...tagged('e2e', /\.spec\.ts$/)]);
