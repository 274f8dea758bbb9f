/**
 * `npm run bench:hydration`: what each client component costs on each public page (issue 49: "measure what
 * each client component costs on each public page (hydration and its long tasks in a performance trace) and
 * keep only what earns it"). A benchmark, not a test (CI does not run it).
 *
 * A production build does not name components, so this measures React's profiling build of the site
 * (`next build --profile --no-mangling`, into `.next-profile`; rebuilt when the sources change), served by
 * plain `next start` on the sample content with the long post added. React 19.2's profiling build reports the
 * time of each component it renders, hydrates or runs the effects of, as DevTools' "Components ⚛" track
 * (`console.timeStamp` with a start and an end); the page records those calls, and Chromium's long tasks,
 * from before its first script. Each page is loaded `--runs=N` times (default 3) in a fresh browser context,
 * on a phone-sized screen with the processor slowed four times (`Emulation.setCPUThrottlingRate`, as
 * Lighthouse's mobile setting simulates), until the network is idle and a second has passed.
 *
 * Printed, per page (medians over the runs): the long tasks (count, their time, and the part of each beyond
 * 50 ms, which is what total blocking time adds up), React's work in them (rendering to hydrate, and effects),
 * and the share of it that the site's own client components take; then, per client component of the site
 * (a function of a `'use client'` file under app/ or components/), its self time on each page it is on:
 * hydration plus effects, its children's excluded. The rest is Next's and React's own (the router, the
 * layouts' boundaries) and the libraries' (Radix, cmdk).
 *
 * The profiling build is slower than the production one by a margin, and the figures move with the machine:
 * read them against each other, not as absolute costs. `--pages=home,blog` measures only those pages.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

import { chromiumLaunch } from '../tests/helpers/chromium';
import { startNext, startNextStart } from '../tests/helpers/next-start';
import { repoRoot } from '../tests/helpers/site-server';
import { addLongPost, ADMIN, signIn } from './lib/admin-http';
import { ensureBuild, ensureFixtureBuild, type BuildVariant } from './lib/build';
import { log, median, textTable } from './lib/cli';
import { FLOOR } from './lib/floor';
import { measuredPages, runsPerPage, selected } from './lib/measured-pages';

/** React's profiling build of the site, in a folder of its own. */
const PROFILING_BUILD: BuildVariant = { distDir: '.next-profile', env: {}, args: ['--profile', '--no-mangling'] };
/** Lighthouse's mobile setting slows the processor four times. */
const CPU_SLOWDOWN = 4;
const COMPONENTS_TRACK = 'Components \u269b';
const SCHEDULER_GROUP = 'Scheduler \u269b';
/** React's phases on its scheduler tracks that are work on the main thread: hydrating (and preparing hidden parts), rendering, committing, effects. */
const HYDRATION_PHASES = ['Hydrated', 'Prepared'];
const UPDATE_PHASES = ['Render', 'Commit', 'Remaining Effects'];


/**
 * Records, from before the page's first script, React's timings and Chromium's long tasks. React times
 * components only in a root made while DevTools is present, so a minimal DevTools hook stands in for it. Runs
 * in the page (Playwright's init script), so it is written for the browser.
 */
const RECORDER = `(() => {
  const timings = [];
  const phases = [];
  const tasks = [];
  Object.defineProperty(window, '__componentTimings', { value: timings });
  Object.defineProperty(window, '__reactPhases', { value: phases });
  Object.defineProperty(window, '__longTasks', { value: tasks });
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(), inject: () => 1,
    onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
  };
  const timeStamp = console.timeStamp.bind(console);
  console.timeStamp = (...args) => {
    if (typeof args[1] === 'number' && typeof args[2] === 'number') {
      if (args[3] === ${JSON.stringify(COMPONENTS_TRACK)}) timings.push([String(args[0]), args[1], args[2], String(args[5] ?? '')]);
      else if (args[4] === ${JSON.stringify(SCHEDULER_GROUP)}) phases.push([String(args[0]), args[2] - args[1]]);
    }
    return timeStamp(...args);
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
})();`;

type Timing = [name: string, start: number, end: number, color: string];
type Phase = 'hydrate' | 'render' | 'effect';

/** React's colours on the track say what the time was: hydrating (tertiary), rendering (primary), effects (secondary). */
function phaseOf(color: string): Phase {
  if (color.startsWith('tertiary')) return 'hydrate';
  if (color.startsWith('secondary')) return 'effect';
  return 'render';
}

/**
 * Each component's self time, by name and phase: its entry's time less its children's, children being the
 * entries of the same phase nested in it (React logs a component's time around its subtree's).
 */
function selfTimes(timings: Timing[]): Map<string, Record<Phase, number>> {
  const byName = new Map<string, Record<Phase, number>>();
  for (const phase of ['hydrate', 'render', 'effect'] as const) {
    const entries = timings
      .filter(([, , , color]) => phaseOf(color) === phase)
      .map(([name, start, end]) => ({ name, start, end, self: end - start }))
      .sort((a, b) => a.start - b.start || b.end - a.end);
    const open: typeof entries = [];
    for (const entry of entries) {
      while (open.length > 0 && open.at(-1)!.end <= entry.start) open.pop();
      const parent = open.at(-1);
      if (parent && entry.end <= parent.end) parent.self -= entry.end - entry.start;
      open.push(entry);
    }
    for (const { name, self } of entries) {
      const times = byName.get(name) ?? { hydrate: 0, render: 0, effect: 0 };
      times[phase] += Math.max(self, 0);
      byName.set(name, times);
    }
  }
  return byName;
}

