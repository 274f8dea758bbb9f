import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { citationDoi, fetchCitationCount, OPENALEX_FIELDS, TITLE_SIMILARITY_MIN, titleSimilarity, type CitationOutcome } from '@/lib/scholarly/citations';
import { scholarlyConfig, type ScholarlyConfig } from '@/lib/scholarly/config';
import { OPENALEX_KEY_INVALID, scholarlyEndpoints } from '@/lib/scholarly/endpoints';
import { startFakeSources } from '../helpers/fake-scholarly-config';
import type { FakeScholarlyServer } from '../helpers/fake-scholarly-server';

/** Issue 46: one paper's citation count from OpenAlex, or Crossref when OpenAlex has no record, against the fake sources. */

let server: FakeScholarlyServer;
let config: ScholarlyConfig;

beforeAll(async () => ({ server, config } = await startFakeSources()));
afterAll(() => server.close());

const READ_AT = '2026-03-01T12:00:00.000Z';
const now = () => Date.parse(READ_AT);
const USER_AGENT = 'AcademicPortfolio/0.1 (Alex Morgan; https://example.org; mailto:alex@example.org)';
const CARBERRY = 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory';

/** The requests the fake server saw while `run` ran. */
async function counting<T>(run: () => Promise<T>): Promise<{ result: T; paths: string[] }> {
  const before = server.requests.length;
  const result = await run();
  return { result, paths: server.requests.slice(before).map((request) => request.path) };
}

/** A paper with a DOI, titled as the fixture's record unless said otherwise. */
const byDoi = (doi: string, title = CARBERRY) => ({ doi, arxivId: null, title });

const ask = (paper: { doi: string | null; arxivId: string | null; title: string }, options: Parameters<typeof fetchCitationCount>[2] = {}) =>
  counting(() => fetchCitationCount(paper, config, { now, ...options }));

const openalexPath = (doi: string) => `/openalex/works/doi:${doi}?select=${OPENALEX_FIELDS}`;

function refused(source: 'openalex' | 'crossref', reason: string): CitationOutcome {
  return { ok: false, source, kind: 'refused', reason };
}

describe('citationDoi', () => {
  it.each([
    ['the DOI, in lower case', { doi: '10.5555/ABC.Def', arxivId: '2403.01234v2' }, '10.5555/abc.def'],
    ['a DOI given as an address', { doi: 'https://doi.org/10.5555/XY', arxivId: null }, '10.5555/xy'],
    ["arXiv's DOI without the version", { doi: null, arxivId: '2403.01234v2' }, '10.48550/arxiv.2403.01234'],
    ["arXiv's DOI of an old-style id", { doi: null, arxivId: 'math/0601001' }, '10.48550/arxiv.math/0601001'],
    ['an old-style id without its subject class and version', { doi: null, arxivId: 'math.NT/0601001v3' }, '10.48550/arxiv.math/0601001'],
    ["arXiv's DOI when the DOI is not one", { doi: 'not a doi', arxivId: '2101.00001' }, '10.48550/arxiv.2101.00001'],
    ['null without either', { doi: null, arxivId: null }, null],
    ['null when neither is valid', { doi: '', arxivId: 'arXiv' }, null],
  ])('gives %s', (_, paper, expected) => {
    expect(citationDoi(paper)).toBe(expected);
  });
});

