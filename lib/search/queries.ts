import 'server-only';
import { createHash } from 'node:crypto';
import { htmlToText, personalDisplayTitle, personalTitle } from '@/lib/content/personal/rules';
import { getDb } from '@/lib/db/client';
import { markupToPlainText, type PlainText } from '@/lib/markup/plain-text';
import { excerptParts, MARK_END, MARK_START } from './excerpt';
import { normalizeQuery, SEARCH_LIMITS, splitQuery } from './query';
import { inSearchTurn } from './rate-limit';
import { isSearchType, SEARCH_TYPES, type SearchHit, type SearchResult, type SearchType } from './types';

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

/*
 * The search: `matches` is every match, drafts excluded; `counts` counts them by type whatever the filter;
 * `top` is the page's hits; only those are joined back for their title and the sources of their text.
 */
const SEARCH_SQL = `
with input as (
  select ${QUERY} as q
),
matches as (
  select 'research' as type, t.id, t.title, t.date::text as date, ts_rank_cd('${WEIGHTS}', t.search, input.q, 1) as rank
    from public.research_papers t, input where t.status <> 'draft' and t.search @@ input.q
  union all
  select 'blog', t.id, t.title, t.date::text, ts_rank_cd('${WEIGHTS}', t.search, input.q, 1)
    from public.blog_posts t, input where t.search @@ input.q
  union all
  select 'projects', t.id, t.title, null, ts_rank_cd('${WEIGHTS}', t.search, input.q, 1)
    from public.projects t, input where t.search @@ input.q
  union all
  select 'personal', t.id, t.title, t.date::text, ts_rank_cd('${WEIGHTS}', t.search, input.q, 1)
    from public.personal_posts t, input where t.search @@ input.q
  union all
  select 'experience', t.id, t.title, t.start_date, ts_rank_cd('${WEIGHTS}', t.search, input.q, 1)
    from public.experience t, input where t.search @@ input.q
),
counts as (
  select type, count(*)::int as n from matches group by type
),
top as (
  select * from matches where $3 in ('all', type) order by rank desc, date desc nulls last, title, id limit $4
),
hits as (
  select top.type, top.id, top.title, top.date, top.rank, b.slug, e.company,
         case when top.type = 'personal' and btrim(p.title) = '' then p.content end as content,
         case top.type
           when 'research' then array[r.abstract]
           when 'blog' then array[b.excerpt, b.content]
           when 'projects' then array[private.search_html_text(pr.description)]
           when 'personal' then array[private.search_html_text(p.content)]
           when 'experience' then array[e.description] || e.highlights
         end as sources
    from top
    left join public.research_papers r on top.type = 'research' and r.id = top.id
    left join public.blog_posts b on top.type = 'blog' and b.id = top.id
    left join public.projects pr on top.type = 'projects' and pr.id = top.id
    left join public.personal_posts p on top.type = 'personal' and p.id = top.id
    left join public.experience e on top.type = 'experience' and e.id = top.id
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
  slug: string | null;
  company: string | null;
  content: string | null;
  /**
   * What the hit's text is made of: a paper's abstract; a post's excerpt and body; the text of a project's or
   * personal post's HTML; a job's description and each highlight.
   */
  sources: (string | null)[];
}

function href(row: HitRow): string {
  switch (row.type) {
    case 'research':
      return `/research/${row.id}`;
    case 'blog':
      return `/blog/${encodeURIComponent(row.slug ?? '')}`;
    case 'projects':
      return `/projects#${row.id}`;
    case 'personal':
      return `/personal/${row.id}`;
    case 'experience':
      return `/experience#${row.id}`;
  }
}

/** A personal post's title by the site's rule, else the first line of its text; a job's with its company. */
function title(row: HitRow): string {
  if (row.type === 'personal' && row.content !== null) {
    const firstLine = Array.from(htmlToText(row.content).split('\n')[0] ?? '');
    const cut = firstLine.length > FIRST_LINE_CHARS ? `${firstLine.slice(0, FIRST_LINE_CHARS).join('').trimEnd()}…` : firstLine.join('');
    return personalTitle(row.title, row.content) ?? (cut || personalDisplayTitle(row.title, row.content));
  }
  if (row.type === 'experience' && row.company?.trim()) return row.title.trim() ? `${row.title}, ${row.company}` : row.company;
  return row.title;
}

/**
 * The text a reader sees of a hit, as its page shows it: markup through its parse tree (the site's for
 * abstracts and posts, the simple one for a job's description), formulas as readable Unicode; a post's
 * excerpt, a project's and a personal post's HTML text and a job's highlights are text already.
 */
function readableText(row: HitRow): PlainText {
  const [first = '', ...rest] = row.sources.map((source) => source ?? '');
  switch (row.type) {
    case 'research':
      return markupToPlainText(first);
    case 'blog':
      return joinTexts([{ text: first, formulas: [] }, markupToPlainText(rest[0] ?? '')]);
    case 'experience':
      return joinTexts([markupToPlainText(first, 'simple'), ...rest.map((text) => ({ text, formulas: [] }))]);
    case 'projects':
    case 'personal':
      return { text: first, formulas: [] };
  }
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
const kept = ((globalThis as Record<symbol, unknown>)[Symbol.for('academic-portfolio.search-readable-texts')] ??= {
  texts: new Map<string, PlainText>(),
  chars: 0,
}) as { texts: Map<string, PlainText>; chars: number };
const readableCache = kept.texts;

function cachedReadableText(row: HitRow): PlainText {
  const key = createHash('sha256').update(JSON.stringify([row.type, row.sources])).digest('base64');
  const found = readableCache.get(key);
  if (found) {
    readableCache.delete(key);
    readableCache.set(key, found);
    return found;
  }
  const made = readableText(row);
  // ts_headline marks its matches with two control characters, and a '<' before a letter would read to it as
  // an HTML tag it drops: the text has neither, so its passage is always a piece of this text.
  const text = made.text.replace(/[\u0001\u0002\u0003]/g, ' ');
  const readable = { text, formulas: made.formulas };
  readableCache.set(key, readable);
  kept.chars += text.length;
  for (const [oldKey, old] of readableCache) {
    if (kept.chars <= READABLE_CACHE_CHARS) break;
    readableCache.delete(oldKey);
    kept.chars -= old.text.length;
  }
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
