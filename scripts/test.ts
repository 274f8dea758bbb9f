/**
 * `npm test`: typecheck, lint, unit + integration tests, a production build, end-to-end tests. Stops at
 * the first failing step, with that step's exit code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuild } from './lib/build';
import { SUPABASE_E2E_BUILD } from '../tests/helpers/supabase-e2e-config';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

function step(title: string, command: string, args: string[], onFailure?: () => void): void {
  const started = Date.now();
  console.log(`\n━━ ${title}: ${[path.basename(command), ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    onFailure?.();
    console.error(`━━ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`━━ ${title} passed in ${seconds}s`);
}

/** At most this much of each file printFailureContext shows (the end of a server log, the start of a page). */
const CONTEXT_CHARS = 8_000;

/**
 * After failed end-to-end tests, what a CI log needs to explain them without the test-results folder:
 * each failed test's page as Playwright saw it (error-context.md) and what its server printed meanwhile
 * (server-log.txt, tests/e2e/fixtures/server-log.ts).
 */
function printFailureContext(): void {
  const results = path.join(root, 'test-results');
  if (!existsSync(results)) return;
  for (const folder of readdirSync(results).sort()) {
    for (const [file, keep] of [
      ['error-context.md', 'start'],
      ['server-log.txt', 'end'],
    ] as const) {
      const full = path.join(results, folder, file);
      if (!existsSync(full)) continue;
      let text = readFileSync(full, 'utf8');
      // The error itself is in the report already: the page (its aria snapshot) is what is missing there.
      if (file === 'error-context.md') {
        const snapshot = text.indexOf('```yaml');
        if (snapshot < 0) continue;
        const end = text.indexOf('# Test source', snapshot);
        text = `The page:\n${text.slice(snapshot, end < 0 ? undefined : end)}`;
      }
      const shown = text.length <= CONTEXT_CHARS ? text : keep === 'start' ? `${text.slice(0, CONTEXT_CHARS)}\n…` : `…\n${text.slice(-CONTEXT_CHARS)}`;
      console.error(`\n── ${folder}/${file}\n${shown.trimEnd()}`);
    }
  }
}

/**
 * Steps that read the sources without writing anything run side by side (each is mostly one core's work):
 * their output is held and printed whole, one after the other. Exits with the first failing step's code.
 */
async function together(steps: { title: string; command: string; args: string[] }[]): Promise<void> {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      ({ title, command, args }) =>
        new Promise<{ title: string; command: string; args: string[]; status: number; output: string; seconds: string }>((resolve) => {
          const child = spawn(command, args, { cwd: root, env });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', (status) => resolve({ title, command, args, status: status ?? 1, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }));
        }),
    ),
  );
  for (const result of results) {
    console.log(`\n━━ ${result.title}: ${[path.basename(result.command), ...result.args].join(' ')}`);
    if (result.output) process.stdout.write(result.output);
    if (result.status !== 0) {
      console.error(`━━ ${result.title} failed after ${result.seconds}s`);
      process.exit(result.status);
    }
    console.log(`━━ ${result.title} passed in ${result.seconds}s`);
  }
}

step('Route types', bin('next'), ['typegen']);
await together([
  { title: 'Typecheck', command: bin('tsc'), args: ['--noEmit'] },
  { title: 'Lint', command: bin('eslint'), args: ['--max-warnings=0', '.'] },
]);
step('Unit and integration tests', bin('vitest'), ['run']);
// The typecheck above covered every source the builds compile: they skip Next's own (next.config.mjs).
process.env.BUILD_TYPECHECKED = '1';
const started = Date.now();
console.log('\n━━ Production build');
await ensureBuild();
console.log(`━━ Production build ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
// The Supabase-mode build (tests/e2e/supabase-mode.spec.ts): other NEXT_PUBLIC_ values, its own folder.
const supabaseStarted = Date.now();
console.log('\n━━ Production build in Supabase mode');
await ensureBuild({ variant: SUPABASE_E2E_BUILD });
console.log(`━━ Supabase-mode build ready in ${((Date.now() - supabaseStarted) / 1000).toFixed(1)}s`);
step('End-to-end tests', bin('playwright'), ['test'], printFailureContext);