describe('OpenAlex', () => {
  it('reads the count and the years (oldest first) with the citing works’ list, asking for the selected fields by DOI', async () => {
    const { result, paths } = await ask(byDoi('10.5555/12345678'));
    expect(result).toEqual({
      ok: true,
      count: {
        source: 'openalex',
        citedBy: 42,
        byYear: [
          { year: 2016, count: 2 },
          { year: 2017, count: 1 },
          { year: 2018, count: 0 },
          { year: 2019, count: 1 },
          { year: 2020, count: 2 },
          { year: 2021, count: 3 },
          { year: 2022, count: 4 },
          { year: 2023, count: 5 },
          { year: 2024, count: 9 },
          { year: 2025, count: 6 },
        ],
        citingUrl: 'https://openalex.org/works?filter=cites:W5555123456',
        readAt: READ_AT,
      },
    });
    expect(paths).toEqual(['/openalex/works/doi:10.5555/12345678?select=id,doi,display_name,cited_by_count,counts_by_year']);
    const request = server.requests.at(-1)!;
    expect(request.headers['user-agent']).toBe(USER_AGENT);
    expect(request.headers.accept).toBe('application/json');
  });

  it('sends the API key as api_key when one is configured, percent-encoded, and none otherwise', async () => {
    const { paths } = await counting(() => fetchCitationCount(byDoi('10.5555/12345678'), { ...config, openalexKey: 'k3y/with+odd=chars' }, { now }));
    expect(paths).toEqual([`${openalexPath('10.5555/12345678')}&api_key=k3y%2Fwith%2Bodd%3Dchars`]);
    const keyed = scholarlyConfig({}, { OPENALEX_API_KEY: ' abc123 ', OPENALEX_API_URL: 'http://127.0.0.1:1/openalex/' });
    expect([keyed.openalexKey, keyed.openalex]).toEqual(['abc123', 'http://127.0.0.1:1/openalex']);
    expect('openalexKey' in scholarlyConfig({}, { OPENALEX_API_KEY: '  ' })).toBe(false);
    expect('openalexKey' in config).toBe(false);
  });

  it('refuses a key with a space or too long, naming the variable and not the key', () => {
    expect(() => scholarlyConfig({}, { OPENALEX_API_KEY: 'secret value' })).toThrow(OPENALEX_KEY_INVALID);
    expect(() => scholarlyConfig({}, { OPENALEX_API_KEY: 'k'.repeat(201) })).toThrow(/^OPENALEX_API_KEY must be the key OpenAlex gave/);
    expect(OPENALEX_KEY_INVALID).not.toMatch(/secret/);
    expect(scholarlyConfig({}, { OPENALEX_API_KEY: 'k'.repeat(200) }).openalexKey).toHaveLength(200);
  });

  it('defaults to the public API, and refuses an address that is not one', () => {
    expect(scholarlyEndpoints({}).openalex).toBe('https://api.openalex.org');
    expect(() => scholarlyEndpoints({ OPENALEX_API_URL: 'api.openalex.org' })).toThrow(/OPENALEX_API_URL must be an absolute http/);
  });

  it("counts an arXiv-only paper by arXiv's DOI", async () => {
    const { result, paths } = await ask({ doi: null, arxivId: '2403.01234v2', title: 'Silly String Theory at Low Energies' });
    expect(result).toEqual({
      ok: true,
      count: {
        source: 'openalex',
        citedBy: 5,
        byYear: [
          { year: 2024, count: 2 },
          { year: 2025, count: 3 },
        ],
        citingUrl: 'https://openalex.org/works?filter=cites:W5555240301',
        readAt: READ_AT,
      },
    });
    expect(paths).toEqual([openalexPath('10.48550/arxiv.2403.01234')]);
  });

  it('answers the bench DOIs with a generated work', async () => {
    const { result } = await ask(byDoi('10.5555/bench.7', 'Bench paper 7'));
    expect(result).toEqual({
      ok: true,
      count: {
        source: 'openalex',
        citedBy: 433,
        byYear: [
          { year: 2023, count: 54 },
          { year: 2024, count: 108 },
          { year: 2025, count: 216 },
        ],
        citingUrl: 'https://openalex.org/works?filter=cites:W7000000007',
        readAt: READ_AT,
      },
    });
  });

  it('asks nothing for a paper with neither a DOI nor an arXiv id', async () => {
    const { result, paths } = await ask({ doi: null, arxivId: null, title: 'A talk' });
    expect(result).toEqual({
      ok: false,
      source: 'openalex',
      kind: 'no-identifier',
      reason: 'This paper has neither a DOI nor an arXiv identifier, so no source can be asked for its citations.',
    });
    expect(paths).toEqual([]);
  });
});

