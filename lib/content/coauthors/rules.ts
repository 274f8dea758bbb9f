import { isOwnerAuthor, nameAgreement, readPersonName, type PersonName } from '@/lib/author-names';
import type { Coauthor } from './types';

/** The co-authors' pure rules: which co-author a paper's author name is, and where it links. Client-safe. */

type Named = Pick<Coauthor, 'name'>;
type Agreement = NonNullable<ReturnType<typeof nameAgreement>>;

interface Indexed<T> {
  coauthor: T;
  name: PersonName;
}

/**
 * Each list's co-authors by family name, their names read once: a page matches every author of every paper
 * against the one list it read.
 */
const INDEXES = new WeakMap<readonly Named[], Map<string, Indexed<Named>[]>>();

function indexOf<T extends Named>(coauthors: readonly T[]): Map<string, Indexed<T>[]> {
  let index = INDEXES.get(coauthors);
  if (!index) {
    index = new Map();
    for (const coauthor of coauthors) {
      const name = readPersonName(coauthor.name);
      if (!name) continue;
      const family = index.get(name.family);
      if (family) family.push({ coauthor, name });
      else index.set(name.family, [{ coauthor, name }]);
    }
    INDEXES.set(coauthors, index);
  }
  return index as Map<string, Indexed<T>[]>;
}

/** Positive when `a` agrees more closely than `b`: more given names alike in full, then as many given names. */
function closer(a: Agreement, b: Agreement): number {
  return a.full - b.full || Number(a.same) - Number(b.same);
}

/** The co-author a paper's author name names, with how closely; null for none or more than one (see coauthorFor). */
function bestMatch<T extends Named>(name: PersonName, coauthors: readonly T[]): { coauthor: T; agreement: Agreement } | null {
  let best: { coauthor: T; agreement: Agreement } | null = null;
  let tied = false;
  for (const candidate of indexOf(coauthors).get(name.family) ?? []) {
    const agreement = nameAgreement(name, candidate.name);
    if (!agreement) continue;
    const order = best ? closer(agreement, best.agreement) : 1;
    if (order > 0) {
      best = { coauthor: candidate.coauthor, agreement };
      tied = false;
    } else if (order === 0) {
      tied = true;
    }
  }
  return tied ? null : best;
}

/**
 * The co-author an author's name in a paper names, or null. The family names must be the same, accents
 * folded, and the given names agree as far as both go: an initial agrees with a name it begins, two names
 * written out must be the same. So 'E. Noether', 'Noether, Emmy' and 'Emmy Noether' all name the co-author
 * Emmy Noether, and 'M. Noether' does not. Of several that agree, the closest is taken: more given names
 * alike in full, then as many given names ('J. Conway' is J. Conway rather than J. H. Conway).
 *
 * When two co-authors agree equally closely, the name matches neither: 'W. Wang' beside the co-authors Wei
 * Wang and Wen Wang could be either, and a guessed link would credit the paper to someone who may not have
 * written it, where no link only leaves the name as written.
 */
export function coauthorFor<T extends Named>(authorName: string, coauthors: readonly T[]): T | null {
  const name = readPersonName(authorName);
  return name ? (bestMatch(name, coauthors)?.coauthor ?? null) : null;
}

/** Where a co-author's name links: their homepage, else their ORCID record; null when they have neither. */
export function coauthorHref(coauthor: Pick<Coauthor, 'homepage' | 'orcid'>): string | null {
  return coauthor.homepage ?? (coauthor.orcid ? `https://orcid.org/${coauthor.orcid}` : null);
}

/** How an author list shows one of its names: the owner (emphasised), a co-author (linked), or as written. */
export type AuthorCredit<T> = { owner: true } | { owner: false; coauthor: T } | null;

/**
 * How a paper's author name is shown. The owner comes first, matched as the CV matches them (isOwnerAuthor:
 * family name and first initial), unless a co-author's name agrees with it more closely than the owner's
 * does: beside the owner Alex Morgan and the co-author Ann Morgan, 'A. Morgan' is the owner, as on the CV,
 * and 'Ann Morgan' the co-author.
 */
export function authorCredit<T extends Named>(authorName: string, ownerName: string, coauthors: readonly T[]): AuthorCredit<T> {
  const name = readPersonName(authorName);
  const match = name ? bestMatch(name, coauthors) : null;
  if (!isOwnerAuthor(authorName, ownerName)) return match ? { owner: false, coauthor: match.coauthor } : null;
  const owner = readPersonName(ownerName);
  const ownerAgreement = name && owner ? nameAgreement(name, owner) : null;
  const coauthorCloser = match !== null && (ownerAgreement === null || closer(match.agreement, ownerAgreement) > 0);
  return coauthorCloser ? { owner: false, coauthor: match.coauthor } : { owner: true };
}
