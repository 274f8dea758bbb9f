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

function announce(title: string, command: string, args: string[]): void {
  console.log(`\n━━ ${title}: ${[path.basename(command), ...args].join(' ')}`);
}

/** A step's end: passed, or failed, when npm test stops with the step's exit code (after `onFailure`). */
function finish(title: string, status: number | null, ms: number, onFailure?: () => void): void {
  const seconds = (ms / 1000).toFixed(1);
  if (status !== 0) {
    onFailure?.();
    console.error(`━━ ${title} failed after ${seconds}s`);
    process.exit(status ?? 1);
  }
  console.log(`━━ ${title} passed in ${seconds}s`);
}

function step(title: string, command: string, args: string[], onFailure?: () => void): void {
  const started = Date.now();
  announce(title, command, args);
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  finish(title, status, Date.now() - started, onFailure);
}

/** At most this much of each file printFailureContext shows (the start of a page, the end of a server log). */
const CONTEXT_CHARS = 8_000;

function readIfThere(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/**
 * After failed end-to-end tests, what a CI log needs to explain them without the test-results folder:
 * each failed test's page as Playwright saw it (the aria snapshot in error-context.md; the error itself is
 * in the report already) and what its server printed meanwhile (server-log.txt, tests/e2e/fixtures/server-log.ts).
 */
function printFailureContext(): void {
  const results = path.join(root, 'test-results');
  if (!existsSync(results)) return;
  for (const folder of readdirSync(results).sort()) {
    const snapshot = /```yaml[\s\S]*?(?=# Test source|$)/.exec(readIfThere(path.join(results, folder, 'error-context.md')) ?? '')?.[0];
    if (snapshot) {
      const page = `The page:\n${snapshot}`;
      console.error(`\n── ${folder}/error-context.md\n${(page.length <= CONTEXT_CHARS ? page : `${page.slice(0, CONTEXT_CHARS)}\n…`).trimEnd()}`);
    }
    const log = readIfThere(path.join(results, folder, 'server-log.txt'));
    if (log !== null) console.error(`\n── ${folder}/server-log.txt\n${(log.length <= CONTEXT_CHARS ? log : `…\n${log.slice(-CONTEXT_CHARS)}`).trimEnd()}`);
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
      (each) =>
        new Promise<{ status: number | null; output: string; ended: number }>((resolve) => {
          const child = spawn(each.command, each.args, { cwd: root, env });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('close', (status) => resolve({ status, output, ended: Date.now() }));
        }),
    ),
  );
  for (const [index, { title, command, args }] of steps.entries()) {
    const { status, output, ended } = results[index]!;
    announce(title, command, args);
    if (output) process.stdout.write(output);
    finish(title, status, ended - started);
  }
}

/**
 * Vitest, its output passed through as it comes and also kept: when it fails, the errors it reported
 * outside any test (an unhandled rejection, an error event nothing listened to) are printed again last, so
 * a CI log that shows only its end still shows what failed and where.
 */
async function vitestStep(): Promise<void> {
  const title = 'Unit and integration tests';
  const args = ['run'];
  const started = Date.now();
  announce(title, bin('vitest'), args);
  let output = '';
  const status = await new Promise<number | null>((resolve) => {
    const child = spawn(bin('vitest'), args, { cwd: root, env: { ...env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) } });
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk);
      output += chunk.toString();
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
    child.on('close', resolve);
  });
  finish(title, status, Date.now() - started, () => {
    const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
    const errors = /⎯+ Unhandled Errors? ⎯+[\s\S]*?(?=\n\s*Test Files )/.exec(plain)?.[0];
    if (errors) console.error(`\n── Vitest's errors outside the tests, again:\n${errors.length <= CONTEXT_CHARS ? errors : `${errors.slice(0, CONTEXT_CHARS)}\n…`}`);
  });
}

step('Route types', bin('next'), ['typegen']);
await together([
  { title: 'Typecheck', command: bin('tsc'), args: ['--noEmit'] },
  { title: 'Lint', command: bin('eslint'), args: ['--max-warnings=0', '.'] },
]);
await vitestStep();
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
