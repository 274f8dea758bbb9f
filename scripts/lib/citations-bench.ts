/**
 * The citation formats' part of `npm run bench` (issue 34): how long lib/citations/formats.ts takes to give a
 * paper in every CSL style (text and HTML) and as RIS. First the first call in a fresh process, which reads
 * and compiles the style files; then the median (and slowest) of 100 later calls over the sample papers,
 * as /research/{id}/cite makes them after a change. Goal: under 50 ms a paper after the first.
 *
 * Measured in a child Node process of its own, so the first call is truly the first, and with the
 * `react-server` condition, under which the module's `import 'server-only'` loads as Next loads it. Alone:
 * `npx tsx scripts/lib/citations-bench.ts`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import type { ResearchPaper } from '../../lib/content/research/types';
import { paper as samplePaper } from '../../tests/fixtures/papers';
import { median } from './cli';

export interface CitationsBench {
  /** Loading the module (citeproc included). */
  importMs: number;
  /** The first formatCitations call: the four styles and the locale read and compiled, then one paper. */
  firstMs: number;
  /** Of LATER_CALLS calls after it, cycling through the sample papers. */
  medianMs: number;
  maxMs: number;
  calls: number;
}

const LATER_CALLS = 100;
const GOAL_MS = 50;
const MEASURE_FLAG = '--measure';

const paper = (overrides: Partial<ResearchPaper>): ResearchPaper =>
  samplePaper({ id: '00000000-0000-4000-8000-000000000000', title: '', abstract: '', date: '2025-06-12', ...overrides });

/** The sample content's kinds of paper: a journal article with formulas, an arXiv preprint, a submitted paper, and one with 50 authors. */
const SAMPLE_PAPERS: ResearchPaper[] = [
  paper({
    title: 'A zero-density estimate for Dirichlet $L$-functions in short intervals',
    abstract: 'We prove that the number of zeros $\\rho = \\beta + i\\gamma$ of $L(s, \\chi)$ with $\\beta \\geq \\sigma$ is $\\ll (qH)^{\\frac{12}{5}(1 - \\sigma)}$.',
    authors: ['Alex Morgan', 'Priya Raman'],
    journal: 'Journal of Number Theory',
    doi: '10.1016/j.jnt.2025.01.001',
    tags: ['number theory', 'L-functions'],
  }),
  paper({
    title: 'Spectral gaps of random Cayley graphs of $\\mathrm{SL}_2(\\mathbb{F}_p)$',
    authors: ['Alex Morgan', 'B. L. van der Waerden'],
    date: '2025-11-03',
    journal: 'arXiv preprint',
    arxivId: '2511.01234',
    status: 'preprint',
  }),
  paper({
    title: 'The fourth moment of quadratic twists of modular $L$-functions',
    authors: ['Alex Morgan', 'Daniel Okafor', 'Priya Raman'],
    date: '2026-02-20',
    journal: 'Compositio Mathematica',
    status: 'submitted',
  }),
  paper({
    title: 'On the distribution of $\\zeta(1/2 + it)$ and $L^2$ norms',
    authors: Array.from({ length: 50 }, (_, index) => `Author${index + 1} Erdős${index + 1}`),
    journal: 'Mathematische Annalen',
    doi: '10.1007/s00208-025-00001-x',
  }),
];

/** The measurement itself, in the child process. */
async function measure(): Promise<CitationsBench> {
  const importStarted = performance.now();
  const { formatCitations } = await import('../../lib/citations/formats');
  const importMs = performance.now() - importStarted;
  const firstStarted = performance.now();
  formatCitations(SAMPLE_PAPERS[0]!, 'https://alex.example');
  const firstMs = performance.now() - firstStarted;
  const times: number[] = [];
  for (let call = 0; call < LATER_CALLS; call += 1) {
    const started = performance.now();
    formatCitations(SAMPLE_PAPERS[call % SAMPLE_PAPERS.length]!, 'https://alex.example');
    times.push(performance.now() - started);
  }
  return { importMs, firstMs, medianMs: median(times), maxMs: Math.max(...times), calls: times.length };
}

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..', '..');

/** The figures, from a fresh Node process (this file again, with MEASURE_FLAG). */
export function benchCitations(): CitationsBench {
  const output = execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', SELF, MEASURE_FLAG], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop()!) as CitationsBench;
}

export function citationsBenchLines(bench: CitationsBench): string {
  const met = bench.medianMs < GOAL_MS ? 'met' : 'missed';
  return (
    `citations         ${SAMPLE_PAPERS.length} sample papers, 4 CSL styles + RIS: module load ${bench.importMs.toFixed(0)} ms, first call ${bench.firstMs.toFixed(0)} ms; ` +
    `later calls (${bench.calls}): median ${bench.medianMs.toFixed(1)} ms (goal < ${GOAL_MS} ms: ${met}), slowest ${bench.maxMs.toFixed(1)} ms`
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === SELF) {
  if (process.argv.includes(MEASURE_FLAG)) console.log(JSON.stringify(await measure()));
  else console.log(citationsBenchLines(benchCitations()));
}
