import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ResearchPaper } from '@/lib/content/research/types';
import type { ScholarlyConfig } from '@/lib/scholarly/config';
import { ORCID_CHECKSUM_WRONG, identifierTooLong } from '@/lib/scholarly/identifiers';
import { duplicateOf, LOOKUP_REQUEST_LIMITS, lookupIdentifiers, refreshFromSource } from '@/lib/scholarly/lookup';
import { toPaperValues } from '@/lib/scholarly/to-paper';
import type { SourceWork } from '@/lib/scholarly/work';
import { RESEARCH_LIMITS } from '@/lib/validation/research';
import { paper } from '../fixtures/papers';
import { startFakeSources } from '../helpers/fake-scholarly-config';
import { FAKE_ORCID, FAKE_ORCID_MANY_WORKS, type FakeScholarlyServer } from '../helpers/fake-scholarly-server';

/** Issue 34: "Add by identifier" and "Refresh from source", end to end against the fake sources. */

let server: FakeScholarlyServer;
let config: ScholarlyConfig;

beforeAll(async () => ({ server, config } = await startFakeSources()));
afterAll(() => server.close());

/** The requests the fake server saw while `run` ran. */
async function counting<T>(run: () => Promise<T>): Promise<{ result: T; paths: string[] }> {
  const before = server.requests.length;
  const result = await run();
  return { result, paths: server.requests.slice(before).map((request) => request.path) };
}

/** A paper on the site, as the lookup compares against it. */
function stored(fields: Partial<ResearchPaper>): ResearchPaper {
  return paper({ id: '00000000-0000-4000-8000-000000000001', title: 'A stored paper', abstract: '', date: '2020-01-01', journal: 'Journal', ...fields });
}

function work(fields: Partial<SourceWork>): SourceWork {
  return {
    source: 'Crossref',
    title: 'A work',
    authors: ['Alex Morgan'],
    journal: 'Journal',
    date: '2024-01-01',
    abstract: '',
    doi: null,
    arxivId: null,
    link: null,
    kind: 'article',
    venue: {},
    ...fields,
  };
}

