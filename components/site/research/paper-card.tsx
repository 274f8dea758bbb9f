import { Link } from '@/components/link';
import { Download, ExternalLink, Users } from '@/components/site/icons';

import { ExternalLinkButton } from '@/components/site/external-link-button';
import { PaperAbstract } from '@/components/site/stored-markup';
import { NO_CREDITS, type AuthorCredits } from '@/components/site/research/author-credits';
import { AuthorNames } from '@/components/site/research/author-names';
import { CitedBy } from '@/components/site/research/citations';
import { Badge } from '@/components/ui/badge';
import { PAPER_KIND_LABELS, venueLine } from '@/lib/content/research/kinds';
import { linksOf, type PaperLinkKey } from '@/lib/content/research/links';
import type { ResearchPaper } from '@/lib/content/research/types';
import type { PaperCitations } from '@/lib/scholarly/citation-types';
import { formatMonthYear } from '@/lib/format';
import { cn } from '@/lib/utils';
import { abstractIsCut, STATUS_BADGES } from '@/lib/content/research/rules';
import { arxivUrl, doiUrl } from '@/lib/content/research/scholar';

/**
 * A paper on /research. Its id is an anchor (/research#{id}, where older links point); its title links to
 * /research/{id}. `abstract` false collapses the abstract to a link to it: a list of many papers (more than a page)
 * shows them so, since a card's abstract with its formulas is most of its weight (lib/content/research/filters.ts).
 * `citations`, when the owner shows them, is its count (components/site/research/citations.tsx).
 */
export function PaperCard({
  paper,
  credits = NO_CREDITS,
  abstract = true,
  citations = null,
}: {
  paper: ResearchPaper;
  credits?: AuthorCredits;
  abstract?: boolean;
  citations?: PaperCitations | null;
}) {
  const headingId = `paper-${paper.id}-title`;
  const badge = STATUS_BADGES[paper.status];
  return (
    <article
      id={paper.id}
      aria-labelledby={headingId}
      className="paper-card"
    >
      <div className="paper-meta">
        <Badge variant="outline" data-status={paper.status} className={cn(badge.className)}>
          {badge.label}
        </Badge>
        <time dateTime={paper.date}>{formatMonthYear(paper.date)}</time>
        <PaperVenueLine paper={paper} />
      </div>
      <h3 id={headingId} className="paper-title">
        <Link href={`/research/${paper.id}`} className="title-link">
          {paper.title}
        </Link>
      </h3>
      {abstract && paper.abstract ? <PaperAbstract id={paper.id} look="card" /> : null}
      {abstract && abstractIsCut(paper.abstract) ? (
        <Link href={`/research/${paper.id}#abstract-heading`} className="card-more mt-2">
          Read the full abstract<span className="sr-only">: {paper.title}</span>
        </Link>
      ) : null}
      {!abstract && paper.abstract ? (
        <Link href={`/research/${paper.id}#abstract-heading`} className="card-more mt-4">
          Read the abstract<span className="sr-only">: {paper.title}</span>
        </Link>
      ) : null}
      <PaperAuthors authors={paper.authors} note={paper.note} credits={credits} className="mt-5 text-sm" />
      {citations ? <CitedBy count={citations} className="mt-3" /> : null}
      <PaperLinks paper={paper} className="mt-6" />
    </article>
  );
}

/**
 * Where a paper appeared, after its date: its kind where the venue does not say it (a conference paper, a
 * chapter, a book, a dataset…), and the venue in full ('Journal of Number Theory 241(3), 1–37').
 */
export function PaperVenueLine({ paper }: { paper: ResearchPaper }) {
  const venue = venueLine(paper);
  const kind = SAID_BY_VENUE.has(paper.kind) ? null : PAPER_KIND_LABELS[paper.kind];
  return (
    <>
      {kind ? (
        <>
          <span aria-hidden="true">·</span>
          <span>{kind}</span>
        </>
      ) : null}
      {venue ? (
        <>
          <span aria-hidden="true">·</span>
          <span className="italic">{venue}</span>
        </>
      ) : null}
    </>
  );
}

/** Kinds whose venue line or status badge already says what they are: an article's journal, a preprint's badge, a thesis's line. */
const SAID_BY_VENUE: ReadonlySet<ResearchPaper['kind']> = new Set(['article', 'preprint', 'phd-thesis', 'masters-thesis', 'report']);

/**
 * A paper's buttons: View Publication and Download PDF, then its code, data, slides, video, poster and
 * published version (lib/content/research/links.ts), each only when the paper has it.
 */
export function PaperLinks({ paper, className }: { paper: Pick<ResearchPaper, 'link' | 'pdfUrl' | PaperLinkKey>; className?: string }) {
  const more = linksOf(paper);
  if (!paper.link && !paper.pdfUrl && more.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap gap-2', className)}>
      {paper.link ? (
        <ExternalLinkButton href={paper.link} icon={<ExternalLink aria-hidden="true" />}>
          View Publication
        </ExternalLinkButton>
      ) : null}
      {paper.pdfUrl ? (
        <ExternalLinkButton href={paper.pdfUrl} icon={<Download aria-hidden="true" />} variant="outline">
          Download PDF
        </ExternalLinkButton>
      ) : null}
      {more.map((link) => (
        <ExternalLinkButton key={link.key} href={link.href} icon={<ExternalLink aria-hidden="true" />} variant="outline">
          {link.label}
        </ExternalLinkButton>
      ))}
    </div>
  );
}

/**
 * 'Authors: A, B' with the people icon, the owner's name emphasised and co-authors' names linked (`credits`,
 * read once per page), and the paper's note after them ('Equal contribution'); nothing when the list is empty.
 */
export function PaperAuthors({
  authors,
  note = '',
  credits = NO_CREDITS,
  className,
}: {
  authors: readonly string[];
  note?: string;
  credits?: AuthorCredits;
  className?: string;
}) {
  if (authors.length === 0) return null;
  return (
    <p className={cn('paper-authors', className)}>
      <Users className="mt-[0.2em]" />
      <span>
        <span className="sr-only">Authors: </span>
        <AuthorNames authors={authors} coauthors={credits.coauthors} owner={credits.owner} />
        {note ? <span className="text-muted-foreground italic">{` (${note})`}</span> : null}
      </span>
    </p>
  );
}

/** A paper's DOI and arXiv identifier, each linking to its resolver; nothing when it has neither. */
export function PaperIdentifiers({ paper, className }: { paper: Pick<ResearchPaper, 'doi' | 'arxivId'>; className?: string }) {
  const identifiers = [
    paper.doi ? { label: 'DOI', value: paper.doi, href: doiUrl(paper.doi) } : null,
    paper.arxivId ? { label: 'arXiv', value: paper.arxivId, href: arxivUrl(paper.arxivId) } : null,
  ].filter((identifier) => identifier !== null);
  if (identifiers.length === 0) return null;
  return (
    <dl className={cn('flex flex-wrap gap-x-6 gap-y-1 text-sm text-muted-foreground', className)}>
      {identifiers.map(({ label, value, href }) => (
        <div key={label} className="flex gap-1.5">
          <dt>{label}</dt>
          <dd>
            <a href={href} className="break-all text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary" rel="noopener noreferrer" target="_blank">
              {value}
            </a>
          </dd>
        </div>
      ))}
    </dl>
  );
}
