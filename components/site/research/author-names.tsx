import { Fragment } from 'react';

import { authorCredit, coauthorHref } from '@/lib/content/coauthors/rules';
import type { Coauthor } from '@/lib/content/coauthors/types';

const LINK = 'text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary';

/**
 * A paper's authors, comma-separated, as the research pages show them: the owner's name emphasised (matched as
 * the CV matches it), each name that matches a co-author of the admin's list linked to their homepage or else
 * their ORCID record, every other name as written (lib/content/coauthors/rules.ts). Only the names: the caller
 * draws the line around them. `coauthors` is one list read for the whole page (getCoauthors()), so its names
 * are read once whatever the number of papers; `owner` is the About profile's name ('' for none).
 */
export function AuthorNames({ authors, coauthors, owner }: { authors: readonly string[]; coauthors: readonly Coauthor[]; owner: string }) {
  return authors.map((author, index) => (
    <Fragment key={index}>
      {index > 0 ? ', ' : null}
      <AuthorName author={author} coauthors={coauthors} owner={owner} />
    </Fragment>
  ));
}

function AuthorName({ author, coauthors, owner }: { author: string; coauthors: readonly Coauthor[]; owner: string }) {
  const credit = authorCredit(author, owner, coauthors);
  if (credit?.owner) return <strong className="font-semibold text-foreground">{author}</strong>;
  const href = credit ? coauthorHref(credit.coauthor) : null;
  if (!href) return author;
  return (
    <a href={href} className={LINK} rel="noopener noreferrer" target="_blank">
      {author}
    </a>
  );
}
