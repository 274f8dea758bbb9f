import 'server-only';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { htmlToText, personalDisplayTitle, personalTitle } from '@/lib/content/personal/rules';
import { getDb } from '@/lib/db/client';
import { markupToPlainText, type PlainText } from '@/lib/markup/plain-text';
import { excerptParts, MARK_END, MARK_START } from './excerpt';
import { normalizeQuery, SEARCH_LIMITS, splitQuery } from './query';
import { inSearchTurn } from './rate-limit';
import { isSearchType, SEARCH_TYPES, type SearchHit, type SearchResult, type SearchType } from './types';
import { SEARCHED_TYPES, type SearchDecision, type SearchTextRead } from '@/lib/content/registry.mjs';

/**
 * ts_rank_cd's weights for D, C, B, A (supabase/migrations/20261126130000_search.sql): a word of the title
 * counts ten times one of the body. Normalisation 1 divides by the logarithm of the length, so a long body
 * does not win on repetition alone.
 */
const WEIGHTS = '{0.05, 0.1, 0.4, 1.0}';

/** One passage of about 15 to 35 words, the matched words between the two marks. */
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=35, MinWords=15, ShortWord=3, HighlightAll=false, MaxFragments=0`;

/** A personal post without a title or '# ' line is shown by its first line, at most this long. */
const FIRST_LINE_CHARS = 80;

/*
 * The query, from $1 and $2: websearch_to_tsquery of the words (phrases in quotes, '-' to exclude, 'or'), AND
 * the last word as a prefix while it is being typed, stemmed ('english') or as typed ('simple', so 'the'
 * still finds 'theorem'). websearch_to_tsquery raises on no text, and to_tsquery only ever reads one quoted
 * word of letters and digits (lib/search/query.ts splitQuery); an empty query (only stop words or
 * punctuation) matches nothing.
 */
const QUERY = `case when $2::text is null then websearch_to_tsquery('english', $1)
            else websearch_to_tsquery('english', $1) && (to_tsquery('english', $2) || to_tsquery('simple', $2))
       end`;

/** A searched type's entry, and the alias its row is joined back under. */
const SEARCHED = SEARCHED_TYPES.map((type, index) => ({ ...type, alias: `j${index}` }));

/** The column of a result's address other than its id ('/blog/{slug}'), or null. */
function hrefColumn(href: string): string | null {
  return /\{(?!id\})([a-z_]+)\}/.exec(href)?.[1] ?? null;
}

/** The SQL array of a hit's text sources, from the row `alias`: single columns in order, then a text[] column. */
function sourcesSql(alias: string, text: SearchDecision['text']): string {
  const singles = text.filter((source) => source.read !== 'text-list').map((source) => (source.read === 'html' ? `private.search_html_text(${alias}.${source.column})` : `${alias}.${source.column}`));
  const lists = text.filter((source) => source.read === 'text-list').map((source) => `${alias}.${source.column}`);
  return [`array[${singles.join(', ')}]`, ...lists].join(' || ');
}

/** A CASE over the hit's type, with a branch for each type that has something to say. */
function byType(branches: (string | null)[], name: string): string {
  const whens = SEARCHED.flatMap((type, index) => (branches[index] === null ? [] : [`when '${type.key}' then ${branches[index]}`]));
  return whens.length === 0 ? `null as ${name}` : `case top.type ${whens.join(' ')} end as ${name}`;
}

/*
 * The search, from the registry's decisions (lib/content/registry.mjs, `search`): `matches` is every match of
 * every searched type (its own condition met: drafts excluded); `counts` counts them by type whatever the
 * filter; `top` is the page's hits; only those are joined back for their title and the sources of their text.
 */
const SEARCH_SQL = `
with input as (
  select ${QUERY} as q
),
matches as (
${SEARCHED.map(
  ({ key, table, search }) =>
    `  select '${key}' as type, t.id, t.title, ${search.date ? `t.${search.date}::text` : 'null::text'} as date, ts_rank_cd('${WEIGHTS}', t.search, input.q, 1) as rank
    from public.${table} t, input where ${search.where ? `(${search.where}) and ` : ''}t.search @@ input.q`,
).join('\n  union all\n')}
),
counts as (
  select type, count(*)::int as n from matches group by type
),
top as (
  select * from matches where $3 in ('all', type) order by rank desc, date desc nulls last, title, id limit $4
),
hits as (
  select top.type, top.id, top.title, top.date, top.rank,
         ${byType(SEARCHED.map(({ alias, search }) => (hrefColumn(search.href) ? `${alias}.${hrefColumn(search.href)}::text` : null)), 'param')},
         ${byType(SEARCHED.map(({ alias, search }) => (search.title === 'with-company' ? `${alias}.company` : null)), 'company')},
         ${byType(SEARCHED.map(({ alias, search }) => (search.title === 'personal' ? `case when btrim(${alias}.title) = '' then ${alias}.content end` : null)), 'content')},
         ${byType(SEARCHED.map(({ alias, search }) => sourcesSql(alias, search.text)), 'sources')}
    from top
${SEARCHED.map(({ key, table, alias }) => `    left join public.${table} ${alias} on top.type = '${key}' and ${alias}.id = top.id`).join('\n')}
)
select (select coalesce(jsonb_object_agg(type, n), '{}'::jsonb) from counts) as counts,
       (select coalesce(jsonb_agg(to_jsonb(hits) order by rank desc, date desc nulls last, title, id), '[]'::jsonb) from hits) as hits
