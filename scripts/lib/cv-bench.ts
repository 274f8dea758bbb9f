/**
 * The CV's part of `npm run bench` (issue 33): how long /cv.pdf takes to typeset the first time after a
 * change, with the sample content and with a large CV (150 papers, 40 positions, 60 CV rows), how big it
 * is, how long other requests wait meanwhile, and how fast a cached answer is served.
 */

import { callAction } from './admin-http';
import { loadTest } from './load-test';

export interface PdfFirst {
  /** Time to the whole first answer after a change. */
  ms: number;
  bytes: number;
  pages: number;
  /** Other requests (/about, one at a time) made while the PDF was typeset again after a change: their slowest, and how many. */
  othersMax: number;
  othersCount: number;
}

export interface CvBench {
  sample: PdfFirst;
  large: PdfFirst;
  /** The cached PDF under load (10 connections), large CV. */
  cached: { requestsPerSecond: number; p50: number; p99: number; failures: number };
}

/** The page count a PDF's page tree gives (`/Type /Pages … /Count n`), without a PDF library in the bench. */
function pageCount(bytes: Uint8Array): number {
  const text = Buffer.from(bytes).toString('latin1');
  const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)/g)].map((match) => Number(match[1]));
  return counts.length > 0 ? Math.max(...counts) : 0;
}

/** GET /cv.pdf, alone: its time to the whole answer, size and page count. */
async function fetchPdf(baseUrl: string): Promise<{ ms: number; bytes: Uint8Array }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/cv.pdf`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`/cv.pdf answered ${response.status}`);
  return { ms: performance.now() - started, bytes };
}

/**
 * The PDF's first answer after a change, alone; then, after another change (a paper added), the same
 * request again while /about is asked for over and over beside it: how long typesetting holds other
 * requests (the bench's own requests share the machine's two cores with the server and its worker).
 */
async function firstPdf(baseUrl: string, cookie: string, label: string): Promise<PdfFirst> {
  const alone = await fetchPdf(baseUrl);
  await ok(callAction(baseUrl, cookie, 'research', 'createPaperAction', [benchPaper(1_000, `${label}: a paper added to change the CV`)]), 'the change');
  let done = false;
  const waits: number[] = [];
  const others = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${baseUrl}/about`)).arrayBuffer();
      waits.push(performance.now() - started);
    }
  })();
  await fetchPdf(baseUrl);
  done = true;
  await others;
  return { ms: alone.ms, bytes: alone.bytes.length, pages: pageCount(alone.bytes), othersMax: Math.max(0, ...waits), othersCount: waits.length };
}

async function ok(response: Promise<Response>, what: string): Promise<void> {
  const answer = await response;
  const text = await answer.text();
  if (!answer.ok || !text.includes('"ok":true')) throw new Error(`${what} failed (${answer.status}): ${text.slice(0, 300)}`);
}

/** A paper as the Research editor's form sends it: co-authors with accents, formulas in the title. */
function benchPaper(index: number, title = `On the distribution of $\\zeta(1/2 + it)$ and $L^2$ norms, part ${index + 1}`) {
  const statuses = ['published', 'published', 'submitted', 'preprint'];
  return {
    title,
    journal: index % 3 === 0 ? 'Journal of Number Theory' : 'Mathematische Annalen',
    authors: 'Alex Morgan, Paul Erdős, Kurt Gödel',
    date: `${2000 + (index % 26)}-0${1 + (index % 9)}-1${index % 9}`,
    abstract: '',
    link: '',
    pdfUrl: '',
    tags: '',
    doi: `10.1000/bench.${index}`,
    arxivId: index % 2 === 0 ? `2403.${String(10_000 + index)}` : '',
    status: statuses[index % statuses.length],
  };
}

/** Fills the site up to a large CV through the editors' own actions: 150 papers, 40 positions, 60 CV rows. */
async function makeLargeCv(baseUrl: string, cookie: string): Promise<void> {
  for (let index = 0; index < 150; index += 1) {
    await ok(callAction(baseUrl, cookie, 'research', 'createPaperAction', [benchPaper(index)]), `paper ${index + 1}`);
  }
  const positions = Array.from({ length: 40 }, (_, index) => ({
    id: `exp-bench-${index}`,
    title: `Research position ${index + 1}`,
    company: 'University of Edinburgh',
    location: 'Edinburgh',
    startDate: `${1990 + index}-09`,
    endDate: `${1991 + index}-08`,
    description: 'Research in **analytic number theory**, with teaching of first-year analysis and supervision of projects.',
    highlights: ['A result on primes in short intervals', 'A seminar series'],
    technologies: ['SageMath'],
  }));
  await ok(callAction(baseUrl, cookie, 'experience', 'saveExperienceAction', [{ items: positions }]), 'the positions');
  // The CV's own rows are honours and service: talks and courses have their own tables (issue 47).
  const categories = ['award', 'service'];
  const rows = Array.from({ length: 60 }, (_, index) => ({
    id: `cv-bench-${index}`,
    category: categories[index % 2],
    start: String(1990 + (index % 36)),
    end: index % 3 === 0 ? String(1991 + (index % 36)) : '',
    title: `CV row ${index + 1}: seminar on $\\mathbb{R}^n$ and Šafarevič's conjecture`,
    place: 'Université de Lyon',
    url: '',
    description: 'A one-line description of the row, as the CV editor takes it.',
  }));
  await ok(callAction(baseUrl, cookie, 'cv', 'saveCvEntriesAction', [{ items: rows }]), 'the CV rows');
}

/** The CV's figures on a running server with the sample content (the large CV is added here). */
export async function benchCv(baseUrl: string, cookie: string, durationS: number): Promise<CvBench> {
  const sample = await firstPdf(baseUrl, cookie, 'sample');
  await makeLargeCv(baseUrl, cookie);
  const large = await firstPdf(baseUrl, cookie, 'large');
  const result = await loadTest({ url: `${baseUrl}/cv.pdf`, connections: 10, duration: durationS });
  return {
    sample,
    large,
    cached: {
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: result.non2xx + result.errors + result.timeouts,
    },
  };
}

export function cvBenchLines(cv: CvBench): string {
  const first = (label: string, run: PdfFirst) =>
    `cv.pdf first      ${label}: ${run.ms.toFixed(0)} ms (goal < 1500 ms: ${run.ms < 1500 ? 'met' : 'missed'}), ${(run.bytes / 1000).toFixed(1)} kB, ${run.pages} pages; ` +
    `typeset again beside ${run.othersCount} /about requests: slowest ${run.othersMax.toFixed(0)} ms`;
  return [
    first('sample content', cv.sample),
    first('large CV (150 papers, 40 positions, 60 rows)', cv.large),
    `cv.pdf cached     large CV: ${cv.cached.requestsPerSecond.toFixed(0)} req/s, p50 ${cv.cached.p50} ms, p99 ${cv.cached.p99} ms, failed ${cv.cached.failures}`,
  ].join('\n');
}