describe('Crossref, only when OpenAlex has no record', () => {
  it('reads is-referenced-by-count, with no years and no list of citing works', async () => {
    const { result, paths } = await ask(byDoi('10.5555/thesis.2011', 'The large sieve for cracked pots'));
    expect(result).toEqual({ ok: true, count: { source: 'crossref', citedBy: 3, byYear: [], citingUrl: null, readAt: READ_AT } });
    expect(paths).toEqual([openalexPath('10.5555/thesis.2011'), '/crossref/works/10.5555/thesis.2011']);
    expect(server.requests.at(-1)!.headers['user-agent']).toBe(USER_AGENT);
  });

  it("compares a title full of markup with the paper's TeX", async () => {
    const { result } = await ask(byDoi('10.5555/tagged-title', 'The $p$-adic \\emph{zeta} function of CO$_2$ \\& friends $\\mathbb{Z}_p$ revisited'));
    expect(result).toEqual({ ok: true, count: { source: 'crossref', citedBy: 4, byYear: [], citingUrl: null, readAt: READ_AT } });
  });

  it('says neither knows the DOI when both answer 404', async () => {
    const { result, paths } = await ask(byDoi('10.5555/unknown'));
    expect(result).toEqual({ ok: false, source: 'crossref', kind: 'not-found', reason: 'Neither OpenAlex nor Crossref has a record of the DOI 10.5555/unknown.' });
    expect(paths).toEqual([openalexPath('10.5555/unknown'), '/crossref/works/10.5555/unknown']);
  });

  it('refuses a Crossref record of another work', async () => {
    const { result } = await ask(byDoi('10.5555/thesis.2011'));
    expect(result).toEqual(refused('crossref', `Crossref's record of 10.5555/thesis.2011 is titled "The large sieve for cracked pots", which is not this paper.`));
  });
});

