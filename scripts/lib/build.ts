import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const FINGERPRINT = path.join(root, '.next', 'source-fingerprint');
/** What a production build is made from: a change to any of these needs a new build. */
const SOURCES = ['app', 'components', 'lib', 'public', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'postcss.config.mjs', 'tsconfig.json', 'package-lock.json'];

function walk(entry: string, out: string[]): void {
  const full = path.join(root, entry);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) walk(path.join(entry, name), out);
  } else {
    out.push(entry);
  }
}

export function sourceFingerprint(): string {
  const files: string[] = [];
  for (const source of SOURCES) walk(source, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  }
  // NEXT_PUBLIC_ variables are written into the build (browser code, next.config's image hosts): moving
  // to Supabase, or to another project, needs a new build too.
  for (const [name, value] of Object.entries(process.env).sort(([a], [b]) => a.localeCompare(b))) {
    if (name.startsWith('NEXT_PUBLIC_')) hash.update(`${name}=${value ?? ''}`).update('\0');
  }
  return hash.digest('hex');
}

export function isBuildCurrent(): boolean {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID')) || !existsSync(FINGERPRINT)) return false;
  return readFileSync(FINGERPRINT, 'utf8').trim() === sourceFingerprint();
}

/** Runs `next build` when the sources changed since the last one (or there is none). */
export async function ensureBuild(options: { force?: boolean } = {}): Promise<'built' | 'current'> {
  if (!options.force && isBuildCurrent()) return 'current';
  const fingerprint = sourceFingerprint();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`next build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
  writeFileSync(FINGERPRINT, fingerprint);
  return 'built';
}
