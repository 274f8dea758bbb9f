/**
 * The floor (issue 49): a bare Next.js page (benchmarks/floor: one heading, one paragraph, one link), built
 * from the project's own next, react and react-dom. What the framework costs on its own, against which the
 * site's pages are measured: Lighthouse's LCP and TBT in the same run (scripts/lighthouse.ts), and first-load
 * JavaScript (scripts/first-load-js.ts), whose figure for the floor is recorded with the versions it was
 * measured on (benchmarks/floor/first-load.json), so that a test can hold every page to it without building
 * the floor.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { FixtureApp } from './build';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The packages the floor is built from: its build and its recorded figure hold for their versions only. */
const FRAMEWORK = ['next', 'react', 'react-dom'] as const;

/** The floor's app, and what its build is made from: its own files and the installed packages it is built with. */
export const FLOOR: FixtureApp = {
  dir: 'benchmarks/floor',
  sources: ['benchmarks/floor/app', 'benchmarks/floor/next.config.mjs', 'benchmarks/floor/tsconfig.json', ...FRAMEWORK.map((name) => `node_modules/${name}/package.json`)],
};

/** Issue 49: a public page's first-load JavaScript is at most this many gzip bytes over the floor's. */
export const FIRST_LOAD_OVER_FLOOR_BYTES = 15_000;

/** The packages the floor is made of, by version. */
export type FrameworkVersions = Record<(typeof FRAMEWORK)[number], string>;

export interface FloorRecord {
  versions: FrameworkVersions;
  /** The floor page's first-load JavaScript, gzip bytes at level 9 (scripts/lib/first-load.ts). */
  firstLoadGzipBytes: number;
}

const RECORD_FILE = path.join(root, 'benchmarks', 'floor', 'first-load.json');

export function installedFrameworkVersions(): FrameworkVersions {
  const version = (name: string) => (JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  return Object.fromEntries(FRAMEWORK.map((name) => [name, version(name)])) as FrameworkVersions;
}

export function readFloorRecord(): FloorRecord {
  return JSON.parse(readFileSync(RECORD_FILE, 'utf8')) as FloorRecord;
}

export function writeFloorRecord(record: FloorRecord): void {
  writeFileSync(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`);
}

/** Why the recorded figure does not hold for the installed packages, or null when it does. */
export function staleFloorRecord(record: FloorRecord, installed = installedFrameworkVersions()): string | null {
  const differing = FRAMEWORK.filter((name) => record.versions[name] !== installed[name]);
  if (differing.length === 0) return null;
  const list = differing.map((name) => `${name} ${record.versions[name]} → ${installed[name]}`).join(', ');
  return `benchmarks/floor/first-load.json was measured on other versions (${list}): measure the floor again with \`npm run js:size -- --record-floor\``;
}
