import { Link } from '@/components/link';

import { EmptyState } from '@/components/site/empty-state';
import { Search } from '@/components/site/icons';
import { Loaded } from '@/components/site/loaded';
import { buttonVariants } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/input';
import { formatLongDate, formatMonthYear, plural } from '@/lib/format';
import { SEARCH_TYPE_LABELS, searchHref } from '@/lib/search/labels';
import { SEARCH_LIMITS } from '@/lib/search/query';
import { SEARCH_BUSY, SEARCH_RATE_LIMITED } from '@/lib/search/rate-limit';
import { searchSite } from '@/lib/search/queries';
import { SEARCH_TYPES, type SearchHit, type SearchResult, type SearchType } from '@/lib/search/types';
import { cn } from '@/lib/utils';

/**
 * Results shown per group when every type is searched (from the best SEARCH_LIMITS.perType of all types);
 * the group's link shows them all.
 */
const PER_GROUP = 5;

/** The search box: a plain GET form, so a search works (and is shareable) without any script. */
export function SearchForm({ query }: { query: string }) {
  return (
    <form action="/search" method="get" role="search" aria-label="Search the site" className="flex max-w-2xl gap-2">
      <div className="relative flex-1">
        <label htmlFor="search-query" className="sr-only">
          Search
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          id="search-query"
          name="q"
          type="search"
          inputMode="search"
          autoComplete="off"
          enterKeyHint="search"
          defaultValue={query}
          placeholder='Words, "a phrase", -without'
          className={inputClassName('h-11 pl-9')}
        />
      </div>
      <button type="submit" data-slot="button" className={cn(buttonVariants({ size: 'lg' }), 'h-11')}>
        Search
      </button>
    </form>
  );
}

/** What a search found, grouped by type, with a filter per type kept in the address. */
export function SearchResults({ query, type }: { query: string; type: SearchType | 'all' }) {
  if (!query.trim()) return <SearchTips />;
  return (
    <Loaded what={`the search results for "${query.slice(0, 80)}"`} read={() => searchSite(query, { type, limit: type === 'all' ? SEARCH_LIMITS.perType : SEARCH_LIMITS.typePage })} failure="Failed to load search results">
      {(result) => <Found result={result} type={type} />}
    </Loaded>
  );
}

/** Past the address's limit (or the server's, SEARCH_BUSY): said plainly, with the form still there to try again. */
export function SearchLimited({ message = SEARCH_RATE_LIMITED }: { message?: string }) {
  return (
    <p role="alert" className="rounded-lg border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm">
      {message}
    </p>
  );
}

function SearchTips() {
  return (
    <EmptyState title="What are you looking for?">
      Type a word or a few. Put a phrase in quotes (&quot;spectral gap&quot;), and a minus before a word to leave it out (-survey). The last
      word may be cut short: results come as you type.
    </EmptyState>
  );
}

