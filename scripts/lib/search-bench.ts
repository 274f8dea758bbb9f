/**
 * The site search's part of `npm run bench` (issue 35): with 5,000 items (2,000 blog posts, 2,000 papers,
 * 1,000 projects, with bodies of 150 to 600 words drawn from a mathematician's vocabulary), how long
 * lib/search/queries.ts's searchSite takes, at the median, 95th and 99th percentile, on PGlite and on a
 * Postgres server (Debian's, started in a temporary directory as the tests start it); and the size of the
 * index on disk (the five GIN indexes, and the generated tsvector columns' bytes). Goal: p95 under 50 ms.
 *
 * Each database is measured in a child Node process of its own with the `react-server` condition, under
 * which the module's `import 'server-only'` loads as Next loads it. Alone: `npx tsx scripts/lib/search-bench.ts`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatBytes, MB } from '../../lib/bytes.mjs';
import type { Queryable } from '../../lib/db/types';

export interface SearchBenchRun {
  database: 'PGlite' | 'Postgres';
  items: number;
  searches: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The five GIN indexes, and the generated columns' values, in bytes. */
  indexBytes: number;
  columnBytes: number;
  loadMs: number;
}

const ITEMS = { blog: 2_000, research: 2_000, projects: 1_000 } as const;
const SEARCHES = 600;
const WARM_UP = 60;
const GOAL_MS = 50;
const MEASURE_FLAG = '--measure';
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SELF = fileURLToPath(import.meta.url);

const VOCABULARY = (
  'zero zeros density estimate dirichlet character modulus prime primes progression interval short large sieve ' +
  'spectral gap eigenvalue laplacian manifold curvature geodesic modular form forms cusp hecke operator ' +
  'l-function zeta riemann hypothesis critical line strip moment moments mean value theorem bound bounds ' +
  'exponential sum sums character sums kloosterman additive multiplicative arithmetic function divisor ' +
  'analytic continuation functional equation explicit formula von mangoldt chebyshev counting asymptotic ' +
  'error term uniform uniformly conjecture proof lemma corollary argument method approach result results ' +
  'we prove show that the of and in for with a an on by to is are this paper study new improved classical ' +
  'equidistribution discrepancy fourier transform poisson summation smooth weight function integral ' +
  'variance correlation pair random matrix statistics numerical computation algorithm python notebook ' +
  'survey lecture notes course teaching seminar talk workshop conference graph group field ring ideal ' +
  'elliptic curve rank torsion galois representation automorphic cohomology topology homotopy category'
).split(' ');

/** A seeded generator (mulberry32): the same items every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function words(next: () => number, count: number): string {
  const out: string[] = [];
  for (let index = 0; index < count; index += 1) {
    out.push(VOCABULARY[Math.floor(next() * VOCABULARY.length)]!);
    // A formula now and then, as the bodies have.
    if (next() < 0.02) out.push('$\\zeta(s) = \\sum_{n \\ge 1} n^{-s}$');
  }
  return out.join(' ');
}

/** What visitors type: single words, two words, a phrase, an exclusion, a word cut short while typing. */
export const SEARCH_QUERIES = [
  'zeta',
  'zeros',
  'spectral gap',
  '"spectral gap"',
  'dirichlet -survey',
  'modular forms',
  'kloosterman sums',
  'riemann hypothesis',
  'equidistr',
  'eigenval',
  'large sieve',
  '"functional equation" zeta',
  'elliptic curve rank',
  'python notebook',
  'analytic',
];

/**
 * The 5,000 items (ITEMS) into a migrated database, the same ones every run: blog posts, papers (one in ten a
 * draft) and projects, in batches of 100 rows a statement. Also used by the burst bench (search-burst-bench.ts).
 */
export async function loadSearchItems(db: Queryable): Promise<void> {
  const next = random(35);
  const batch = async (sql: (offset: number) => string, rows: (index: number) => unknown[], total: number) => {
    for (let start = 0; start < total; start += 100) {
      const count = Math.min(100, total - start);
      const values: unknown[] = [];
      for (let index = 0; index < count; index += 1) values.push(...rows(start + index));
      await db.query(sql(count), values);
    }
  };
  const placeholders = (count: number, columns: number) =>
    Array.from({ length: count }, (_, row) => `(${Array.from({ length: columns }, (_, column) => `$${row * columns + column + 1}`).join(', ')})`).join(', ');
  const words150to600 = () => words(next, 150 + Math.floor(next() * 450));
  await batch(
    (count) => `insert into public.blog_posts (title, slug, excerpt, content, tags) values ${placeholders(count, 5)}`,
    (index) => [words(next, 6), `bench-post-${index}`, words(next, 25), words150to600(), [words(next, 1), words(next, 1)]],
    ITEMS.blog,
  );
  await batch(
    (count) => `insert into public.research_papers (title, abstract, authors, journal, tags, status) values ${placeholders(count, 6)}`,
    (index) => [words(next, 9), words150to600(), ['Alex Morgan', `Coauthor ${index % 97}`], 'Journal of Number Theory', [words(next, 1)], index % 10 === 0 ? 'draft' : 'published'],
    ITEMS.research,
  );
  await batch(
    (count) => `insert into public.projects (title, description, technologies, category) values ${placeholders(count, 4)}`,
    () => [words(next, 4), `<p>${words150to600()}</p>`, ['Python', 'SageMath'], 'academic'],
    ITEMS.projects,
  );
  await db.query('analyze');
}

