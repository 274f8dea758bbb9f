/**
 * `npm test`: typecheck, lint, unit + integration tests, a production build, end-to-end tests. Stops at
 * the first failing step, with that step's exit code.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureBuild } from './lib/build';
import { SUPABASE_E2E_BUILD } from '../tests/helpers/supabase-e2e-config';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

function step(title: string, command: string, args: string[]): void {
  const started = Date.now();
  console.log(`\n━━ ${title}: ${[path.basename(command), ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`━━ ${title} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`━━ ${title} passed in ${seconds}s`);
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
step('End-to-end tests', bin('playwright'), ['test']);
