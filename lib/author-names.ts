/**
 * People's names as author lists write them ('Emmy Noether', 'E. Noether', 'Noether, Emmy', 'J. D. van der
 * Waals'), read into a family name and given names with their accents folded, so that two spellings of one
 * person compare equal. One reading for the whole site: the CV and the research pages emphasise the owner by
 * it (isOwnerAuthor), and the co-author links match papers' authors by it (lib/content/coauthors/rules.ts).
 * Pure and client-safe.
 */

/** The text with its accents dropped ('Gödel' → 'Godel', 'Šafarevič' → 'Safarevic'). */
export function withoutAccents(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** One given name: its initial, and the name itself when it is written out ('emmy'); null for an initial ('E.'). */
export interface GivenName {
  initial: string;
  full: string | null;
}

/** A name as compared: the family name and the given names in order, lower case, accents folded. */
export interface PersonName {
  family: string;
  given: GivenName[];
}

/**
 * Family-name particles. Written in lower case they belong to neither the family name nor the initials, so
 * 'J. D. van der Waals', 'Johannes Diderik van der Waals' and 'van der Waals, J. D.' read alike.
 */
const PARTICLES: ReadonlySet<string> = new Set(['da', 'das', 'de', 'del', 'della', 'den', 'der', 'des', 'di', 'do', 'dos', 'du', 'la', 'le', 'ten', 'ter', 'van', 'von', 'zu']);
/** Generational suffixes after a name written given names first: 'Martin Luther King Jr.' is a King. */
const SUFFIXES: ReadonlySet<string> = new Set(['jr', 'sr', 'ii', 'iii', 'iv']);

interface Word {
  /** As typed, accents folded. */
  typed: string;
  /** Lower case. */
  key: string;
}

/** The words of part of a name: letters and inner hyphens only; an apostrophe joins ("O'Brien" is one word). */
function wordsOf(text: string): Word[] {
  return withoutAccents(text)
    .replace(/['’]/g, '')
    .split(/[^\p{L}-]+/u)
    .map((word) => word.replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .map((typed) => ({ typed, key: typed.toLowerCase() }));
}

const isParticle = (word: Word) => word.typed === word.key && PARTICLES.has(word.key);

/** Given names as initials and names: 'J.-P.' gives J and P, 'Jean-Pierre' gives Jean and Pierre. */
function givenNames(words: readonly Word[]): GivenName[] {
  return words
    .filter((word) => !isParticle(word))
    .flatMap((word) => word.key.split('-').filter(Boolean))
    .map((part) => ({ initial: part.charAt(0), full: part.length > 1 ? part : null }));
}

/**
 * A name read as papers write it: 'Family, Given' with a comma, else given names first and the family name
 * last. Null when it names no one.
 */
export function readPersonName(name: string): PersonName | null {
  if (name.includes(',')) {
    const [family = '', given = ''] = name.split(',', 2);
    const familyWords = wordsOf(family);
    const named = familyWords.filter((word) => !isParticle(word));
    const familyKey = (named.length > 0 ? named : familyWords).map((word) => word.key).join(' ');
    return familyKey ? { family: familyKey, given: givenNames(wordsOf(given)) } : null;
  }
  const words = wordsOf(name);
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1]!.key)) words.pop();
  const family = words.pop();
  return family ? { family: family.key, given: givenNames(words) } : null;
}

/**
 * How closely two readings of a name agree, or null when they cannot be one person: the family names differ,
 * or a given name both give differs (its initial, or the name when both write it out). `full` counts the
 * given names both write out alike, `same` says both give as many given names. 'E. Noether' and 'Emmy Noether'
 * agree (0, same); 'Emmy Noether' with itself (1, same); 'E. Noether' and 'A. E. Noether' not at all.
 */
export function nameAgreement(a: PersonName, b: PersonName): { full: number; same: boolean } | null {
  if (a.family !== b.family) return null;
  let full = 0;
  for (let index = 0; index < Math.min(a.given.length, b.given.length); index += 1) {
    const x = a.given[index]!;
    const y = b.given[index]!;
    if (x.initial !== y.initial) return null;
    if (x.full !== null && y.full !== null) {
      if (x.full !== y.full) return null;
      full += 1;
    }
  }
  return { full, same: a.given.length === b.given.length };
}

/**
 * Whether an author of a paper is the owner, to emphasise them in author lists (the CV, the research pages):
 * the same family name and, when both give one, the same first initial ('E. Noether', 'Noether, Emmy' and
 * 'Emmy Noether' all match 'Emmy Noether'; 'M. Noether' does not).
 */
export function isOwnerAuthor(author: string, ownerName: string): boolean {
  const a = readPersonName(author);
  const owner = readPersonName(ownerName);
  if (!a || !owner || a.family !== owner.family) return false;
  const initial = a.given[0]?.initial;
  const ownerInitial = owner.given[0]?.initial;
  return !initial || !ownerInitial || initial === ownerInitial;
}
