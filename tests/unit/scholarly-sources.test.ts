import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fetchArxiv, parseArxiv } from '@/lib/scholarly/arxiv';
import { scholarlyEndpoints, type ScholarlyConfig } from '@/lib/scholarly/config';
import { fetchCrossref, parseCrossref } from '@/lib/scholarly/crossref';
import { fetchDatacite, parseDatacite } from '@/lib/scholarly/datacite';
import { fetchBounded, retryAfterSeconds, userAgent } from '@/lib/scholarly/http';
import { fetchOrcid, orcidSummaryWork, parseOrcid } from '@/lib/scholarly/orcid';
import { startFakeSources } from '../helpers/fake-scholarly-config';
import { FAKE_ARXIV_MALFORMED, FAKE_ORCID, type FakeScholarlyServer } from '../helpers/fake-scholarly-server';

/** Issue 34: the source clients against tests/helpers/fake-scholarly-server.ts, which serves the documented shapes. */

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '../fixtures/scholarly', name), 'utf8');

let server: FakeScholarlyServer;
let config: ScholarlyConfig;

beforeAll(async () => ({ server, config } = await startFakeSources()));
afterAll(() => server.close());

const requestsTo = (prefix: string) => server.requests.filter((request) => request.path.startsWith(prefix));

describe('configuration', () => {
  it('reads the five addresses from the environment, defaults when unset, trailing slash dropped', () => {
    expect(scholarlyEndpoints({})).toEqual({
      crossref: 'https://api.crossref.org',
      datacite: 'https://api.datacite.org',
      arxiv: 'https://export.arxiv.org',
      orcid: 'https://pub.orcid.org',
      openalex: 'https://api.openalex.org',
    });
    expect(scholarlyEndpoints({ CROSSREF_API_URL: 'http://127.0.0.1:4010/crossref/', ORCID_API_URL: ' ' }).crossref).toBe('http://127.0.0.1:4010/crossref');
  });

  it('refuses an address that is not absolute http(s), naming the variable', () => {
    expect(() => scholarlyEndpoints({ ARXIV_API_URL: 'file:///etc/passwd' })).toThrow(/ARXIV_API_URL must be an absolute http/);
    expect(() => scholarlyEndpoints({ DATACITE_API_URL: 'api.datacite.org' })).toThrow(/DATACITE_API_URL/);
    expect(() => scholarlyEndpoints({ CROSSREF_API_URL: 'https://api.crossref.org/?mailto=x' })).toThrow(/CROSSREF_API_URL/);
  });

  it('names the site and a mailto in the User-Agent, leaving out empty parts', () => {
    expect(userAgent({ siteName: 'Alex Morgan', siteUrl: 'https://example.org', contactEmail: 'alex@example.org' })).toBe(
      'AcademicPortfolio/0.1 (Alex Morgan; https://example.org; mailto:alex@example.org)',
    );
    expect(userAgent({ siteName: 'Zoë (Lab)', siteUrl: '', contactEmail: null })).toBe('AcademicPortfolio/0.1 (Zoe Lab)');
    expect(userAgent({})).toBe('AcademicPortfolio/0.1');
  });
});