/** The function names of the site's client components: those defined in `'use client'` files under app/ and components/. */
function siteClientComponents(): Set<string> {
  const names = new Set<string>();
  for (const folder of ['app', 'components']) {
    for (const file of readdirSync(path.join(repoRoot, folder), { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.tsx')) continue;
      const source = readFileSync(path.join(repoRoot, folder, file), 'utf8');
      if (!/^\s*['"]use client['"]/m.test(source.slice(0, 400))) continue;
      for (const match of source.matchAll(/(?:function\s+([A-Z]\w*)\s*[(<])|(?:const\s+([A-Z]\w*)\s*=)/g)) names.add(match[1] ?? match[2]!);
    }
  }
  return names;
}

interface Load {
  tasks: { count: number; ms: number; blockingMs: number };
  /** React's main-thread work by scheduler phase (Hydrated, Render, Commit…), ms. */
  phases: Map<string, number>;
  components: Map<string, Record<Phase, number>>;
}

async function load(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript({ content: RECORDER });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const { timings, phases, tasks } = await page.evaluate(() => {
      const recorded = window as unknown as { __componentTimings: Timing[]; __reactPhases: [string, number][]; __longTasks: [number, number][] };
      return { timings: recorded.__componentTimings, phases: recorded.__reactPhases, tasks: recorded.__longTasks };
    });
    const byPhase = new Map<string, number>();
    for (const [name, duration] of phases) byPhase.set(name, (byPhase.get(name) ?? 0) + duration);
    return {
      tasks: { count: tasks.length, ms: tasks.reduce((sum, [, duration]) => sum + duration, 0), blockingMs: tasks.reduce((sum, [, duration]) => sum + Math.max(duration - 50, 0), 0) },
      phases: byPhase,
      components: selfTimes(timings),
    };
  } finally {
    await context.close();
  }
}

const total = (times: Record<Phase, number> | undefined) => (times ? times.hydrate + times.render + times.effect : 0);
const ms = (value: number) => value.toFixed(1);

async function main(): Promise<void> {
  const runs = runsPerPage(3);
  if ((await ensureBuild({ variant: PROFILING_BUILD })) === 'built') log('Profiling build ready.');
  if ((await ensureFixtureBuild(FLOOR)) === 'built') log('Floor build ready.');
  log('Starting the profiling build on the sample content (plain next start)…');
  // For next start, and for the action ids addLongPost reads from the build.
  process.env.NEXT_DIST_DIR = PROFILING_BUILD.distDir;
  const site = await startNextStart({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  const floor = await startNext({ dir: FLOOR.dir });
  const browser = await chromium.launch(chromiumLaunch);
  try {
    await addLongPost(site.url, await signIn(site.url));
    const pages = [{ label: 'floor', url: `${floor.url}/` }, ...selected(await measuredPages(site.url)).map(({ label, path: pagePath }) => ({ label, url: site.url + pagePath }))];
    const ours = siteClientComponents();
    // One unmeasured load of each first: Next's caches are warm, as for a real visitor.
    for (const { url } of pages) await (await fetch(url)).arrayBuffer();
    const loads = new Map<string, Load[]>(pages.map(({ label }) => [label, []]));
    for (let run = 0; run < runs; run += 1) {
      log(`Loading each page, run ${run + 1} of ${runs}…`);
      for (const { label, url } of pages) loads.get(label)!.push(await load(browser, url));
    }

    const pageLines: string[][] = [];
    /** Per site component, per page label: the median self time. */
    const perComponent = new Map<string, Map<string, number>>();
    for (const { label } of pages) {
      const measured = loads.get(label)!;
      const medianOf = (pick: (load: Load) => number) => median(measured.map(pick));
      const phaseMs = (load: Load, names: string[]) => names.reduce((acc, name) => acc + (load.phases.get(name) ?? 0), 0);
      const oursMs = (load: Load) => [...load.components].filter(([name]) => ours.has(name)).reduce((acc, [, times]) => acc + total(times), 0);
      // The floor has no React of the site's to split its time into.
      const ofReact = label === 'floor' ? ['', '', ''] : [ms(medianOf((l) => phaseMs(l, HYDRATION_PHASES))), ms(medianOf((l) => phaseMs(l, UPDATE_PHASES))), ms(medianOf(oursMs))];
      pageLines.push([label, String(medianOf((l) => l.tasks.count)), ms(medianOf((l) => l.tasks.ms)), ms(medianOf((l) => l.tasks.blockingMs)), ...ofReact]);
      const names = new Set(measured.flatMap((l) => [...l.components.keys()]).filter((name) => ours.has(name)));
      for (const name of names) {
        const row = perComponent.get(name) ?? new Map<string, number>();
        row.set(label, median(measured.map((l) => total(l.components.get(name)))));
        perComponent.set(name, row);
      }
    }
    console.log(
      `\nPer page (medians of ${runs} loads, processor slowed ${CPU_SLOWDOWN}×, React's profiling build):\n\n` +
        textTable(['page', 'long tasks', 'their ms', 'beyond 50 ms', 'React: hydrating ms', 'React: renders, commits, effects ms', "site's client components ms"], pageLines),
    );
    const labels = pages.map(({ label }) => label).filter((label) => label !== 'floor');
    const componentLines = [...perComponent]
      .map(([name, byPage]) => ({ name, byPage, most: Math.max(...byPage.values()) }))
      .sort((a, b) => b.most - a.most)
      .map(({ name, byPage }) => [name, ...labels.map((label) => (byPage.has(label) ? ms(byPage.get(label)!) : ''))]);
    console.log(`\nThe site's client components: self time (hydration, renders and effects; children excluded), ms, median per page:\n\n${textTable(['component', ...labels], componentLines)}`);
  } finally {
    await browser.close();
    await floor.stop();
    await site.stop();
    rmSync(site.dataDir, { recursive: true, force: true });
  }
}

await main();