describe('lookupIdentifiers', () => {
  it('looks DOIs up at Crossref, then DataCite, and says which it cannot find', async () => {
    const { result, paths } = await counting(() => lookupIdentifiers('10.5555/12345678\n10.5072/example-preprint\n10.5555/unknown', [], config));
    expect(result.entries.map((entry) => [entry.identifier, entry.source, entry.paper.status, entry.duplicate])).toEqual([
      ['doi:10.5555/12345678', 'Crossref', 'published', null],
      ['doi:10.5072/example-preprint', 'DataCite', 'preprint', null],
    ]);
    expect(result.entries[0]).toMatchObject({
      ref: '0',
      paper: {
        title: 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory',
        authors: ['Josiah Carberry'],
        journal: 'Journal of Psychoceramics',
        date: '2008-08-13',
        doi: '10.5555/12345678',
        arxivId: null,
        link: 'https://doi.org/10.5555/12345678',
        tags: [],
        pdfUrl: null,
      },
    });
    expect(result.problems).toEqual([{ identifier: '10.5555/unknown', message: 'Neither Crossref nor DataCite has a record of the DOI 10.5555/unknown.' }]);
    expect(result.orcid).toBeNull();
    expect(paths.filter((path) => path.startsWith('/datacite/'))).toHaveLength(2);
  });

  it('looks arXiv ids up in one request, new and old style, with versions', async () => {
    const { result, paths } = await counting(() => lookupIdentifiers('arXiv:2403.01234v2 math/0601001v1 https://arxiv.org/abs/2305.04567 2401.00000', [], config));
    expect(paths).toEqual(['/arxiv/api/query?id_list=2403.01234v2,math%2F0601001v1,2305.04567,2401.00000&max_results=4']);
    expect(result.entries.map((entry) => [entry.identifier, entry.paper.arxivId, entry.paper.journal, entry.paper.status])).toEqual([
      ['arXiv:2403.01234v2', '2403.01234v2', 'arXiv preprint arXiv:2403.01234', 'preprint'],
      ['arXiv:math/0601001v1', 'math/0601001v1', 'arXiv preprint arXiv:math/0601001', 'preprint'],
      ['arXiv:2305.04567', '2305.04567', 'arXiv preprint arXiv:2305.04567', 'preprint'],
    ]);
    expect(result.problems).toEqual([{ identifier: '2401.00000', message: 'arXiv has no paper with the identifier 2401.00000.' }]);
  });

  it('fills every venue field its source has, each kind with its own', async () => {
    const result = await lookupIdentifiers('10.5555/ants.2022.12 10.5555/handbook.ch3 10.5555/thesis.2011 10.5072/example-chapter 10.5555/12345678', [], config);
    expect(result.problems).toEqual([]);
    const [conference, chapter, thesis, dataciteChapter, article] = result.entries.map((entry) => entry.paper);
    expect(conference).toMatchObject({
      kind: 'conference',
      journal: 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium',
      volume: '1',
      pages: '12-30',
      publisher: 'Mathematical Sciences Publishers',
      editors: ['Elizabeth Miller', 'Ada Lovelace'],
      eventName: 'ANTS XV: Fifteenth Algorithmic Number Theory Symposium',
      eventPlace: 'Bristol, UK',
      eventStart: '2022-08-08',
      eventEnd: '2022-08-12',
      // A conference paper has no ISBN of its own (kinds.ts): it is left out.
      isbn: '',
      status: 'published',
    });
    expect(chapter).toMatchObject({ kind: 'chapter', journal: 'Psychoceramics: A Handbook for the Perplexed', editors: ['Elizabeth Miller', 'Jane Doe Jr.'], edition: '2', isbn: '0-306-40615-2', pages: '45-67' });
    expect(thesis).toMatchObject({ kind: 'phd-thesis', journal: '', institution: 'Brown University', publisher: '' });
    // The documentation's ISBN has a wrong check digit: it alone is dropped.
    expect(dataciteChapter).toMatchObject({ kind: 'chapter', journal: 'Example Book Title', pages: '45–63', edition: '2nd edition', editors: ['Elizabeth Miller'], isbn: '', publisher: 'Example Publisher' });
    expect(article).toMatchObject({ kind: 'article', journal: 'Journal of Psychoceramics', volume: '5', issue: '11', pages: '1-3', publisher: '' });
  });

  it('flags papers already on the site by DOI (ignoring case), arXiv id (ignoring version) and title', async () => {
    const onSite = [
      stored({ id: '00000000-0000-4000-8000-00000000000a', title: 'Something else', doi: '10.5555/12345678'.toUpperCase() }),
      stored({ id: '00000000-0000-4000-8000-00000000000b', title: 'Another', arxivId: '2403.01234v1' }),
      stored({ id: '00000000-0000-4000-8000-00000000000c', title: 'Cracked Pots and Cracked Theories!' }),
    ];
    const result = await lookupIdentifiers('10.5555/12345678 2403.01234v2 10.5072/example-preprint', onSite, config);
    expect(result.entries.map((entry) => entry.duplicate)).toEqual([
      { reason: 'on the site already as "Something else" (same DOI).', paperId: '00000000-0000-4000-8000-00000000000a' },
      { reason: 'on the site already as "Another" (same arXiv id).', paperId: '00000000-0000-4000-8000-00000000000b' },
      { reason: 'on the site already as "Cracked Pots and Cracked Theories!" (same title).', paperId: '00000000-0000-4000-8000-00000000000c' },
    ]);
  });

  it('flags a paper given twice in one lookup (a DOI and the arXiv preprint that names it)', async () => {
    const result = await lookupIdentifiers('10.5555/12345678 2101.00001', [], config);
    expect(result.entries.map((entry) => entry.duplicate)).toEqual([
      null,
      { reason: 'earlier in this lookup as "Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory" (same DOI).', paperId: null },
    ]);
  });

  it('reads a DOI written with spaces or Unicode dashes', async () => {
    const result = await lookupIdentifiers('https://doi.org/ 10.5555/ 12345678\ndoi:10.5555/tagged\u2010title', [], config);
    expect(result.entries.map((entry) => entry.paper.doi)).toEqual(['10.5555/12345678', '10.5555/tagged-title']);
  });

  it('cleans a title and abstract full of HTML and JATS tags', async () => {
    const result = await lookupIdentifiers('10.5555/tagged-title', [], config);
    expect(result.entries[0]?.paper).toMatchObject({
      title: 'The p-adic zeta function of CO2 & friends $\\mathbb{Z}_p$ revisited',
      abstract: 'Background\n\nCrackpots abound.\n\nResults\n\nOne data set.\n\nTwo CO2 budgets.',
      authors: ['Josiah Carberry Jr.', 'The Psychoceramics Consortium'],
      journal: 'Journal of Psychoceramics',
      date: '2019-11-01',
    });
    expect(JSON.stringify(result.entries[0]?.paper)).not.toMatch(/<|&lt;|&amp;/);
  });

  it('lists an ORCID profile’s works with full author lists where a source has them', async () => {
    const { result, paths } = await counting(() => lookupIdentifiers(`https://orcid.org/${FAKE_ORCID}`, [], config));
    expect(result.orcid).toEqual({ id: FAKE_ORCID, name: 'Josiah Carberry', works: 30 });
    expect(result.notices).toEqual([]);
    expect(paths.filter((path) => path.startsWith('/orcid/'))).toEqual([`/orcid/v3.0/${FAKE_ORCID}/record`]);
    expect(paths.filter((path) => path.startsWith('/arxiv/'))).toEqual(['/arxiv/api/query?id_list=2403.01234,2309.11111,2305.04567,2201.09999&max_results=4']);
    expect(paths.filter((path) => path.startsWith('/crossref/'))).toHaveLength(25);

    expect(result.entries).toHaveLength(29);
    expect(result.problems).toEqual([{ identifier: expect.stringMatching(/^ORCID work \d+$/), message: 'It has no title.' }]);
    const byTitle = new Map(result.entries.map((entry) => [entry.paper.title, entry]));
    // Crossref, DataCite and arXiv give every author; the rest come from the summaries, with the owner as author.
    expect(byTitle.get('Silly putty as a model of cortical plasticity')).toMatchObject({ source: 'Crossref', paper: { authors: ['Josiah Carberry', 'Jane Doe', 'María José Carreño Quiñones'], status: 'preprint' } });
    expect(byTitle.get('Cracked pots and cracked theories')).toMatchObject({ source: 'DataCite', paper: { authors: ['Josiah Carberry', 'Elizabeth Miller', 'Psychoceramics Research Group'] } });
    expect(byTitle.get('Crackpot Detection with Small Language Models')).toMatchObject({ source: 'arXiv', paper: { authors: ['Josiah Carberry', 'Elizabeth Miller'], arxivId: '2305.04567' } });
    expect(byTitle.get('Cracks as Evidence in Psychoceramics')).toMatchObject({ source: 'ORCID', paper: { authors: ['Josiah Carberry'], journal: 'Journal of Psychoceramics', status: 'published' } });
    expect(byTitle.get('Notes on the Metaphysics of Broken Crockery')).toMatchObject({
      source: 'ORCID',
      paper: { arxivId: '2201.09999', journal: 'arXiv preprint arXiv:2201.09999', status: 'preprint', link: 'https://arxiv.org/abs/2201.09999' },
    });
    expect(byTitle.get('Psychoceramics: A Handbook for the Perplexed')).toMatchObject({
      source: 'ORCID',
      identifier: 'Psychoceramics: A Handbook for the Perplexed',
      paper: { journal: 'Book chapter', date: '2012-04-01', doi: null, arxivId: null, link: 'https://example.org/handbook/chapter-3' },
    });
    // The journal version and its arXiv preprint sit in two ORCID groups: the second is flagged by title.
    const pair = result.entries.filter((entry) => entry.paper.title.toLowerCase() === 'on the ceramic properties of silly putty');
    expect(pair.map((entry) => [entry.source, entry.duplicate?.reason ?? null])).toEqual([
      ['ORCID', null],
      ['arXiv', 'earlier in this lookup as "On the ceramic properties of silly putty" (same title).'],
    ]);
  });

  it('shows the 100 most recent works of a larger ORCID profile, and says so', async () => {
    const result = await lookupIdentifiers(FAKE_ORCID_MANY_WORKS, [], config);
    expect(result.notices).toEqual(['This ORCID profile lists 240 works; the 100 most recent are shown.']);
    expect(result.orcid).toEqual({ id: FAKE_ORCID_MANY_WORKS, name: 'Prolific Potter', works: 240 });
    expect(result.entries).toHaveLength(100);
    // The fake profile's works are dated 1990 to 2023, seven or eight a year: the 100 most recent reach back into 2009.
    const dates = result.entries.map((entry) => entry.paper.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates[0]!.startsWith('2023-')).toBe(true);
    expect(dates.at(-1)!.startsWith('2009-')).toBe(true);
  });

  it('refuses an ORCID iD with a bad check digit before any request', async () => {
    const { result, paths } = await counting(() => lookupIdentifiers('0000-0002-1825-0098', [], config));
    expect(paths).toEqual([]);
    expect(result).toEqual({ entries: [], problems: [{ identifier: '0000-0002-1825-0098', message: ORCID_CHECKSUM_WRONG }], notices: [], orcid: null });
  });

  it('refuses an identifier of 10,000 characters without a request', async () => {
    const { result, paths } = await counting(() => lookupIdentifiers(`10.5555/${'x'.repeat(9_992)}`, [], config));
    expect(paths).toEqual([]);
    expect(result.problems.map((problem) => problem.message)).toEqual([identifierTooLong(10_000)]);
  });

  it('looks up the first 50 of 1,000 identifiers and says so', async () => {
    const text = Array.from({ length: 1_000 }, (_, index) => `10.5555/unknown-${index}`).join(', ');
    const { result, paths } = await counting(() => lookupIdentifiers(text, [], config));
    expect(result.notices).toEqual(['Only the first 50 of 1,000 identifiers are looked up at once; paste the rest afterwards.']);
    expect(result.problems).toHaveLength(50);
    expect(paths.filter((path) => path.startsWith('/crossref/'))).toHaveLength(50);
  });

  it('asks at most four requests at once, in the order of the identifiers', async () => {
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      asked.push(new URL(String(input)).pathname);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return await fetch(input, init);
      } finally {
        inFlight -= 1;
      }
    };
    const dois = Array.from({ length: 10 }, (_, index) => `10.5555/unknown-${index}`);
    await lookupIdentifiers(dois.join(' '), [], { ...config, fetchImpl });
    expect(most).toBe(LOOKUP_REQUEST_LIMITS.inFlight);
    const crossref = asked.filter((path) => path.startsWith('/crossref/'));
    expect(crossref.map((path) => decodeURIComponent(path.slice(path.lastIndexOf('/works/') + '/works/'.length)))).toEqual(dois);
  });

  it('turns a source that does not answer in time into a problem', async () => {
    const result = await lookupIdentifiers('10.5555/stall 10.5555/12345678', [], { ...config, timeoutMs: 300 });
    expect(result.entries.map((entry) => entry.paper.doi)).toEqual(['10.5555/12345678']);
    expect(result.problems).toEqual([{ identifier: '10.5555/stall', message: 'Crossref did not answer within 0.3 seconds.' }]);
  });

  it('asks a source nothing more once it has answered 429, giving its message for the rest', async () => {
    // The 429 is answered before the other requests are let through, so the order is fixed.
    let rateLimited: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      rateLimited = resolve;
    });
    const gated: typeof fetch = async (input, init) => {
      if (String(input).includes('rate-limited')) {
        const response = await fetch(input, init);
        rateLimited();
        return response;
      }
      await answered;
      return fetch(input, init);
    };
    const dois = ['10.5555/rate-limited', ...Array.from({ length: 7 }, (_, index) => `10.5555/later-${index}`)];
    const { result, paths } = await counting(() => lookupIdentifiers(dois.join(' '), [], { ...config, fetchImpl: gated }));
    // The three requests already on their way when the 429 came are answered; nothing is sent after it.
    expect(paths.filter((path) => path.startsWith('/crossref/'))).toHaveLength(4);
    const limited = result.problems.filter((problem) => problem.message === 'Crossref is limiting requests; try again in 30 seconds.');
    expect(limited.map((problem) => problem.identifier)).toEqual(['10.5555/rate-limited', ...dois.slice(4)]);
    expect(result.problems).toHaveLength(8);
  });

  it('never throws, whatever the sources do', async () => {
    const broken: typeof fetch = async () => {
      throw new Error('network down');
    };
    const result = await lookupIdentifiers(`10.5555/12345678 2403.01234 ${FAKE_ORCID}`, [], { ...config, fetchImpl: broken });
    expect(result.entries).toEqual([]);
    expect(result.problems.map((problem) => problem.message)).toEqual([
      'Crossref could not be reached; check the connection and try again.',
      'arXiv could not be reached; check the connection and try again.',
      'ORCID could not be reached; check the connection and try again.',
    ]);
  });
});