describe('Crossref', () => {
  it('reads a journal article: authors, journal, date, JATS abstract, link', async () => {
    const result = await fetchCrossref('10.5555/12345678', config);
    expect(result).toEqual({
      ok: true,
      work: {
        source: 'Crossref',
        title: 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory',
        authors: ['Josiah Carberry'],
        journal: 'Journal of Psychoceramics',
        date: '2008-08-13',
        abstract:
          'The study of *psychoceramics*, the study of crackpots, is extended to strings of length $\\ell < 10^{-35}$ metres.\n\nWe find that **silly string** theory predicts $E = mc^3$ & nothing else.',
        doi: '10.5555/12345678',
        arxivId: null,
        link: 'https://doi.org/10.5555/12345678',
        kind: 'article',
        venue: { volume: '5', issue: '11', pages: '1-3', publisher: 'Wiley' },
      },
    });
    const [request] = requestsTo('/crossref/works/10.5555/12345678');
    expect(request?.headers['user-agent']).toBe('AcademicPortfolio/0.1 (Alex Morgan; https://example.org; mailto:alex@example.org)');
    expect(request?.headers.accept).toBe('application/json');
  });

  it('reads posted content as a preprint named after its server', async () => {
    const result = await fetchCrossref('10.5555/2024.01.02.573001', config);
    expect(result).toMatchObject({ ok: true, work: { kind: 'preprint', journal: 'bioRxiv', date: '2024-01-03', authors: ['Josiah Carberry', 'Jane Doe', 'María José Carreño Quiñones'] } });
  });

  it('reads a proceedings article with its conference: proceedings title, event, dates, editors, ISBN', async () => {
    expect(await fetchCrossref('10.5555/ants.2022.12', config)).toMatchObject({
      ok: true,
      work: {
        kind: 'conference',
        journal: 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium',
        date: '2023-01-15',
        venue: {
          volume: '1',
          pages: '12-30',
          publisher: 'Mathematical Sciences Publishers',
          editors: ['Elizabeth Miller', 'Ada Lovelace'],
          isbn: '9780306406157',
          eventName: 'ANTS XV: Fifteenth Algorithmic Number Theory Symposium',
          eventPlace: 'Bristol, UK',
          eventStart: '2022-08-08',
          eventEnd: '2022-08-12',
        },
      },
    });
  });

  it('reads a book chapter: the book as its venue, the editors, the edition and the first ISBN whose check digit is right', async () => {
    expect(await fetchCrossref('10.5555/handbook.ch3', config)).toMatchObject({
      ok: true,
      work: {
        kind: 'chapter',
        journal: 'Psychoceramics: A Handbook for the Perplexed',
        venue: { pages: '45-67', publisher: 'Carberry Press', editors: ['Elizabeth Miller', 'Jane Doe Jr.'], edition: '2', isbn: '0-306-40615-2' },
      },
    });
  });

  it('reads a dissertation as a PhD thesis at its institution, a master’s degree as a master’s thesis', async () => {
    const result = await fetchCrossref('10.5555/thesis.2011', config);
    expect(result).toMatchObject({ ok: true, work: { kind: 'phd-thesis', date: '2011-05-20', venue: { institution: 'Brown University', publisher: 'Brown University Library' } } });
    const body = JSON.parse(fixture('crossref-dissertation.json')) as { message: Record<string, unknown> };
    expect(parseCrossref(JSON.stringify({ ...body, message: { ...body.message, degree: ['Master of Science (MSc)'] } }))).toMatchObject({ ok: true, work: { kind: 'masters-thesis' } });
    // Without an institution, the publisher that registered it stands for it.
    expect(parseCrossref(JSON.stringify({ ...body, message: { ...body.message, institution: [] } }))).toMatchObject({ ok: true, work: { venue: { institution: 'Brown University Library' } } });
  });

  it.each([
    ['journal-article', 'article'],
    ['proceedings-article', 'conference'],
    ['book', 'book'],
    ['monograph', 'book'],
    ['edited-book', 'book'],
    ['reference-book', 'book'],
    ['book-chapter', 'chapter'],
    ['book-section', 'chapter'],
    ['book-part', 'chapter'],
    ['reference-entry', 'chapter'],
    ['dissertation', 'phd-thesis'],
    ['report', 'report'],
    ['report-component', 'report'],
    ['posted-content', 'preprint'],
    ['dataset', 'dataset'],
    ['component', 'other'],
    ['other', 'other'],
    ['peer-review', 'other'],
  ])('reads the type %s as the kind %s', (type, kind) => {
    const body = JSON.parse(fixture('crossref-work.json')) as { message: Record<string, unknown> };
    expect(parseCrossref(JSON.stringify({ ...body, message: { ...body.message, type } }))).toMatchObject({ ok: true, work: { kind } });
  });

  it('loses a venue field of an unexpected shape or a conference date it would have to guess, not the record', () => {
    const body = JSON.parse(fixture('crossref-proceedings-article.json')) as { message: Record<string, unknown> };
    const odd = { ...body.message, volume: 7, ISBN: 'not a list', editor: [{ given: 3 }], event: { name: 'ANTS XV', start: { 'date-parts': [[2022, 8]] }, end: { 'date-parts': [[2022]] } } };
    const result = parseCrossref(JSON.stringify({ ...body, message: odd }));
    if (!result.ok) throw new Error(result.problem.message);
    expect(result.work.title).toBe('Counting cracked pots over finite fields');
    expect(result.work.venue).toEqual({ pages: '12-30', publisher: 'Mathematical Sciences Publishers', eventName: 'ANTS XV' });
  });

  it('says which DOI it does not know', async () => {
    expect(await fetchCrossref('10.5072/example-preprint', config)).toEqual({
      ok: false,
      problem: { kind: 'not-found', source: 'Crossref', message: 'Crossref has no record of the DOI 10.5072/example-preprint.' },
    });
  });

  it('honours a 429 and its Retry-After', async () => {
    expect(await fetchCrossref('10.5555/rate-limited', config)).toEqual({
      ok: false,
      problem: { kind: 'rate-limited', source: 'Crossref', message: 'Crossref is limiting requests; try again in 30 seconds.', retryAfterSeconds: 30 },
    });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 12:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });

  it('reports a server error', async () => {
    expect(await fetchCrossref('10.5555/server-error', config)).toMatchObject({
      ok: false,
      problem: { kind: 'server-error', message: 'Crossref is having trouble right now (error 503); try again later.' },
    });
  });

  it('gives up on a source that does not answer in time', async () => {
    const result = await fetchCrossref('10.5555/stall', { ...config, timeoutMs: 300 });
    expect(result).toEqual({ ok: false, problem: { kind: 'timeout', source: 'Crossref', message: 'Crossref did not answer within 0.3 seconds.' } });
  });

  it('stops reading a 20 MB answer at the size limit', async () => {
    const result = await fetchCrossref('10.5555/too-large', config);
    expect(result).toEqual({ ok: false, problem: { kind: 'too-large', source: 'Crossref', message: 'Crossref gave an answer larger than 2 MB; it was not read.' } });
    const declared = await fetchCrossref('10.5555/too-large-declared', config);
    expect(declared).toMatchObject({ ok: false, problem: { kind: 'too-large' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const request of [...requestsTo('/crossref/works/10.5555/too-large'), ...requestsTo('/crossref/works/10.5555/too-large-declared')]) {
      expect(request.finished).toBe(false);
      expect(request.bytesSent).toBeLessThan(20 * 1024 * 1024);
    }
  });

  it('reports JSON that does not parse, and JSON of another shape', async () => {
    const malformed = { ok: false, problem: { kind: 'malformed', source: 'Crossref', message: 'Crossref gave an answer that could not be read.' } };
    expect(await fetchCrossref('10.5555/malformed', config)).toEqual(malformed);
    expect(parseCrossref('{"status":"ok","message-type":"work-list","message":{"items":[]}}')).toEqual(malformed);
    expect(parseCrossref('[]')).toEqual(malformed);
  });

  it('does not follow a redirect to another host', async () => {
    expect(await fetchCrossref('10.5555/redirect-away', config)).toEqual({
      ok: false,
      problem: { kind: 'unreachable', source: 'Crossref', message: 'Crossref sent the request on to another address (example.invalid); it was not followed.' },
    });
  });

  it('reports a source that cannot be reached', async () => {
    const closed = { ...config, crossref: 'http://127.0.0.1:1' };
    expect(await fetchCrossref('10.5555/12345678', closed)).toMatchObject({ ok: false, problem: { kind: 'unreachable', message: 'Crossref could not be reached; check the connection and try again.' } });
  });

  it('puts an identifier only into the path, percent-encoded', async () => {
    await fetchCrossref('10.5555/a?b#c d/../../x', config);
    expect(server.requests.at(-1)?.path).toBe('/crossref/works/10.5555%2Fa%3Fb%23c%20d%2F..%2F..%2Fx');
  });
});

describe('DataCite', () => {
  it('reads a DOI only DataCite knows: names, main title, publisher, issued date, abstract', async () => {
    expect(await fetchDatacite('10.5072/example-preprint', config)).toEqual({
      ok: true,
      work: {
        source: 'DataCite',
        title: 'Cracked pots and cracked theories',
        authors: ['Josiah Carberry', 'Elizabeth Miller', 'Psychoceramics Research Group'],
        journal: 'Zenodo',
        date: '2023-05-04',
        // DataCite's descriptions are plain text: a dollar sign is a dollar sign (issue 42).
        abstract: 'We count the cracks in \\$n\\$ pots and find \\$O(n \\log n)\\$ of them.\n\nThe second paragraph explains why.',
        doi: '10.5072/example-preprint',
        arxivId: null,
        link: 'https://doi.org/10.5072/example-preprint',
        kind: 'preprint',
        venue: { publisher: 'Zenodo' },
      },
    });
  });

  it('reads a book chapter from the item it is published in: the book, pages, edition, editors, ISBN', async () => {
    expect(await fetchDatacite('10.5072/example-chapter', config)).toMatchObject({
      ok: true,
      work: {
        kind: 'chapter',
        title: 'Example Chapter Title',
        authors: ['Sofia Garcia'],
        journal: 'Example Book Title',
        date: '2016-01-01',
        // As the source gives it: its wrong check digit is for to-paper.ts to drop.
        venue: { pages: '45–63', publisher: 'Example Publisher', editors: ['Elizabeth Miller'], edition: '2nd edition', isbn: '0-12-345678-1' },
      },
    });
  });

  it.each([
    ['JournalArticle', 'article'],
    ['DataPaper', 'article'],
    ['ConferencePaper', 'conference'],
    ['Book', 'book'],
    ['BookChapter', 'chapter'],
    ['Dissertation', 'phd-thesis'],
    ['Report', 'report'],
    ['Preprint', 'preprint'],
    ['Dataset', 'dataset'],
    ['Software', 'software'],
    ['ComputationalNotebook', 'software'],
    ['Text', 'other'],
    ['Collection', 'other'],
  ])('reads the resourceTypeGeneral %s as the kind %s', (resourceTypeGeneral, kind) => {
    const body = JSON.parse(fixture('datacite-doi.json')) as { data: { attributes: Record<string, unknown> } };
    body.data.attributes.types = { resourceTypeGeneral };
    expect(parseDatacite(JSON.stringify(body))).toMatchObject({ ok: true, work: { kind } });
  });

  it('reads a journal article’s container, a thesis’s or report’s publisher as its institution, and top-level editors', () => {
    const body = JSON.parse(fixture('datacite-doi.json')) as { data: { attributes: Record<string, unknown> } };
    const attributes = body.data.attributes;
    Object.assign(attributes, {
      types: { resourceTypeGeneral: 'JournalArticle' },
      container: { type: 'Journal', identifier: '0264-3561', identifierType: 'ISSN', title: 'Journal of Psychoceramics', volume: '12', issue: '3', firstPage: '100', lastPage: '110' },
    });
    expect(parseDatacite(JSON.stringify(body))).toMatchObject({ ok: true, work: { journal: 'Journal of Psychoceramics', venue: { volume: '12', issue: '3', pages: '100–110', publisher: 'Zenodo' } } });
    Object.assign(attributes, {
      types: { resourceTypeGeneral: 'Dissertation' },
      container: {},
      publisher: { name: 'Brown University' },
      contributors: [{ name: 'Doe, Jane', nameType: 'Personal', contributorType: 'Supervisor' }],
    });
    expect(parseDatacite(JSON.stringify(body))).toMatchObject({ ok: true, work: { kind: 'phd-thesis', venue: { institution: 'Brown University', publisher: 'Brown University' } } });
    Object.assign(attributes, { types: { resourceTypeGeneral: 'Book' }, contributors: [{ name: 'Doe, Jane', nameType: 'Personal', contributorType: 'Editor' }], relatedItems: 'not a list' });
    const book = parseDatacite(JSON.stringify(body));
    expect(book).toMatchObject({ ok: true, work: { kind: 'book', venue: { editors: ['Jane Doe'], publisher: 'Brown University' } } });
    expect(book.ok && book.work.venue.institution).toBeUndefined();
  });

  it('says which DOI it does not know', async () => {
    expect(await fetchDatacite('10.5555/unknown', config)).toMatchObject({ ok: false, problem: { kind: 'not-found', message: 'DataCite has no record of the DOI 10.5555/unknown.' } });
  });

  it('reads an arXiv DOI as that arXiv paper, and refuses another shape', () => {
    const body = JSON.parse(fixture('datacite-doi.json')) as { data: { attributes: Record<string, unknown> } };
    body.data.attributes.doi = '10.48550/arXiv.2403.01234';
    expect(parseDatacite(JSON.stringify(body))).toMatchObject({ ok: true, work: { arxivId: '2403.01234', journal: 'arXiv preprint arXiv:2403.01234', kind: 'preprint' } });
    expect(parseDatacite('{"data":[]}')).toMatchObject({ ok: false, problem: { kind: 'malformed', message: 'DataCite gave an answer that could not be read.' } });
  });
});

describe('arXiv', () => {
  it('reads new and old style ids in one request, keeping a version only when one was typed', async () => {
    const before = requestsTo('/arxiv/').length;
    const result = await fetchArxiv(['2403.01234v2', 'math.NT/0601001', '2101.00001', '2401.00000'], config);
    expect(requestsTo('/arxiv/')).toHaveLength(before + 1);
    expect(server.requests.at(-1)?.path).toBe('/arxiv/api/query?id_list=2403.01234v2,math%2F0601001,2101.00001,2401.00000&max_results=4');
    if (!result.ok) throw new Error(result.problem.message);
    const [newStyle, oldStyle, published, unknown] = result.works;
    expect(newStyle).toEqual({
      source: 'arXiv',
      title: 'Silly String Theory at Low Energies',
      authors: ['Josiah Carberry', 'Jane Doe'],
      journal: 'arXiv preprint arXiv:2403.01234',
      date: '2024-03-02',
      abstract: 'We extend silly string theory to energies below $10^{-3}$ eV, where the strings become merely tangled. The partition function $Z(\\beta) < \\infty$ for all $\\beta > 0$.\n\nA second paragraph mentions R\\&D.',
      doi: null,
      arxivId: '2403.01234v2',
      link: 'https://arxiv.org/abs/2403.01234v2',
      kind: 'preprint',
      venue: {},
    });
    expect(oldStyle).toMatchObject({ arxivId: 'math/0601001', title: 'On the Zeta Function of a Cracked Pot', date: '2006-01-01', link: 'https://arxiv.org/abs/math/0601001' });
    expect(published).toMatchObject({ arxivId: '2101.00001', doi: '10.5555/12345678', journal: 'J. Psychoceram. 5 (2008) 1-3', kind: 'article' });
    expect(unknown).toBeNull();
  });

  it('reads the old-style id with its version from the feed', () => {
    const parsed = parseArxiv(fixture('arxiv-feed.xml'));
    if (!parsed.ok) throw new Error(parsed.problem.message);
    expect(parsed.works.map((work) => work.arxivId)).toEqual(['2403.01234v2', 'math/0601001v1', '2101.00001v1', '2305.04567v1', '2309.11111v3']);
  });

  it('reports XML that is not a whole feed', async () => {
    const malformed = { ok: false, problem: { kind: 'malformed', source: 'arXiv', message: 'arXiv gave an answer that could not be read.' } };
    expect(await fetchArxiv([FAKE_ARXIV_MALFORMED], config)).toEqual(malformed);
    expect(parseArxiv('{"not":"xml"}')).toEqual(malformed);
    expect(parseArxiv('<html><body>Service unavailable</body></html>')).toEqual(malformed);
  });

  it('leaves out an error entry', () => {
    const feed = '<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_1234.x</id><title>Error</title><summary>incorrect id format for 1234.x</summary></entry></feed>';
    expect(parseArxiv(feed)).toEqual({ ok: true, works: [] });
  });
});

describe('ORCID', () => {
  it('reads a profile of 30 works, the most recent first, with their identifiers', async () => {
    const result = await fetchOrcid(FAKE_ORCID, config);
    if (!result.ok) throw new Error(result.problem.message);
    const { profile } = result;
    expect(profile.name).toBe('Josiah Carberry');
    expect(profile.works).toHaveLength(30);
    expect(profile.works[0]).toMatchObject({ title: 'On the ceramic properties of silly putty', date: '2024-06-01', doi: '10.5555/jpc.2024.017', journal: 'Journal of Psychoceramics' });
    const dates = profile.works.map((work) => work.date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(profile.works.filter((work) => work.doi)).toHaveLength(25);
    expect(profile.works.filter((work) => !work.doi && work.arxivId).map((work) => work.arxivId)).toEqual(['2403.01234', '2309.11111', '2305.04567', '2201.09999']);
    expect(profile.works.filter((work) => !work.doi && !work.arxivId).map((work) => work.title)).toEqual(['Psychoceramics: A Handbook for the Perplexed']);
    // The group's preferred summary (Crossref's) is read, not the owner's shorter one.
    expect(profile.works.find((work) => work.doi === '10.5555/12345678')?.title).toBe('Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory');
    const [request] = requestsTo(`/orcid/v3.0/${FAKE_ORCID}/record`);
    expect(request?.headers.accept).toBe('application/json');
  });

  it.each([
    ['journal-article', 'Journal of Psychoceramics', 'article', 'Journal of Psychoceramics'],
    ['conference-paper', 'Proceedings of ANTS XV', 'conference', 'Proceedings of ANTS XV'],
    ['book-chapter', 'Psychoceramics: A Handbook', 'chapter', 'Psychoceramics: A Handbook'],
    ['preprint', 'bioRxiv', 'preprint', 'bioRxiv'],
    ['data-set', 'Zenodo', 'dataset', 'Zenodo'],
    ['software', 'GitHub', 'software', 'GitHub'],
    ['conference-poster', '', 'other', 'Conference poster'],
    // A summary names no book, conference or journal: the work is 'other' under its type's name.
    ['book-chapter', '', 'other', 'Book chapter'],
    ['conference-paper', '', 'other', 'Conference paper'],
    // ORCID gives no publisher or institution: to-paper.ts stores these as 'other' (source-venue.ts).
    ['book', '', 'book', 'Book'],
    ['dissertation-thesis', '', 'phd-thesis', 'Thesis'],
    ['dissertation', '', 'phd-thesis', 'Dissertation'],
    ['report', '', 'report', 'Report'],
    ['working-paper', '', 'report', 'Working paper'],
  ])('reads a summary of type %s (journal title %j) as the kind %s, its venue %j', (type, journal, kind, venue) => {
    const work = orcidSummaryWork({ putCode: '1', title: 'A work', type, date: '2020-01-01', journal, doi: null, arxivId: null, url: null }, 'Josiah Carberry');
    expect(work).toMatchObject({ source: 'ORCID', kind, journal: venue, venue: {} });
  });

  it('reads an arXiv-only summary as a preprint on arXiv, unless it names its journal', () => {
    const summary = { putCode: '1', title: 'A work', date: '2020-01-01', doi: null, arxivId: '2201.09999', url: null };
    expect(orcidSummaryWork({ ...summary, type: 'other', journal: '' }, '')).toMatchObject({ kind: 'preprint', journal: 'arXiv preprint arXiv:2201.09999' });
    expect(orcidSummaryWork({ ...summary, type: 'journal-article', journal: 'Journal of Psychoceramics' }, '')).toMatchObject({ kind: 'article', journal: 'Journal of Psychoceramics' });
  });

  it('says which iD it does not know, and refuses another shape', async () => {
    expect(await fetchOrcid('0000-0002-0000-0014', config)).toMatchObject({ ok: false, problem: { kind: 'not-found', message: 'ORCID has no record of the ORCID iD 0000-0002-0000-0014.' } });
    expect(parseOrcid('{"person":"nobody"}')).toMatchObject({ ok: false, problem: { kind: 'malformed', message: 'ORCID gave an answer that could not be read.' } });
    expect(parseOrcid('<record/>')).toMatchObject({ ok: false, problem: { kind: 'malformed' } });
  });
});

describe('fetchBounded', () => {
  it('checks the declared length before reading', async () => {
    const answer = new Response('x'.repeat(10), { headers: { 'content-length': String(50 * 1024 * 1024) } });
    const result = await fetchBounded('https://api.crossref.org/works/10.1/x', {
      accept: 'application/json',
      userAgent: 'test',
      source: 'Crossref',
      fetchImpl: async () => answer,
    });
    expect(result).toMatchObject({ ok: false, problem: { kind: 'too-large' } });
  });
});
