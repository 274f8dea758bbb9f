/**
 * `npm run js:size`: the JavaScript a modern browser runs on first load of each public page, against the
 * floor's (issue 49: at most 15 kB gzip over a bare Next.js page built from the same next, react and
 * react-dom: benchmarks/floor, scripts/lib/floor.ts). For every page it fetches the HTML from a production
 * server, takes every `<script src>` that is not `noModule` (legacy browsers' polyfills, which a modern
 * browser skips) plus any chunk the page names otherwise (scripts/lib/first-load.ts), fetches each once
 * and sums their gzip sizes (zlib level 9, so the figure does not depend on the server's compression
 * setting). Prints one table with the totals, then per page the largest chunks and the packages recognised
 * in them; also says whether the page links KaTeX's stylesheet (only pages with mathematics should).
 *
 *   npm run js:size                       start the production site on the sample content (`npm start`'s
 *                                         script, a temporary DATA_DIR; it builds first when needed)
 *   npm run js:size -- --url http://127.0.0.1:3000   measure a server that is already running
 *   npm run js:size -- --top 8            how many chunks to list per page (default 5; 0: totals only)
 *   npm run js:size -- --json             machine-readable output
 *   npm run js:size -- --modules          also list, per page, the packages and files by size, from the
 *                                         module graph of `next build --analyze` (build with it first)
 *   npm run js:size -- --record-floor     write the floor's figure and versions to benchmarks/floor/first-load.json,
 *                                         which the end-to-end budget test reads (after next or react is updated)
 *
 * The floor is built when its sources or those packages changed, and served by plain `next start`, in every
 * run; its figure is compared with the recorded one, and a difference is reported.
 *
 * Package names per chunk come from fingerprints: strings each package leaves in its minified code
 * (production chunks carry no module paths and no source maps). They say what is in a chunk, not how much
 * of it; `--modules` says how much, in gzip bytes per module (each module compressed on its own, so the
 * sum is above the chunks' real total). kB are 1000 bytes. Exits 1 when a page is over the budget.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { startNext } from '../tests/helpers/next-start';
import { repoRoot, startSite, tempDataDir, type SiteServer } from '../tests/helpers/site-server';
import { ensureFixtureBuild } from './lib/build';
import { fail, kB, log } from './lib/cli';
import { firstLoadScripts, gzipBytes, stylesheets } from './lib/first-load';
import { FIRST_LOAD_OVER_FLOOR_BYTES, FLOOR, installedFrameworkVersions, readFloorRecord, staleFloorRecord, writeFloorRecord } from './lib/floor';

/** The sample content's post with mathematics (the issue names it). */
const POST_PATH = '/blog/computing-zeros-of-the-zeta-function-with-python';

/**
 * Strings that mark a package in minified client code. Each is specific enough that it does not occur
 * elsewhere; a chunk may match several (Turbopack merges small modules into shared chunks).
 */
const FINGERPRINTS: { name: string; pattern: RegExp }[] = [
  { name: 'react-dom', pattern: /__reactContainer\$|react-dom\.production|__reactFiber\$/ },
  { name: 'react', pattern: /react\.transitional\.element/ },
  { name: 'next (router/runtime)', pattern: /__next_f|next-router-state-tree|NEXT_REDIRECT/ },
  { name: 'turbopack runtime', pattern: /TURBOPACK_ASSET_SUFFIX/ },
  { name: 'next/link', pattern: /useLinkStatus|IDLE_LINK_STATUS/ },
  { name: 'next/image', pattern: /data-nimg/ },
  { name: 'next/dynamic', pattern: /BailoutToCSR|BAILOUT_TO_CLIENT_SIDE_RENDERING/ },
  { name: 'sonner', pattern: /data-sonner-toaster|data-sonner-toast/ },
  { name: 'next-themes', pattern: /\(prefers-color-scheme: dark\)[\s\S]{0,2000}data-theme|data-theme[\s\S]{0,2000}\(prefers-color-scheme: dark\)/ },
  { name: 'radix-ui', pattern: /focusScope\.autoFocusOnMount|dismissableLayer\.pointerDownOutside|data-radix-|--radix-/ },
  { name: '@floating-ui', pattern: /floating-ui|getClippingRect/ },
  { name: 'react-remove-scroll', pattern: /react-remove-scroll|data-scroll-locked|with-scroll-bars-hidden/ },
  { name: 'lucide-react', pattern: /"lucide"|lucide-/ },
  { name: 'tailwind-merge', pattern: /fvn-normal|font-smoothing/ },
  { name: 'class-variance-authority', pattern: /defaultVariants|compoundVariants/ },
  { name: '@vercel/analytics', pattern: /_vercel\/insights|va-disable/ },
  { name: 'react-markdown/unified', pattern: /micromark|mdast-util|hast-util/ },
  { name: 'katex (JS)', pattern: /KaTeX parse error/ },
  { name: '@supabase', pattern: /supabase/ },
  { name: 'zod', pattern: /ZodError|\$ZodType/ },
  { name: 'admin code', pattern: /data-admin-|Unsaved changes|Save changes|Sign in again/ },
];

