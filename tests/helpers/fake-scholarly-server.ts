import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * A stand-in for the four scholarly APIs the "Add by identifier" lookup asks (issue 34), and OpenAlex, which the
 * citation counts ask (issue 46), served from tests/fixtures/scholarly/ under path prefixes, so a
 * configuration's bases are `${url}/crossref`, `${url}/datacite`, `${url}/arxiv`, `${url}/orcid` and
 * `${url}/openalex` (fakeScholarlyEnv gives them as env vars).
 *
 *   GET /crossref/works/{doi}            Crossref REST API
 *   GET /datacite/dois/{doi}             DataCite REST API
 *   GET /arxiv/api/query?id_list=…       arXiv API (an Atom feed of the fixture's entries asked for)
 *   GET /orcid/v3.0/{orcid}/record       ORCID public API v3.0
 *   GET /openalex/works/doi:{doi}        OpenAlex API, one work by DOI; `select=a,b` keeps those fields only, as OpenAlex does
 *
 * Magic identifiers:
 *   10.5555/12345678             Crossref: a journal article (crossref-work.json)
 *   10.5555/2024.01.02.573001    Crossref: a preprint, posted content (crossref-posted-content.json)
 *   10.5555/tagged-title         Crossref: a title and abstract full of HTML/JATS tags (crossref-tagged-title.json)
 *   10.5555/ants.2022.12         Crossref: a proceedings article with its conference (crossref-proceedings-article.json)
 *   10.5555/handbook.ch3         Crossref: a book chapter with editors, an edition and two ISBNs (crossref-book-chapter.json)
 *   10.5555/thesis.2011          Crossref: a dissertation with its institution (crossref-dissertation.json)
 *   10.5072/example-preprint     unknown to Crossref (404), known to DataCite (datacite-doi.json)
 *   10.5072/example-chapter      unknown to Crossref, known to DataCite: a book chapter (datacite-book-chapter.json)
 *   10.5555/rate-limited         429 with Retry-After: 30, at Crossref, DataCite and OpenAlex
 *   10.5555/server-error         503 at Crossref and OpenAlex
 *   10.5555/stall                Crossref and OpenAlex never answer (until the server is closed)
 *   10.5555/too-large            Crossref and OpenAlex stream 20 MB, no Content-Length
 *   10.5555/too-large-declared   Crossref declares Content-Length: 20 MB, then streams it
 *   10.5555/malformed            Crossref and OpenAlex answer 200 with JSON that does not parse
 *   10.5555/redirect-away        Crossref redirects to another host
 *   any other DOI                404 at Crossref, DataCite and OpenAlex (10.5555/unknown, say)
 *
 * OpenAlex (citation counts; any DOI not listed is 404 there, so every Crossref DOI above but 10.5555/12345678
 * is "unknown to OpenAlex, known to Crossref", with the fixture's is-referenced-by-count: 3 for 10.5555/thesis.2011,
 * 4 for 10.5555/tagged-title):
 *   10.5555/12345678             W5555123456, 42 citations, ten years of counts (openalex-work.json), Crossref's title
 *   10.48550/arxiv.2403.01234    arXiv's DOI of 2403.01234: W5555240301, 5 citations (openalex-arxiv-work.json)
 *   10.5555/cited.negative       openalex-work.json with cited_by_count -3
 *   10.5555/cited.absurd         … cited_by_count 10^12
 *   10.5555/cited.fraction       … cited_by_count 1.5
 *   10.5555/cited.text           … cited_by_count "42" (a string)
 *   10.5555/cited.year-2027      … a count for 2027 as well (a future year until 2027)
 *   10.5555/cited.year-twice     … 2024 counted twice
 *   10.5555/cited.years-over     … years adding up to 33 with cited_by_count 10
 *   10.5555/cited.other-work     … titled "Silly putty as a model of cortical plasticity" (another work's title)
 *   10.5555/cited.untitled       … display_name null
 *   10.5555/cited.foreign-id     … id https://example.org/W1, not an OpenAlex work's
 *   10.5555/cited.wrong-shape    a list envelope ({meta, results: []}) instead of a work
 *   10.5555/bench.{n}            generated: W{7000000000 + n}, titled "Bench paper {n}", (n × 7919) mod 1000
 *                                citations, some of them in 2023–2025 (for benches of many papers)
 *   arXiv 2403.01234v2, math/0601001v1, 2101.00001v1, 2305.04567v1, 2309.11111v3: entries of arxiv-feed.xml
 *                                (asked without a version: the entry; with another version: none)
 *   arXiv 2401.99999             the whole answer is malformed XML
 *   any other arXiv id           not in the feed (arXiv's way of saying it does not know it)
 *   ORCID 0000-0002-1825-0097    a profile of 30 works (orcid-record.json)
 *   ORCID 0000-0003-0000-2404    a profile of 240 works without identifiers (generated)
 *   any other ORCID iD           404
 *
 * `delayMs` holds every answer back that long, as a slow source would (the lookup bench, scripts/lib/lookup-bench.ts).
 *
 * Run alone (for the e2e suite, another process): `tsx tests/helpers/fake-scholarly-server.ts --port 4010`
 * prints the URL and serves until stopped; `--delay 200` holds every answer back 200 ms.
 */

export interface FakeRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: Record<string, string>;
  /** Bytes of body written so far, and whether the answer was sent whole (false: the client hung up first). */
  bytesSent: number;
  finished: boolean;
  /** performance.now() in this process when the request arrived, and when its answer ended (sent whole, or the connection closed); null while in flight. */
  receivedAt: number;
  endedAt: number | null;
}

export interface FakeScholarlyOptions {
  /** Each answer is held back this long before it starts. */
  delayMs?: number;
}

export interface FakeScholarlyServer {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export const FAKE_ORCID = '0000-0002-1825-0097';
export const FAKE_ORCID_MANY_WORKS = '0000-0003-0000-2404';
export const FAKE_ARXIV_MALFORMED = '2401.99999';
const LARGE_BYTES = 20 * 1024 * 1024;

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/scholarly');
const fixture = (name: string) => readFileSync(path.join(fixtures, name), 'utf8');

const CROSSREF: Record<string, string> = {
  '10.5555/12345678': 'crossref-work.json',
  '10.5555/2024.01.02.573001': 'crossref-posted-content.json',
  '10.5555/tagged-title': 'crossref-tagged-title.json',
  '10.5555/ants.2022.12': 'crossref-proceedings-article.json',
  '10.5555/handbook.ch3': 'crossref-book-chapter.json',
  '10.5555/thesis.2011': 'crossref-dissertation.json',
};
const DATACITE: Record<string, string> = { '10.5072/example-preprint': 'datacite-doi.json', '10.5072/example-chapter': 'datacite-book-chapter.json' };
const OPENALEX: Record<string, string> = { '10.5555/12345678': 'openalex-work.json', '10.48550/arxiv.2403.01234': 'openalex-arxiv-work.json' };

type OpenAlexWork = Record<string, unknown> & { counts_by_year: { year: number; cited_by_count: number }[] };

/** openalex-work.json changed one way each: what the citation checks must refuse (or, untitled, accept). */
const OPENALEX_VARIANTS: Record<string, (work: OpenAlexWork) => Record<string, unknown>> = {
  '10.5555/cited.negative': (work) => ({ ...work, cited_by_count: -3 }),
  '10.5555/cited.absurd': (work) => ({ ...work, cited_by_count: 1_000_000_000_000 }),
  '10.5555/cited.fraction': (work) => ({ ...work, cited_by_count: 1.5 }),
  '10.5555/cited.text': (work) => ({ ...work, cited_by_count: '42' }),
  '10.5555/cited.year-2027': (work) => ({ ...work, counts_by_year: [{ year: 2027, cited_by_count: 1 }, ...work.counts_by_year] }),
  '10.5555/cited.year-twice': (work) => ({ ...work, counts_by_year: [...work.counts_by_year, { year: 2024, cited_by_count: 1 }] }),
  '10.5555/cited.years-over': (work) => ({ ...work, cited_by_count: 10 }),
  '10.5555/cited.other-work': (work) => ({ ...work, title: 'Silly putty as a model of cortical plasticity', display_name: 'Silly putty as a model of cortical plasticity' }),
  '10.5555/cited.untitled': (work) => ({ ...work, title: null, display_name: null }),
  '10.5555/cited.foreign-id': (work) => ({ ...work, id: 'https://example.org/W1' }),
};

const OPENALEX_NOT_FOUND = JSON.stringify({
  error: '404 Not Found',
  message: 'The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.',
});

export function fakeScholarlyEnv(url: string) {
  return {
    CROSSREF_API_URL: `${url}/crossref`,
    DATACITE_API_URL: `${url}/datacite`,
    ARXIV_API_URL: `${url}/arxiv`,
    ORCID_API_URL: `${url}/orcid`,
    OPENALEX_API_URL: `${url}/openalex`,
  };
}

/** The feed's entries by arXiv id with version ('2403.01234v2'), and the feed around them. */
function arxivFixture() {
  const feed = fixture('arxiv-feed.xml');
  const first = feed.indexOf('<entry>');
  const head = feed.slice(0, first);
  const entries = [...feed.matchAll(/<entry>[\s\S]*?<\/entry>/g)].map((match) => {
    const id = /<id>https?:\/\/arxiv\.org\/abs\/(.+?)<\/id>/.exec(match[0])![1]!;
    return { id, text: match[0] };
  });
  return { head, entries };
}

function arxivAnswer(idList: string): string {
  const { head, entries } = arxivFixture();
  const asked = idList.split(',').filter(Boolean);
  const found = asked.flatMap((id) => {
    const versioned = /v\d+$/.test(id);
    return entries.filter((entry) => (versioned ? entry.id === id : entry.id.replace(/v\d+$/, '') === id));
  });
  const header = head.replace(/(<opensearch:totalResults[^>]*>)\d+/, `$1${found.length}`).replace(/(<opensearch:itemsPerPage[^>]*>)\d+/, `$1${asked.length}`);
  return `${header}${found.map((entry) => entry.text).join('\n  ')}\n</feed>\n`;
}

/** A profile of `count` works with neither DOI nor arXiv id: what the lookup shows from the summaries alone. */
function manyWorksRecord(orcid: string, count: number): string {
  const group = Array.from({ length: count }, (_, index) => ({
    'last-modified-date': { value: 1_700_000_000_000 + index },
    'external-ids': { 'external-id': [] },
    'work-summary': [
      {
        'put-code': 2_000_000 + index,
        title: { title: { value: `Ceramic Note ${index + 1}` }, subtitle: null, 'translated-title': null },
        'external-ids': { 'external-id': [] },
        url: null,
        type: 'journal-article',
        'publication-date': { year: { value: String(1990 + (index % 34)) }, month: { value: String((index % 12) + 1).padStart(2, '0') }, day: null },
        'journal-title': { value: 'Journal of Psychoceramics' },
        visibility: 'public',
        path: `/${orcid}/work/${2_000_000 + index}`,
        'display-index': '0',
      },
    ],
  }));
  return JSON.stringify({
    'orcid-identifier': { uri: `https://orcid.org/${orcid}`, path: orcid, host: 'orcid.org' },
    person: { name: { 'given-names': { value: 'Prolific' }, 'family-name': { value: 'Potter' }, 'credit-name': null, visibility: 'public', path: orcid } },
    'activities-summary': { works: { 'last-modified-date': null, group, path: `/${orcid}/works` } },
    path: `/${orcid}`,
  });
}

const ORCID_NOT_FOUND = JSON.stringify({
  'response-code': 404,
  'developer-message': '404 Not Found: The resource was not found. Full validation error: No entity found for query',
  'user-message': 'The resource was not found.',
  'error-code': 9016,
  'more-info': 'https://members.orcid.org/api/resources/troubleshooting',
});
const DATACITE_NOT_FOUND = JSON.stringify({ errors: [{ status: '404', title: "The resource you are looking for doesn't exist." }] });

/** A generated work for benches: a deterministic count, part of it by year, never more than the total. */
function benchWork(n: number): Record<string, unknown> {
  const count = (n * 7919) % 1000;
  return {
    id: `https://openalex.org/W${7_000_000_000 + n}`,
    doi: `https://doi.org/10.5555/bench.${n}`,
    title: `Bench paper ${n}`,
    display_name: `Bench paper ${n}`,
    publication_year: 2020,
    type: 'article',
    cited_by_count: count,
    counts_by_year: [
      { year: 2025, cited_by_count: Math.floor(count / 2) },
      { year: 2024, cited_by_count: Math.floor(count / 4) },
      { year: 2023, cited_by_count: Math.floor(count / 8) },
    ],
  };
}

/** OpenAlex's work for a DOI, or null (404). */
function openalexWork(doi: string): Record<string, unknown> | null {
  const bench = /^10\.5555\/bench\.(\d{1,9})$/.exec(doi);
  if (bench) return benchWork(Number(bench[1]));
  const file = OPENALEX[doi];
  if (file) return JSON.parse(fixture(file)) as Record<string, unknown>;
  const variant = OPENALEX_VARIANTS[doi];
  if (!variant) return null;
  const work = JSON.parse(fixture('openalex-work.json')) as OpenAlexWork;
  return variant({ ...work, doi: `https://doi.org/${doi}`, ids: { ...(work.ids as object), doi: `https://doi.org/${doi}` } });
}

/** OpenAlex's `select`: the listed top-level fields only, in the record's order. */
function selected(work: Record<string, unknown>, select: string | null): Record<string, unknown> {
  if (!select) return work;
  const fields = new Set(select.split(','));
  return Object.fromEntries(Object.entries(work).filter(([field]) => fields.has(field)));
}

function send(response: http.ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...extra });
  response.write(body);
  response.end();
}

/** 20 MB of a JSON-looking body, written as the client reads it, stopped when it hangs up. */
function streamLarge(response: http.ServerResponse, declare: boolean) {
  response.writeHead(200, { 'content-type': 'application/json', ...(declare ? { 'content-length': String(LARGE_BYTES) } : {}) });
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let written = 0;
  const pump = () => {
    while (written < LARGE_BYTES && !response.destroyed) {
      written += chunk.length;
      if (!response.write(chunk)) {
        response.once('drain', pump);
        return;
      }
    }
    if (!response.destroyed) response.end();
  };
  pump();
}

function handle(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://fake');
  const [, service, ...rest] = url.pathname.split('/');
  const tail = decodeURIComponent(rest.join('/'));

  if (service === 'crossref' && tail.startsWith('works/')) {
    const doi = tail.slice('works/'.length).toLowerCase();
    if (doi === '10.5555/stall') return;
    if (doi === '10.5555/rate-limited') return send(response, 429, 'text/plain', 'Too Many Requests', { 'retry-after': '30' });
    if (doi === '10.5555/server-error') return send(response, 503, 'text/plain', 'Service Unavailable');
    if (doi === '10.5555/too-large') return streamLarge(response, false);
    if (doi === '10.5555/too-large-declared') return streamLarge(response, true);
    if (doi === '10.5555/malformed') return send(response, 200, 'application/json', '{"status":"ok","message-type":"work","message":{"DOI":');
    if (doi === '10.5555/redirect-away') return send(response, 302, 'text/plain', '', { location: 'http://example.invalid/works/10.5555/12345678' });
    const file = CROSSREF[doi];
    return file ? send(response, 200, 'application/json', fixture(file)) : send(response, 404, 'text/plain', 'Resource not found.');
  }
  if (service === 'datacite' && tail.startsWith('dois/')) {
    const doi = tail.slice('dois/'.length).toLowerCase();
    if (doi === '10.5555/rate-limited') return send(response, 429, 'application/json', '{"errors":[{"status":"429"}]}', { 'retry-after': '30' });
    const file = DATACITE[doi];
    return file ? send(response, 200, 'application/vnd.api+json', fixture(file)) : send(response, 404, 'application/vnd.api+json', DATACITE_NOT_FOUND);
  }
  if (service === 'arxiv' && tail === 'api/query') {
    const idList = url.searchParams.get('id_list') ?? '';
    if (idList.split(',').includes(FAKE_ARXIV_MALFORMED)) return send(response, 200, 'application/atom+xml', '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/abs/2401.99999v1</id><title>Cut');
    return send(response, 200, 'application/atom+xml; charset=utf-8', arxivAnswer(idList));
  }
  if (service === 'openalex' && tail.startsWith('works/doi:')) {
    const doi = tail.slice('works/doi:'.length).toLowerCase();
    if (doi === '10.5555/stall') return;
    if (doi === '10.5555/rate-limited') return send(response, 429, 'application/json', '{"error":"Rate limit exceeded"}', { 'retry-after': '30' });
    if (doi === '10.5555/server-error') return send(response, 503, 'text/html', '<html><body>Service Unavailable</body></html>');
    if (doi === '10.5555/too-large') return streamLarge(response, false);
    if (doi === '10.5555/malformed') return send(response, 200, 'application/json', '{"id":"https://openalex.org/W5555123456","cited_by_count":');
    if (doi === '10.5555/cited.wrong-shape') return send(response, 200, 'application/json', JSON.stringify({ meta: { count: 0, db_response_time_ms: 12, page: 1, per_page: 25 }, results: [], group_by: [] }));
    const work = openalexWork(doi);
    return work ? send(response, 200, 'application/json', JSON.stringify(selected(work, url.searchParams.get('select')))) : send(response, 404, 'application/json', OPENALEX_NOT_FOUND);
  }
  if (service === 'orcid') {
    const match = /^v3\.0\/([\dX-]+)\/record$/.exec(tail);
    if (match?.[1] === FAKE_ORCID) return send(response, 200, 'application/json', fixture('orcid-record.json'));
    if (match?.[1] === FAKE_ORCID_MANY_WORKS) return send(response, 200, 'application/json', manyWorksRecord(FAKE_ORCID_MANY_WORKS, 240));
    return send(response, 404, 'application/json', ORCID_NOT_FOUND);
  }
  send(response, 404, 'text/plain', 'Not found.');
}

export async function startFakeScholarlyServer(port = 0, options: FakeScholarlyOptions = {}): Promise<FakeScholarlyServer> {
  const { delayMs = 0 } = options;
  const requests: FakeRequest[] = [];
  const held = new Set<NodeJS.Timeout>();
  const server = http.createServer((request, response) => {
    const record: FakeRequest = {
      receivedAt: performance.now(),
      endedAt: null,
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')])),
      bytesSent: 0,
      finished: false,
    };
    requests.push(record);
    const write = response.write.bind(response) as (chunk: string | Uint8Array, ...rest: never[]) => boolean;
    response.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      record.bytesSent += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
      return write(chunk, ...rest);
    }) as typeof response.write;
    response.once('finish', () => {
      record.finished = true;
    });
    response.once('close', () => {
      record.endedAt = performance.now();
    });
    if (delayMs <= 0) return handle(request, response);
    const timer = setTimeout(() => {
      held.delete(timer);
      if (!response.destroyed) handle(request, response);
    }, delayMs);
    held.add(timer);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The fake scholarly server has no port.');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of held) clearTimeout(timer);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const index = process.argv.indexOf('--port');
  const port = index >= 0 ? Number(process.argv[index + 1]) : 0;
  const delay = process.argv.indexOf('--delay');
  const delayMs = delay >= 0 ? Number(process.argv[delay + 1]) : 0;
  const server = await startFakeScholarlyServer(Number.isInteger(port) ? port : 0, { delayMs: Number.isFinite(delayMs) ? delayMs : 0 });
  console.log(server.url);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