async function measure(): Promise<SearchBenchRun> {
  const [{ migrate }, { openPglite }, { openPostgres }, { shareDatabase }, { searchSite }] = await Promise.all([
    import('../../lib/db/migrate'),
    import('../../lib/db/pglite'),
    import('../../lib/db/postgres'),
    import('../../lib/db/shared'),
    import('../../lib/search/queries'),
  ]);
  const url = process.env.BENCH_DATABASE_URL;
  const db = url ? await openPostgres(url) : await openPglite(process.env.BENCH_PGLITE_DIR!);
  await migrate(db, { authBootstrap: true });
  shareDatabase({ db, release: () => db.close() });

  const loadStart = performance.now();
  await loadSearchItems(db);
  const loadMs = performance.now() - loadStart;

  // Each search is timed alone: before the next, the pause its turn leaves (three times its length,
  // lib/search/rate-limit.ts) is waited out, so that the figure is the search's, not the throttle's.
  const timedSearch = async (query: string) => {
    const started = performance.now();
    await searchSite(query, { limit: 20 });
    const took = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 3 * took + 2));
    return took;
  };
  for (let index = 0; index < WARM_UP; index += 1) await timedSearch(SEARCH_QUERIES[index % SEARCH_QUERIES.length]!);
  const times: number[] = [];
  for (let index = 0; index < SEARCHES; index += 1) times.push(await timedSearch(SEARCH_QUERIES[index % SEARCH_QUERIES.length]!));
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!;

  const tables = ['research_papers', 'blog_posts', 'projects', 'personal_posts', 'experience'];
  const sizes = await db.query<{ index_bytes: string; column_bytes: string }>(
    `select (select sum(pg_relation_size(format('public.%I', t || '_search_idx')::regclass)) from unnest($1::text[]) t)::text as index_bytes,
            ((select coalesce(sum(pg_column_size(search)), 0) from public.research_papers) + (select coalesce(sum(pg_column_size(search)), 0) from public.blog_posts)
             + (select coalesce(sum(pg_column_size(search)), 0) from public.projects))::text as column_bytes`,
    [tables],
  );
  await db.close();
  return {
    database: url ? 'Postgres' : 'PGlite',
    items: ITEMS.blog + ITEMS.research + ITEMS.projects,
    searches: SEARCHES,
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: times[times.length - 1]!,
    indexBytes: Number(sizes.rows[0]?.index_bytes ?? 0),
    columnBytes: Number(sizes.rows[0]?.column_bytes ?? 0),
    loadMs,
  };
}

function inChild(env: Record<string, string>): SearchBenchRun {
  const output = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', SELF, MEASURE_FLAG], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 16 * MB,
  });
  const line = output.trim().split('\n').pop() ?? '';
  return JSON.parse(line) as SearchBenchRun;
}

/** Both databases, one after the other. */
export async function searchBench(): Promise<SearchBenchRun[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'search-bench-'));
  const runs: SearchBenchRun[] = [];
  try {
    runs.push(inChild({ BENCH_PGLITE_DIR: dir }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { startPostgres } = await import('../../tests/helpers/postgres-server');
  const server = await startPostgres();
  try {
    runs.push(inChild({ BENCH_DATABASE_URL: server.url }));
  } finally {
    await server.stop();
  }
  return runs;
}

export function formatSearchBench(runs: readonly SearchBenchRun[]): string {
  const lines = runs.map(
    (run) =>
      `  ${run.database.padEnd(9)} ${run.items} items, ${run.searches} searches: p50 ${run.p50Ms.toFixed(1)} ms, p95 ${run.p95Ms.toFixed(1)} ms, p99 ${run.p99Ms.toFixed(1)} ms, max ${run.maxMs.toFixed(1)} ms` +
      ` (goal p95 < ${GOAL_MS} ms: ${run.p95Ms < GOAL_MS ? 'met' : 'NOT met'}); index ${formatBytes(run.indexBytes)} + tsvector columns ${formatBytes(run.columnBytes)}; loading took ${(run.loadMs / 1000).toFixed(1)} s`,
  );
  return ['Site search (lib/search), 5,000 items:', ...lines].join('\n');
}

if (process.argv.includes(MEASURE_FLAG)) {
  const run = await measure();
  process.stdout.write(`${JSON.stringify(run)}\n`);
  process.exit(0);
} else if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  console.log(formatSearchBench(await searchBench()));
}
