import { Link } from '@/components/link';

import { hasFacetFilters, researchHref, type FacetCount, type ResearchFacets, type ResearchFilters } from '@/lib/content/research/filters';
import { PAPER_KIND_LABELS, type PaperKind } from '@/lib/content/research/kinds';
import { STATUS_FILTERS, type StatusFilter } from '@/lib/content/research/rules';

/**
 * /research's filters (issue 45), as plain links the server answers: the spec's status links, then the kinds
 * of work, years and tags the papers have, each with the number of papers it would show given the other
 * filters, and a link clearing those three when any is chosen. The active choice is marked `aria-current`.
 */
export function ResearchFilterNav({ filters, facets }: { filters: ResearchFilters; facets: ResearchFacets }) {
  const statusLabels = new Map<StatusFilter, string>(STATUS_FILTERS.map((filter) => [filter.value, filter.label]));
  return (
    <div className="space-y-4">
      <FilterLinks
        label="Filter papers by status"
        choices={facets.status}
        isActive={(value) => value === filters.status}
        text={(value) => statusLabels.get(value) ?? value}
        href={(value) => researchHref(filters, { status: value })}
        counted={false}
      />
      {facets.kind.length > 1 || filters.kind ? (
        <FilterLinks
          label="Filter papers by type"
          choices={facets.kind}
          isActive={(value) => value === filters.kind}
          text={(value: PaperKind) => PAPER_KIND_LABELS[value]}
          href={(value) => researchHref(filters, { kind: value === filters.kind ? null : value })}
        />
      ) : null}
      {facets.year.length > 1 || filters.year ? (
        <FilterLinks
          label="Filter papers by year"
          choices={facets.year}
          isActive={(value) => value === filters.year}
          text={(value) => value}
          href={(value) => researchHref(filters, { year: value === filters.year ? null : value })}
        />
      ) : null}
      {facets.tag.length > 0 ? (
        <FilterLinks
          label="Filter papers by topic"
          choices={facets.tag}
          isActive={(value) => value === filters.tag}
          text={(value) => value}
          href={(value) => researchHref(filters, { tag: value === filters.tag ? null : value })}
        />
      ) : null}
      {hasFacetFilters(filters) ? (
        <p>
          <Link href={researchHref(filters, { kind: null, year: null, tag: null })} className="text-sm text-primary underline underline-offset-4">
            Clear type, year and topic
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * One row of filter links. The status links keep the spec's words alone (`All Papers`, `Published`, …); the
 * others show how many papers each would show ('2025 2', read as '2025 2 papers': the name holds the visible text). Choosing an active type, year
 * or topic again removes it.
 */
function FilterLinks<V extends string>({
  label,
  choices,
  isActive,
  text,
  href,
  counted = true,
}: {
  label: string;
  choices: readonly FacetCount<V>[];
  isActive: (value: V) => boolean;
  text: (value: V) => string;
  href: (value: V) => string;
  counted?: boolean;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {choices.map(({ value, count }) => {
          const active = isActive(value);
          return (
            <li key={value}>
              <Link
                href={href(value)}
                scroll={false}
                aria-current={active ? 'true' : undefined}
                className="chip"
              >
                {text(value)}
                {counted ? (
                  <>
                    <span className="chip-count">{` ${count}`}</span>
                    <span className="sr-only">{count === 1 ? ' paper' : ' papers'}</span>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Newer and older pages of the list, keeping its filters. */
export function PaperPages({ filters, page, pages }: { filters: ResearchFilters; page: number; pages: number }) {
  return (
    <nav aria-label="Pages of papers" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link href={researchHref(filters, { page: page - 1 })} className="chip">
          Newer papers
        </Link>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={researchHref(filters, { page: page + 1 })} className="chip">
          Older papers
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
