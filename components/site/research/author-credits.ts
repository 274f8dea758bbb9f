import { getAbout } from '@/lib/content/about/queries';
import { ownerNameOf } from '@/lib/content/about/types';
import { getCoauthors } from '@/lib/content/coauthors/queries';
import type { Coauthor } from '@/lib/content/coauthors/types';
import { readOr } from '@/lib/content/read';

/** What a page needs to credit its papers' authors (components/site/research/author-names.tsx). */
export interface AuthorCredits {
  coauthors: readonly Coauthor[];
  /** The About profile's name, '' for none. */
  owner: string;
}

/** Names shown as written: no co-author linked, no owner emphasised. */
export const NO_CREDITS: AuthorCredits = { coauthors: [], owner: '' };

/**
 * The co-author list and the owner's name, read once for a whole page (their reads' tags then expire the page
 * when either changes). A failed read leaves the names as written: the papers still show.
 */
export async function readAuthorCredits(): Promise<AuthorCredits> {
  const [coauthors, about] = await Promise.all([
    readOr('the co-authors', getCoauthors, []),
    readOr('the profile for the author lists', getAbout, null),
  ]);
  return { coauthors, owner: ownerNameOf(about) };
}