describe('duplicateOf', () => {
  it('compares with the site and with papers earlier in the same import', () => {
    const paper = { title: 'Fresh', doi: null, arxivId: 'math.NT/0601001' };
    expect(duplicateOf(paper, [stored({ arxivId: 'math/0601001v2', title: 'Zeta' })])).toMatchObject({ reason: 'on the site already as "Zeta" (same arXiv id).' });
    expect(duplicateOf(paper, [], [{ title: 'FRESH', doi: null, arxivId: null }])).toEqual({ reason: 'earlier in this lookup as "FRESH" (same title).', paperId: null });
    expect(duplicateOf(paper, [stored({})])).toBeNull();
  });
});

describe('toPaperValues', () => {
  it('gives a journal article published, a preprint preprint, and a draft when asked', () => {
    expect(toPaperValues(work({ kind: 'article' }), { status: 'as-source' })).toMatchObject({ ok: true, paper: { status: 'published' } });
    expect(toPaperValues(work({ kind: 'preprint' }), { status: 'as-source' })).toMatchObject({ ok: true, paper: { status: 'preprint' } });
    expect(toPaperValues(work({ kind: 'chapter' }), { status: 'as-source' })).toMatchObject({ ok: true, paper: { status: 'published' } });
    expect(toPaperValues(work({ kind: 'other' }), { status: 'as-source' })).toMatchObject({ ok: true, paper: { status: 'published' } });
    expect(toPaperValues(work({ kind: 'article' }), { status: 'draft' })).toMatchObject({ ok: true, paper: { status: 'draft' } });
  });

  it('keeps the first 50 authors and cuts what is longer than the editor allows', () => {
    const authors = Array.from({ length: 60 }, (_, index) => `Author ${index + 1}`);
    const result = toPaperValues(
      work({ authors: [...authors.slice(0, 1).map((name) => `${name}, Jr.`), ...authors.slice(1)], title: 'word '.repeat(100), journal: 'j'.repeat(400), abstract: `${'a '.repeat(9_995)}$x + y + z + w$ and more` }),
      { status: 'as-source' },
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.paper.authors).toHaveLength(RESEARCH_LIMITS.authors);
    expect(result.paper.authors[0]).toBe('Author 1 Jr.');
    expect(result.paper.authors.at(-1)).toBe('Author 50');
    expect(result.paper.title.length).toBeLessThanOrEqual(RESEARCH_LIMITS.title);
    expect(result.paper.title.endsWith('…')).toBe(true);
    expect(result.paper.journal).toHaveLength(RESEARCH_LIMITS.journal);
    expect(result.paper.abstract.length).toBeLessThanOrEqual(RESEARCH_LIMITS.abstract);
    expect(result.paper.abstract.match(/\$/g)?.length ?? 0).toBe(0);
  });

  it('cuts a long abstract after its last paragraph that fits, else at a word, never inside an escape or a formula', () => {
    const cut = (abstract: string) => {
      const result = toPaperValues(work({ abstract }), { status: 'as-source' });
      if (!result.ok) throw new Error(result.reason);
      expect(result.paper.abstract.length).toBeLessThanOrEqual(RESEARCH_LIMITS.abstract);
      return result.paper.abstract;
    };
    const paragraph = `${'word '.repeat(1_500)}costs \\$5`;
    expect(cut(`${paragraph}\n\n${paragraph}\n\n${paragraph}`)).toBe(`${paragraph}\n\n${paragraph}…`);
    // One long paragraph: the escaped dollars are text, the formula is whole or gone.
    for (let shift = 0; shift < 12; shift += 1) {
      const abstract = cut(`${'w'.repeat(shift)} ${'a '.repeat(9_990)}\\$5 \\*and\\* $x + y$ \\$10 ${'b '.repeat(20)}`);
      expect(abstract.endsWith('…')).toBe(true);
      expect(abstract).not.toMatch(/\\…$/);
      expect(abstract.replace(/\\\$/g, '').split('$').length % 2).toBe(1);
    }
  });

  it('keeps the venue fields of the work’s kind and empties the rest', () => {
    const venue = { volume: '5', issue: '11', pages: '1–3', publisher: 'Wiley', institution: 'Brown University', eventName: 'ANTS XV' };
    const article = toPaperValues(work({ kind: 'article', venue }), { status: 'as-source' });
    expect(article).toMatchObject({ ok: true, paper: { kind: 'article', journal: 'Journal', volume: '5', issue: '11', pages: '1–3', publisher: '', institution: '', eventName: '' } });
    const report = toPaperValues(work({ kind: 'report', venue: { ...venue, reportNumber: 'TR-17' } }), { status: 'as-source' });
    expect(report).toMatchObject({ ok: true, paper: { kind: 'report', journal: '', institution: 'Brown University', reportNumber: 'TR-17', volume: '', publisher: '' } });
  });

  it('drops what the editor would refuse, keeping the paper and the rest of its venue', () => {
    const result = toPaperValues(
      work({
        kind: 'chapter',
        journal: 'A Handbook',
        venue: {
          pages: 'pp. 45–67, and an appendix',
          isbn: '0-12-345678-1',
          edition: `the ${'very '.repeat(10)}second edition`,
          publisher: `The ${'Great '.repeat(80)}Press`,
          editors: ['Miller, Elizabeth', ' ', 'Doe, Jane, Jr.', ...Array.from({ length: 120 }, (_, index) => `Editor ${index + 1}`)],
        },
      }),
      { status: 'as-source' },
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.paper).toMatchObject({ kind: 'chapter', journal: 'A Handbook', pages: '', isbn: '', edition: '' });
    expect(result.paper.publisher.length).toBeLessThanOrEqual(RESEARCH_LIMITS.publisher);
    expect(result.paper.publisher).toMatch(/^The Great Great .*…$/);
    expect(result.paper.editors).toHaveLength(RESEARCH_LIMITS.editors);
    expect(result.paper.editors.slice(0, 3)).toEqual(['Miller Elizabeth', 'Doe Jane Jr.', 'Editor 1']);
  });

  it('keeps a conference’s start when its end comes before it, and leaves out dates that are not days', () => {
    const conference = (eventStart: string | null, eventEnd: string | null) => {
      const result = toPaperValues(work({ kind: 'conference', journal: 'Proceedings', venue: { eventName: 'ANTS XV', eventStart, eventEnd } }), { status: 'as-source' });
      if (!result.ok) throw new Error(result.reason);
      return [result.paper.eventStart, result.paper.eventEnd];
    };
    expect(conference('2022-08-08', '2022-08-12')).toEqual(['2022-08-08', '2022-08-12']);
    expect(conference('2022-08-12', '2022-08-08')).toEqual(['2022-08-12', null]);
    expect(conference('2022-02-30', 'August 2022')).toEqual([null, null]);
  });

  it('keeps a book, thesis or report whose publisher or institution the source does not give, as another kind of work', () => {
    expect(toPaperValues(work({ kind: 'phd-thesis', journal: 'Thesis', venue: { publisher: 'Zenodo' } }), { status: 'as-source' })).toMatchObject({
      ok: true,
      paper: { kind: 'other', journal: 'Thesis', publisher: 'Zenodo', institution: '' },
    });
    expect(toPaperValues(work({ kind: 'book', journal: '' }), { status: 'as-source' })).toEqual({ ok: false, reason: 'It names no journal, publisher or other venue.' });
    expect(toPaperValues(work({ kind: 'book', journal: '', venue: { publisher: 'Carberry Press' } }), { status: 'as-source' })).toMatchObject({
      ok: true,
      paper: { kind: 'book', journal: '', publisher: 'Carberry Press' },
    });
  });

  it('says what a work lacks to be a paper', () => {
    expect(toPaperValues(work({ title: '' }), { status: 'as-source' })).toEqual({ ok: false, reason: 'It has no title.' });
    expect(toPaperValues(work({ authors: [] }), { status: 'as-source' })).toEqual({ ok: false, reason: 'It has no author.' });
    expect(toPaperValues(work({ date: null }), { status: 'as-source' })).toEqual({ ok: false, reason: 'It has no publication date.' });
  });
});

