import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
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

/**
 * A build other than the default: its own folder (NEXT_DIST_DIR, read by next.config.mjs) and the
 * variables it is built with, e.g. the Supabase-mode end-to-end build, whose NEXT_PUBLIC_ values differ.
 */
export interface BuildVariant {
  /** The build folder, relative to the project root (next start needs NEXT_DIST_DIR set to it too). */
  distDir: string;
  /** Variables set for this build only (NEXT_PUBLIC_ ones and PUBLIC_CACHE_SECONDS count towards its fingerprint). */
  env: Record<string, string>;
}

const DEFAULT_BUILD: BuildVariant = { distDir: '.next', env: {} };

/** Where a build records the fingerprint of the sources it was made from. */
const fingerprintFile = (variant: BuildVariant) => path.join(root, variant.distDir, 'source-fingerprint');

function buildEnv(variant: BuildVariant): NodeJS.ProcessEnv {
  return variant === DEFAULT_BUILD ? process.env : { ...process.env, ...variant.env, NEXT_DIST_DIR: variant.distDir };
}

export function sourceFingerprint(env: NodeJS.ProcessEnv = process.env): string {
  const files: string[] = [];
  for (const source of SOURCES) walk(source, files);
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  }
  // NEXT_PUBLIC_ variables are written into the build (browser code, next.config's image hosts): moving
  // to Supabase, or to another project, needs a new build too. So is PUBLIC_CACHE_SECONDS (the public
  // pages' Cache-Control, lib/public-page-policy.mjs): changing it in .env.local and restarting rebuilds.
  for (const [name, value] of Object.entries(env).sort(([a], [b]) => a.localeCompare(b))) {
    if (name.startsWith('NEXT_PUBLIC_') || name === 'PUBLIC_CACHE_SECONDS') hash.update(`${name}=${value ?? ''}`).update('\0');
  }
  return hash.digest('hex');
}

export function isBuildCurrent(variant: BuildVariant = DEFAULT_BUILD): boolean {
  if (!existsSync(path.join(root, variant.distDir, 'BUILD_ID')) || !existsSync(fingerprintFile(variant))) return false;
  return readFileSync(fingerprintFile(variant), 'utf8').trim() === sourceFingerprint(buildEnv(variant));
}

/** Runs `next build` when the sources changed since the last one (or there is none). */
export async function ensureBuild(options: { force?: boolean; variant?: BuildVariant } = {}): Promise<'built' | 'current'> {
  const variant = options.variant ?? DEFAULT_BUILD;
  if (!options.force && isBuildCurrent(variant)) return 'current';
  const env = buildEnv(variant);
  const fingerprint = sourceFingerprint(env);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`next build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
  writeFileSync(fingerprintFile(variant), fingerprint);
  return 'built';
}