`;

/** ts_headline (the costly part) over the hits' readable texts ($4), in their order. */
const HEADLINE_SQL = `
select ts_headline('english', t.body, ${QUERY}, $3) as headline
  from unnest($4::text[]) with ordinality as t(body, n)
 order by t.n
`;

interface HitRow {
  type: SearchType;
  id: string;
  title: string;
  date: string | null;
  rank: number;
  /** The column of its address other than the id ('/blog/{slug}'), when its type's address has one. */
  param: string | null;
  company: string | null;
  content: string | null;
  /** What the hit's text is made of: its type's `search.text` sources in order (a text[] column's entries last). */
  sources: (string | null)[];
}

const DECISIONS = Object.fromEntries(SEARCHED_TYPES.map((type) => [type.key, type.search])) as Record<SearchType, SearchDecision>;

/** The registry's address of the result: '{id}' and its other column filled in. */
function href(row: HitRow): string {
  return DECISIONS[row.type].href.replace(/\{([a-z_]+)\}/g, (_match, column: string) => encodeURIComponent(column === 'id' ? row.id : (row.param ?? '')));
}

/** A personal post's title by the site's rule, else the first line of its text; a job's with its company. */
function title(row: HitRow): string {
  const rule = DECISIONS[row.type].title;
  if (rule === 'personal' && row.content !== null) {
    const firstLine = Array.from(htmlToText(row.content).split('\n')[0] ?? '');
    const cut = firstLine.length > FIRST_LINE_CHARS ? `${firstLine.slice(0, FIRST_LINE_CHARS).join('').trimEnd()}…` : firstLine.join('');
    return personalTitle(row.title, row.content) ?? (cut || personalDisplayTitle(row.title, row.content));
  }
  if (rule === 'with-company' && row.company?.trim()) return row.title.trim() ? `${row.title}, ${row.company}` : row.company;
  return row.title;
}

/** How each kind of source reads as text: markup through its parse tree, formulas as readable Unicode; the rest is text already. */
const READ: Record<SearchTextRead, (source: string) => PlainText> = {
  markup: (source) => markupToPlainText(source),
  'simple-markup': (source) => markupToPlainText(source, 'simple'),
  html: (source) => ({ text: source, formulas: [] }),
  text: (source) => ({ text: source, formulas: [] }),
  'text-list': (source) => ({ text: source, formulas: [] }),
};

/**
 * The text a reader sees of a hit, as its page shows it: each source read as its type's entry says (a
 * project's and a personal post's HTML come as text from the query), in order, one per line.
 */
function readableText(row: HitRow): PlainText {
  const sources = row.sources.map((source) => source ?? '');
  const reads = DECISIONS[row.type].text.map((source) => source.read);
  return joinTexts(sources.map((source, index) => READ[reads[Math.min(index, reads.length - 1)]!](source)));
}

function joinTexts(texts: PlainText[]): PlainText {
  let text = '';
  const formulas: PlainText['formulas'] = [];
  for (const part of texts) {
    if (!part.text) continue;
    if (text) text += '\n';
    formulas.push(...part.formulas.map((formula) => ({ start: formula.start + text.length, end: formula.end + text.length })));
    text += part.text;
  }
  return { text, formulas };
}

/*
 * Readable texts already made, by their sources: parsing markup is the costliest part of an excerpt, and the
 * same items come back search after search (each prefix typed). Bounded by characters, the least recently
 * used dropped first; a save changes the sources, so an entry is never stale.
 */
const READABLE_CACHE_CHARS = 4_000_000;
// On globalThis, as the search's limits are: the /search page and /api/search each bundle their own copy of
// this module, and would otherwise each parse and keep the same texts.
const readableCache = ((globalThis as Record<symbol, unknown>)[Symbol.for('academic-portfolio.search-readable-texts')] ??= new LRUCache<string, PlainText>({
  maxSize: READABLE_CACHE_CHARS,
  sizeCalculation: (readable) => Math.max(1, readable.text.length),
})) as LRUCache<string, PlainText>;

function cachedReadableText(row: HitRow): PlainText {
  const key = createHash('sha256').update(JSON.stringify([row.type, row.sources])).digest('base64');
  const found = readableCache.get(key);
  if (found) return found;
  const made = readableText(row);
  // ts_headline marks its matches with two control characters, and a '<' before a letter would read to it as
  // an HTML tag it drops: the text has neither, so its passage is always a piece of this text.
  const readable = { text: made.text.replace(/[\u0001\u0002\u0003]/g, ' '), formulas: made.formulas };
  readableCache.set(key, readable);
  return readable;
}

/** A third control character after each '<' that could open a tag, so ts_headline reads none; removed from its answer. */
const TAG_GUARD = '\u0003';
const forHeadline = (text: string) => text.replace(/<(?=[A-Za-z/!?])/g, `<${TAG_GUARD}`);

function toHit(row: HitRow, headline: string, readable: PlainText): SearchHit {
  return {
    type: row.type,
    id: row.id,
    href: href(row),
    title: title(row),
    excerpt: excerptParts(headline.replaceAll(TAG_GUARD, ''), readable.text, readable.formulas),
    date: row.date,
    rank: row.rank,
  };
}

const noCounts = (): Record<SearchType, number> => Object.fromEntries(SEARCH_TYPES.map((type) => [type, 0])) as Record<SearchType, number>;

/**
 * The search proper: never cached. Every query typed (each prefix of a word, while typing) would be an entry
 * of its own, rarely asked again; a burst of distinct searches would then push the pages' own entries out of
 * the shared cache and slow every page load. The database answers from its GIN indexes in milliseconds
 * (npm run bench), and a save is found at once.
 */
async function searchIndex(query: string, type: SearchType | 'all', limit: number): Promise<Pick<SearchResult, 'hits' | 'counts' | 'busy'>> {
  const { words, prefix } = splitQuery(query);
  const db = await getDb();
  // The query reaches SQL only as parameters; the prefix is letters and digits only, so quoting it is safe.
  const tsPrefix = prefix === null ? null : `'${prefix}':*`;
  const answer = await inSearchTurn(async () => {
    const found = await db.query<{ counts: Record<string, number>; hits: HitRow[] }>(SEARCH_SQL, [words, tsPrefix, type, limit]);
    const rows = found.rows[0]?.hits ?? [];
    const readable = rows.map(cachedReadableText);
    const headlines = rows.length === 0 ? [] : (await db.query<{ headline: string }>(HEADLINE_SQL, [words, tsPrefix, HEADLINE_OPTIONS, readable.map((each) => forHeadline(each.text))])).rows;
    return { counts: found.rows[0]?.counts ?? {}, hits: rows.map((row, index) => toHit(row, headlines[index]?.headline ?? '', readable[index]!)) };
  });
  if (!answer) return { hits: [], counts: noCounts(), busy: true };
  const counts = noCounts();
  for (const [key, n] of Object.entries(answer.value.counts)) if (isSearchType(key)) counts[key] = n;
  return { hits: answer.value.hits, counts, busy: false };
}

/**
 * One search over the public content (issue 35): papers (never drafts), blog posts, projects, personal posts
 * and experience, best first, with marked excerpts and the number of matches of each type. Any text is a
 * query: it is normalised (lib/search/query.ts) and, when nothing is left, answered without the database.
 * A failing database throws, as every read does (lib/content/read.ts handles it for the page). When the
 * server is already searching as much as it may (lib/search/rate-limit.ts), nothing is searched: `busy`.
 */
export async function searchSite(raw: string, options: { type?: SearchType | 'all'; limit?: number } = {}): Promise<SearchResult> {
  const { query, cut } = normalizeQuery(raw);
  const type = isSearchType(options.type) ? options.type : 'all';
  const wanted = typeof options.limit === 'number' && Number.isFinite(options.limit) ? Math.trunc(options.limit) : null;
  const limit = Math.min(Math.max(wanted ?? (type === 'all' ? SEARCH_LIMITS.pageHits : SEARCH_LIMITS.perType), 0), SEARCH_LIMITS.perType);
  if (!query) return { query, cut, hits: [], counts: noCounts(), busy: false };
  return { query, cut, ...(await searchIndex(query, type, limit)) };
}