describe('refreshFromSource', () => {
  it('refreshes by DOI, keeping the stored tags, PDF and draft status', async () => {
    const paper = stored({ title: 'Old title', doi: '10.5555/12345678', tags: ['strings'], pdfUrl: '/media/research-papers/a.pdf', status: 'draft', link: 'https://example.org/mine' });
    const result = await refreshFromSource(paper, config);
    expect(result).toMatchObject({
      ok: true,
      source: 'Crossref',
      paper: { title: 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory', tags: ['strings'], pdfUrl: '/media/research-papers/a.pdf', status: 'draft', link: 'https://doi.org/10.5555/12345678' },
    });
  });

  it('falls back to the arXiv id when no source knows the DOI, keeping the stored version', async () => {
    const result = await refreshFromSource(stored({ doi: '10.5555/unknown', arxivId: '2403.01234v2', status: 'submitted' }), config);
    expect(result).toMatchObject({ ok: true, source: 'arXiv', paper: { title: 'Silly String Theory at Low Energies', arxivId: '2403.01234v2', doi: '10.5555/unknown', status: 'preprint' } });
  });

  it('gives the source’s kind and venue fields', async () => {
    const result = await refreshFromSource(stored({ title: 'Counting pots', doi: '10.5555/ants.2022.12', journal: 'Journal', volume: '3' }), config);
    expect(result).toMatchObject({
      ok: true,
      paper: { kind: 'conference', journal: 'Proceedings of the Fifteenth Algorithmic Number Theory Symposium', volume: '1', eventPlace: 'Bristol, UK', eventStart: '2022-08-08' },
    });
  });

  it('gives the source’s problem when it cannot refresh', async () => {
    expect(await refreshFromSource(stored({ doi: '10.5555/rate-limited' }), config)).toMatchObject({ ok: false, problem: { kind: 'rate-limited', source: 'Crossref' } });
    expect(await refreshFromSource(stored({}), config)).toMatchObject({ ok: false, problem: { kind: 'not-found' } });
  });
});