describe("OpenAlex's other failures: returned as they are, Crossref not asked", () => {
  it('a 429, with its Retry-After', async () => {
    const { result, paths } = await ask(byDoi('10.5555/rate-limited'));
    expect(result).toEqual({
      ok: false,
      source: 'openalex',
      kind: 'rate-limited',
      reason: 'OpenAlex is limiting requests; try again in 30 seconds.',
      retryAfterSeconds: 30,
    });
    expect(paths).toEqual([openalexPath('10.5555/rate-limited')]);
  });

  it('a 503', async () => {
    const { result, paths } = await ask(byDoi('10.5555/server-error'));
    expect(result).toEqual({ ok: false, source: 'openalex', kind: 'server-error', reason: 'OpenAlex is having trouble right now (error 503); try again later.' });
    expect(paths).toEqual([openalexPath('10.5555/server-error')]);
  });

  it('JSON that does not parse, and JSON of another shape', async () => {
    const malformed = { ok: false, source: 'openalex', kind: 'malformed', reason: 'OpenAlex gave an answer that could not be read.' };
    const broken = await ask(byDoi('10.5555/malformed'));
    expect(broken.result).toEqual(malformed);
    expect(broken.paths).toEqual([openalexPath('10.5555/malformed')]);
    const list = await ask(byDoi('10.5555/cited.wrong-shape'));
    expect(list.result).toEqual(malformed);
    expect(list.paths).toEqual([openalexPath('10.5555/cited.wrong-shape')]);
  });

  it('no answer in time (the configured timeout)', async () => {
    const { result, paths } = await counting(() => fetchCitationCount(byDoi('10.5555/stall'), { ...config, timeoutMs: 300 }, { now }));
    expect(result).toEqual({ ok: false, source: 'openalex', kind: 'timeout', reason: 'OpenAlex did not answer within 0.3 seconds.' });
    expect(paths).toEqual([openalexPath('10.5555/stall')]);
  });

  it('an answer over the size limit, not read to its end', async () => {
    const { result, paths } = await ask(byDoi('10.5555/too-large'));
    expect(result).toEqual({ ok: false, source: 'openalex', kind: 'too-large', reason: 'OpenAlex gave an answer larger than 2 MB; it was not read.' });
    expect(paths).toEqual([openalexPath('10.5555/too-large')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const request = server.requests.find((seen) => seen.path === openalexPath('10.5555/too-large'))!;
    expect(request.finished).toBe(false);
    expect(request.bytesSent).toBeLessThan(20 * 1024 * 1024);
  });
});

describe('paused sources', () => {
  it('asks nothing while OpenAlex is paused', async () => {
    const { result, paths } = await ask(byDoi('10.5555/12345678'), { paused: new Set(['openalex']) });
    expect(result).toEqual({ ok: false, source: 'openalex', kind: 'paused', reason: 'OpenAlex was not asked: the run has paused its requests to it.' });
    expect(paths).toEqual([]);
  });

  it('does not fall back to a paused Crossref', async () => {
    const { result, paths } = await ask(byDoi('10.5555/thesis.2011', 'The large sieve for cracked pots'), { paused: new Set(['crossref']) });
    expect(result).toEqual({ ok: false, source: 'crossref', kind: 'paused', reason: 'Crossref was not asked: the run has paused its requests to it.' });
    expect(paths).toEqual([openalexPath('10.5555/thesis.2011')]);
  });

  it('still asks OpenAlex while only Crossref is paused', async () => {
    const { result } = await ask(byDoi('10.5555/12345678'), { paused: new Set(['crossref']) });
    expect(result).toMatchObject({ ok: true, count: { source: 'openalex', citedBy: 42 } });
  });
});

describe('the checks', () => {
  it.each([
    ['10.5555/cited.negative', '-3'],
    ['10.5555/cited.absurd', '1,000,000,000,000'],
    ['10.5555/cited.fraction', '1.5'],
    ['10.5555/cited.text', '"42"'],
  ])('refuses the count of %s (%s)', async (doi, shown) => {
    const { result, paths } = await ask(byDoi(doi));
    expect(result).toEqual(refused('openalex', `OpenAlex gave ${shown} as the number of citations of ${doi}, which is not a whole number from 0 to 1,000,000.`));
    expect(paths).toEqual([openalexPath(doi)]);
  });

  it('refuses a year after the year the count is read in, read from `now`', async () => {
    const { result } = await ask(byDoi('10.5555/cited.year-2027'));
    expect(result).toEqual(refused('openalex', 'OpenAlex counts citations of 10.5555/cited.year-2027 in the year 2027, which is not a year from 1900 to 2026.'));
    const later = await ask(byDoi('10.5555/cited.year-2027'), { now: () => Date.parse('2027-01-01T00:00:00Z') });
    expect(later.result).toMatchObject({ ok: true, count: { citedBy: 42, readAt: '2027-01-01T00:00:00.000Z' } });
    if (!later.result.ok) throw new Error(later.result.reason);
    expect(later.result.count.byYear.at(-1)).toEqual({ year: 2027, count: 1 });
  });

  it('refuses a year counted twice', async () => {
    const { result } = await ask(byDoi('10.5555/cited.year-twice'));
    expect(result).toEqual(refused('openalex', 'OpenAlex counts citations of 10.5555/cited.year-twice in 2024 twice.'));
  });

  it('refuses years that add up to more than the total', async () => {
    const { result } = await ask(byDoi('10.5555/cited.years-over'));
    expect(result).toEqual(refused('openalex', "OpenAlex's citations of 10.5555/cited.years-over by year add up to 33, more than its total of 10."));
  });

  it('refuses a record of another work, and takes one without a title', async () => {
    const { result } = await ask(byDoi('10.5555/cited.other-work'));
    expect(result).toEqual(
      refused('openalex', `OpenAlex's record of 10.5555/cited.other-work is titled "Silly putty as a model of cortical plasticity", which is not this paper.`),
    );
    const untitled = await ask(byDoi('10.5555/cited.untitled', 'Any title at all'));
    expect(untitled.result).toMatchObject({ ok: true, count: { source: 'openalex', citedBy: 42 } });
  });

  it("refuses an id that is not an OpenAlex work's", async () => {
    const { result } = await ask(byDoi('10.5555/cited.foreign-id'));
    expect(result).toEqual(
      refused('openalex', 'OpenAlex gave "https://example.org/W1" as its identifier of 10.5555/cited.foreign-id, which is not the address of an OpenAlex work.'),
    );
  });

  it.each([
    ['capitals', 'TOWARD A UNIFIED THEORY OF HIGH-ENERGY METAPHYSICS: SILLY STRING THEORY'],
    ['the subtitle left out', 'Toward a Unified Theory of High-Energy Metaphysics'],
    ['accents', 'Tóward a Unified Theory of Hígh-Energy Metaphysics: Silly String Théory'],
    ['a typo the source corrected', 'Toward a Unifed Theory of High-Energy Metaphysics: Silly String Theroy'],
    ['TeX', 'Toward a \\emph{Unified} Theory of High-Energy Metaphysics: Silly {String} Theory'],
  ])("takes the record whose title differs from the paper's by %s", async (_, title) => {
    const { result } = await ask(byDoi('10.5555/12345678', title));
    expect(result).toMatchObject({ ok: true, count: { citedBy: 42 } });
  });
});

describe('titleSimilarity', () => {
  it.each([
    ['a subtitle added', 'Deep learning for protein folding', 'Deep Learning for Protein Folding: A Review of Methods and Benchmarks', 1],
    ['capitals and TeX', 'The $p$-adic zeta function of CO$_2$', 'The p-adic Zeta Function of CO2', 1],
    ['a Greek letter written out in TeX', 'On the zeros of $\\zeta(s)$ near the line', 'On the zeros of ζ(s) near the line', 1],
    ['an accent', 'Über die Riemannsche Zetafunktion', 'Uber die Riemannsche Zetafunktion', 1],
    ['a typo fixed', 'Counting craked pots over finite fields', 'Counting cracked pots over finite fields', 1],
    ['a title in another script', 'Теория трещин в горшках', 'Теория трещин в горшках', 1],
    ['two of five words reworded', 'Silly string theory at low energies', 'Silly string dynamics at low temperatures', 0.6],
    ['another paper on the same topic', 'Deep learning for protein folding', 'Deep learning for image segmentation', 0.5],
    ['a shared main title, other subtitles', 'Lecture notes: elliptic curves', 'Lecture notes: modular forms', 0.5],
    ['a completely different title', 'Silly putty as a model of cortical plasticity', CARBERRY, 2 / 12],
    ['stop words only in common', 'On the theory of crackpots', 'On the use of silly putty', 0],
  ])('%s', (_, a, b, score) => {
    expect(titleSimilarity(a, b)).toBeCloseTo(score, 10);
    expect(titleSimilarity(b, a)).toBeCloseTo(score, 10);
  });

  it('passes the same paper and refuses another at TITLE_SIMILARITY_MIN', () => {
    expect(TITLE_SIMILARITY_MIN).toBe(0.6);
    expect(titleSimilarity('Silly string theory at low energies', 'Silly string dynamics at low temperatures')).toBeGreaterThanOrEqual(TITLE_SIMILARITY_MIN);
    expect(titleSimilarity('Deep learning for protein folding', 'Deep learning for image segmentation')).toBeLessThan(TITLE_SIMILARITY_MIN);
  });

  it('has nothing to compare in a title without words', () => {
    expect(titleSimilarity('$\\alpha$', 'Anything')).toBe(1);
  });
});