function Found({ result, type }: { result: SearchResult; type: SearchType | 'all' }) {
  if (result.busy) return <SearchLimited message={SEARCH_BUSY} />;
  const total = SEARCH_TYPES.reduce((sum, each) => sum + result.counts[each], 0);
  const shown = type === 'all' ? total : result.counts[type];
  return (
    <div className="flex flex-col gap-8">
      {result.cut ? (
        <p role="note" className="rounded-lg border border-amber-400/30 bg-amber-400/10 px-4 py-3 text-sm">
          {`Your search was long, so only its first ${SEARCH_LIMITS.queryChars} characters were searched.`}
        </p>
      ) : null}
      <p role="status" className="text-sm text-muted-foreground">
        {shown === 0 ? 'No results' : plural(shown, 'result')} for <q className="text-foreground">{result.query}</q>
        {type === 'all' ? '' : ` in ${SEARCH_TYPE_LABELS[type].group.toLowerCase()}`}.
      </p>
      <TypeFilter result={result} type={type} total={total} />
      {shown === 0 ? (
        <NoResults result={result} type={type} total={total} />
      ) : type === 'all' ? (
        SEARCH_TYPES.filter((each) => result.counts[each] > 0).map((each) => (
          <HitGroup key={each} type={each} count={result.counts[each]} hits={result.hits.filter((hit) => hit.type === each).slice(0, PER_GROUP)} query={result.query} />
        ))
      ) : (
        <>
          <HitList hits={result.hits} label={SEARCH_TYPE_LABELS[type].group} />
          {shown > result.hits.length ? (
            <p className="text-sm text-muted-foreground">
              {`The best ${result.hits.length} of ${shown} are shown. Add words, or a phrase in quotes, to narrow the search.`}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

function TypeFilter({ result, type, total }: { result: SearchResult; type: SearchType | 'all'; total: number }) {
  const item = (value: SearchType | 'all', label: string, count: number) => (
    <li key={value}>
      <Link
        href={searchHref(result.query, value)}
        aria-current={type === value ? 'page' : undefined}
        className={cn(buttonVariants({ size: 'sm', variant: type === value ? 'default' : 'outline' }), count === 0 && type !== value && 'opacity-60')}
      >
        {label} <span className="tabular-nums">({count})</span>
      </Link>
    </li>
  );
  return (
    <nav aria-label="Filter results by type">
      <ul className="flex flex-wrap gap-2">
        {item('all', 'All', total)}
        {SEARCH_TYPES.map((each) => item(each, SEARCH_TYPE_LABELS[each].group, result.counts[each]))}
      </ul>
    </nav>
  );
}

function NoResults({ result, type, total }: { result: SearchResult; type: SearchType | 'all'; total: number }) {
  return (
    <EmptyState
      title="Nothing found"
      action={
        type !== 'all' && total > 0 ? (
          <Link href={searchHref(result.query)} className={buttonVariants({ variant: 'outline' })}>
            Show all {plural(total, 'result')}
          </Link>
        ) : (
          <Link href="/research" className={buttonVariants({ variant: 'outline' })}>
            Browse the research papers
          </Link>
        )
      }
    >
      Check the spelling, use fewer or more general words, or drop the quotes and minus signs. Words are matched by their stem
      (&quot;zeros&quot; finds &quot;zero&quot;), in English.
    </EmptyState>
  );
}

function HitGroup({ type, count, hits, query }: { type: SearchType; count: number; hits: SearchHit[]; query: string }) {
  const id = `results-${type}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="font-serif text-2xl font-semibold">
        {SEARCH_TYPE_LABELS[type].group} <span className="text-base font-normal text-muted-foreground tabular-nums">({count})</span>
      </h2>
      <HitList hits={hits} label={SEARCH_TYPE_LABELS[type].group} />
      {count > hits.length ? (
        <Link href={searchHref(query, type)} className="self-start text-sm text-primary underline underline-offset-4">
          All {count} {SEARCH_TYPE_LABELS[type].group.toLowerCase()}
        </Link>
      ) : null}
    </section>
  );
}

function HitList({ hits, label }: { hits: SearchHit[]; label: string }) {
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {hits.map((hit) => (
        <li key={`${hit.type}-${hit.id}`} className="rounded-xl border border-border bg-card/40 p-4">
          <p className="text-xs text-muted-foreground">
            {SEARCH_TYPE_LABELS[hit.type].one}
            {hit.date ? ` · ${hit.date.length === 10 ? formatLongDate(hit.date) : formatMonthYear(hit.date)}` : ''}
          </p>
          <h3 className="mt-1 font-serif text-lg font-semibold">
            <Link href={hit.href} className="hover:text-primary focus-visible:underline">
              {hit.title}
            </Link>
          </h3>
          {hit.excerpt.length > 0 ? (
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
              {hit.excerpt.map((part, index) =>
                part.match ? (
                  <mark key={index} className="rounded-sm bg-primary/20 px-0.5 text-foreground">
                    {part.text}
                  </mark>
                ) : (
                  part.text
                ),
              )}
            </p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