interface Chunk {
  url: string;
  rawBytes: number;
  gzipBytes: number;
  packages: string[];
  isKatexCss?: boolean;
}

interface Page {
  label: string;
  path: string;
  /** The app route, as `next build --analyze` names its data. */
  route: string;
}

interface PageResult extends Page {
  status: number;
  totalGzip: number;
  totalRaw: number;
  chunks: Chunk[];
  skippedNoModule: number;
  katexCss: boolean;
}

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const fetched = new Map<string, Promise<Chunk>>();

/** One asset, fetched once for all pages; sizes are of the body as served, gzip at level 9. */
function asset(url: string): Promise<Chunk> {
  let pending = fetched.get(url);
  if (!pending) {
    pending = (async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      const text = body.toString('utf8');
      return {
        url,
        rawBytes: body.length,
        gzipBytes: gzipBytes(body),
        packages: FINGERPRINTS.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name),
        isKatexCss: /\.katex\b/.test(text) && /KaTeX_Main/.test(text),
      };
    })();
    fetched.set(url, pending);
  }
  return pending;
}

async function pages(baseUrl: string): Promise<Page[]> {
  const personal = await (await fetch(`${baseUrl}/personal`)).text();
  const story = /href="(\/personal\/[0-9a-f-]{36})"/.exec(personal)?.[1];
  if (!story) fail('The content has no personal post to measure.');
  return [
    { label: 'home', path: '/', route: '/' },
    { label: 'about', path: '/about', route: '/about' },
    { label: 'projects', path: '/projects', route: '/projects' },
    { label: 'experience', path: '/experience', route: '/experience' },
    { label: 'research', path: '/research', route: '/research' },
    { label: 'talks', path: '/talks', route: '/talks' },
    { label: 'cv', path: '/cv', route: '/cv' },
    { label: 'blog', path: '/blog', route: '/blog' },
    { label: 'a post', path: POST_PATH, route: '/blog/[slug]' },
    { label: 'personal', path: '/personal', route: '/personal' },
    { label: 'a personal post', path: story, route: '/personal/[id]' },
    { label: 'search', path: '/search?q=dirichlet', route: '/search' },
    { label: '404 page', path: '/no-such-page', route: '/_not-found' },
  ];
}

async function measurePage(baseUrl: string, page: Page): Promise<PageResult> {
  const response = await fetch(baseUrl + page.path, { headers: { accept: 'text/html' } });
  const html = await response.text();
  const { urls, skippedNoModule } = firstLoadScripts(html, response.url);
  const chunks = await Promise.all(urls.map(asset));
  const css = await Promise.all(stylesheets(html, response.url).map(asset));
  return {
    ...page,
    status: response.status,
    totalGzip: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    totalRaw: chunks.reduce((sum, chunk) => sum + chunk.rawBytes, 0),
    chunks: chunks.sort((a, b) => b.gzipBytes - a.gzipBytes),
    skippedNoModule,
    katexCss: css.some((sheet) => sheet.isKatexCss),
  };
}

