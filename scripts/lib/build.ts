import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
/**
 * What the site's production build is made from: a change to any of these needs a new build. Not benchmarks/:
 * the apps there (the Lighthouse floor) are built on their own, from their own sources (FixtureApp).
 */
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
  /** Options for `next build` (they count towards its fingerprint), e.g. `--profile` for React's profiling build. */
  args?: readonly string[];
}

/**
 * A Next.js app of this repository other than the site, in a folder of its own with its own next.config (the
 * Lighthouse floor, benchmarks/floor): built by the project's own `next` with that folder as the project
 * directory, into the folder's own `.next`.
 */
export interface FixtureApp {
  /** The app's folder, relative to the project root (`next build <dir>`, `next start <dir>`). */
  dir: string;
  /** What its build is made from, relative to the project root: its sources and the installed packages it is built with. */
  sources: readonly string[];
}

const DEFAULT_BUILD: BuildVariant = { distDir: '.next', env: {} };

/** One build: the project directory `next build` is given, its build folder, what it is made from and with which variables. */
interface Build {
  dir: string;
  distDir: string;
  sources: readonly string[];
  env: NodeJS.ProcessEnv;
  args: readonly string[];
}

function siteBuild(variant: BuildVariant): Build {
  const env = variant === DEFAULT_BUILD ? process.env : { ...process.env, ...variant.env, NEXT_DIST_DIR: variant.distDir };
  return { dir: '.', distDir: variant.distDir, sources: SOURCES, env, args: variant.args ?? [] };
}

/** A fixture's next.config sets no distDir: Next's default, `.next` in the app's folder. */
function fixtureBuild(app: FixtureApp): Build {
  return { dir: app.dir, distDir: path.join(app.dir, '.next'), sources: app.sources, env: process.env, args: [] };
}

/** Where a build records the fingerprint of the sources it was made from. */
const fingerprintFile = (build: Build) => path.join(root, build.distDir, 'source-fingerprint');
/** What a build is made from and with: its sources' fingerprint and its options. */
const buildFingerprint = (build: Build) => [sourceFingerprint(build.env, build.sources), ...build.args].join(' ');

export function sourceFingerprint(env: NodeJS.ProcessEnv = process.env, sources: readonly string[] = SOURCES): string {
  const files: string[] = [];
  for (const source of sources) walk(source, files);
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

function isCurrent(build: Build): boolean {
  if (!existsSync(path.join(root, build.distDir, 'BUILD_ID')) || !existsSync(fingerprintFile(build))) return false;
  return readFileSync(fingerprintFile(build), 'utf8').trim() === buildFingerprint(build);
}

export function isBuildCurrent(variant: BuildVariant = DEFAULT_BUILD): boolean {
  return isCurrent(siteBuild(variant));
}

/**
 * A CI run builds in a fresh clone and never builds there again, so the compiler's cache (next.config.mjs,
 * turbopackFileSystemCacheForBuild) would be written and never read, at a cost to each build's time
 * (docs/architecture.md, "Measurements"). Anywhere else it is kept: it spares the next build after a change.
 */
const NO_BUILD_CACHE = { TURBOPACK_BUILD_CACHE: 'false' };

/** Runs `next build` when the sources changed since the last one (or there is none). */
async function make(build: Build, force = false): Promise<'built' | 'current'> {
  if (!force && isCurrent(build)) return 'current';
  const fingerprint = buildFingerprint(build);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build', build.dir, ...build.args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...build.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', ...(process.env.CI ? NO_BUILD_CACHE : {}) },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`next build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
  writeFileSync(fingerprintFile(build), fingerprint);
  return 'built';
}

/** The site's build (or a variant of it), made when its sources changed since the last one. */
export function ensureBuild(options: { force?: boolean; variant?: BuildVariant } = {}): Promise<'built' | 'current'> {
  return make(siteBuild(options.variant ?? DEFAULT_BUILD), options.force);
}

/** A fixture app's build, made when its sources or the packages it is built with changed since the last one. */
export function ensureFixtureBuild(app: FixtureApp): Promise<'built' | 'current'> {
  return make(fixtureBuild(app));
}