/** The parts of `next build --analyze`'s route data (.next/diagnostics/analyze/data/…/analyze.data) used here. */
interface AnalyzeData {
  sources: { path: string; parent_source_index?: number | null }[];
  chunk_parts: { source_index: number; output_file_index: number; compressed_size: number }[];
  output_files: { filename: string }[];
  chunk_groups: { kind: string; output_file_indices: number[] }[];
}

const ANALYZE_DIR = path.join(repoRoot, '.next', 'diagnostics', 'analyze', 'data');

/** A length-prefixed JSON header (4 bytes, big-endian), then binary tables this does not need. */
function readAnalyzeData(route: string): AnalyzeData | null {
  const file = path.join(ANALYZE_DIR, ...route.split('/').filter(Boolean), 'analyze.data');
  if (!existsSync(file)) return null;
  const bytes = readFileSync(file);
  return JSON.parse(bytes.subarray(4, 4 + bytes.readUInt32BE(0)).toString('utf8')) as AnalyzeData;
}

/** A module's package (`next/dist/client/…` down to its folder), or its path in the project. */
function owner(modulePath: string): string {
  const clean = modulePath.replace(/\/+/g, '/').replace(/^\/?\[project\]\//, '');
  const inPackage = clean.split('node_modules/').at(-1)!;
  if (inPackage === clean) return clean;
  const parts = inPackage.split('/');
  const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return name === 'next' ? parts.slice(0, 4).join('/') : name;
}

/**
 * gzip bytes per package or project file in the route's first-load client JavaScript: its chunk groups
 * other than the ones only loaded on demand (dynamic imports), without the noModule polyfills.
 */
function modulesByOwner(route: string): [string, number][] | null {
  const data = readAnalyzeData(route);
  if (!data) return null;
  const onDemand = new Set(data.chunk_groups.filter((group) => group.kind === 'async').flatMap((group) => group.output_file_indices));
  for (const group of data.chunk_groups) if (group.kind !== 'async') for (const index of group.output_file_indices) onDemand.delete(index);
  const firstLoad = new Set(
    data.output_files.flatMap(({ filename }, index) =>
      /\/static\/chunks\/.*\.js$/.test(filename) && !onDemand.has(index) ? [index] : [],
    ),
  );
  const fullPath = (index: number): string => {
    const parts: string[] = [];
    for (let at: number | null | undefined = index; at != null; at = data.sources[at]?.parent_source_index) parts.unshift(data.sources[at]?.path ?? '');
    return parts.join('/');
  };
  const sizes = new Map<string, number>();
  for (const part of data.chunk_parts) {
    if (!firstLoad.has(part.output_file_index)) continue;
    const modulePath = fullPath(part.source_index);
    if (modulePath.includes('polyfill-nomodule')) continue;
    const name = owner(modulePath);
    sizes.set(name, (sizes.get(name) ?? 0) + part.compressed_size);
  }
  return [...sizes].sort((a, b) => b[1] - a[1]);
}

function table(header: string[], rows: string[][], rightAligned: number[] = []): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, column) => (rightAligned.includes(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ').trimEnd();
  return [format(header), format(widths.map((width) => '-'.repeat(width))), ...rows.map(format)].join('\n');
}

function report(results: PageResult[], floor: PageResult, top: number, modules: boolean): string {
  const budget = floor.totalGzip + FIRST_LOAD_OVER_FLOOR_BYTES;
  const summary = table(
    ['page', 'path', 'status', 'scripts', 'raw kB', 'gzip kB', 'over floor kB', 'budget', 'katex css'],
    [floor, ...results].map((result) => [
      result.label,
      result.path.length > 44 ? `${result.path.slice(0, 43)}…` : result.path,
      String(result.status),
      String(result.chunks.length),
      kB(result.totalRaw),
      kB(result.totalGzip),
      result === floor ? '-' : kB(result.totalGzip - floor.totalGzip),
      result === floor ? '-' : result.totalGzip <= budget ? 'ok' : 'OVER',
      result.katexCss ? 'linked' : '-',
    ]),
    [2, 3, 4, 5, 6],
  );
  const lines = [
    summary,
    '',
    `Budget: the floor's ${kB(floor.totalGzip)} kB + ${kB(FIRST_LOAD_OVER_FLOOR_BYTES)} kB = ${kB(budget)} kB gzip of first-load JS per page (noModule scripts not counted).`,
  ];
  if (top > 0) {
    for (const result of [floor, ...results]) {
      lines.push('', `${result.label} (${result.path}): ${kB(result.totalGzip)} kB gzip in ${result.chunks.length} scripts`);
      lines.push(
        table(
          ['gzip kB', 'raw kB', 'chunk', 'packages recognised'],
          result.chunks.slice(0, top).map((chunk) => [kB(chunk.gzipBytes), kB(chunk.rawBytes), new URL(chunk.url).pathname.replace('/_next/static/chunks/', ''), chunk.packages.join(', ') || '(none recognised)']),
          [0, 1],
        ).replace(/^/gm, '  '),
      );
    }
  }
  if (modules) {
    lines.push('', 'By package or file (next build --analyze; gzip of each module on its own):');
    for (const result of results) {
      const owners = modulesByOwner(result.route);
      if (!owners) {
        lines.push('', `${result.label} (${result.route}): no analysis data; build with \`npx next build --analyze\` first`);
        continue;
      }
      lines.push('', `${result.label} (${result.route})`);
      lines.push(table(['gzip kB', 'package or file'], owners.slice(0, Math.max(top, 12)).map(([name, bytes]) => [kB(bytes), name]), [0]).replace(/^/gm, '  '));
    }
  }
  return lines.join('\n');
}

/** The floor's page, measured as the site's are: built when needed, served by plain `next start`. */
async function measureFloor(): Promise<PageResult> {
  if ((await ensureFixtureBuild(FLOOR)) === 'built') log('Floor build ready.');
  const floor = await startNext({ dir: FLOOR.dir });
  try {
    await (await fetch(`${floor.url}/`)).arrayBuffer();
    return await measurePage(floor.url, { label: 'floor', path: '/', route: '/' });
  } finally {
    await floor.stop();
  }
}

/** The recorded floor against the one just measured: written with --record-floor, otherwise any difference reported. */
function checkFloorRecord(floor: PageResult, record: boolean): void {
  const measured = { versions: installedFrameworkVersions(), firstLoadGzipBytes: floor.totalGzip };
  if (record) {
    writeFloorRecord(measured);
    log(`Recorded the floor: ${kB(floor.totalGzip)} kB gzip on next ${measured.versions.next}, react ${measured.versions.react} (benchmarks/floor/first-load.json).`);
    return;
  }
  const recorded = readFloorRecord();
  const stale = staleFloorRecord(recorded, measured.versions);
  if (stale) log(stale);
  else if (recorded.firstLoadGzipBytes !== floor.totalGzip) {
    log(`The floor measured ${floor.totalGzip} B; benchmarks/floor/first-load.json says ${recorded.firstLoadGzipBytes} B: record it again with --record-floor.`);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const given = argValue('--url');
  const top = Number(argValue('--top') ?? 5);
  const json = process.argv.includes('--json');
  const modules = process.argv.includes('--modules');
  log('Measuring the floor (benchmarks/floor, plain next start; built first when needed)…');
  const floor = await measureFloor();
  checkFloorRecord(floor, process.argv.includes('--record-floor'));
  let site: SiteServer | null = null;
  let baseUrl = given?.replace(/\/+$/, '');
  if (!baseUrl) {
    log('Starting the production site on the sample content (builds first when the sources changed)…');
    site = await startSite({ dataDir: tempDataDir(), timeoutMs: 600_000 });
    baseUrl = site.url;
  }
  try {
    const results: PageResult[] = [];
    for (const page of await pages(baseUrl)) {
      // One unmeasured load first: Next's caches are warm, as for a real visitor.
      await (await fetch(baseUrl + page.path)).arrayBuffer();
      results.push(await measurePage(baseUrl, page));
    }
    console.log(json ? JSON.stringify({ floor, pages: results }, null, 2) : `\n${report(results, floor, top, modules)}\n`);
    if (results.some((result) => result.totalGzip > floor.totalGzip + FIRST_LOAD_OVER_FLOOR_BYTES)) process.exitCode = 1;
  } finally {
    if (site) {
      await site.stop();
      rmSync(site.dataDir, { recursive: true, force: true });
    }
  }
}

await main();
