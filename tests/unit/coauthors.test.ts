import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { AuthorNames } from '@/components/site/research/author-names';
import { readPersonName } from '@/lib/author-names';
import { fieldErrorsOf } from '@/lib/action-result';
import { authorCredit, coauthorFor, coauthorHref } from '@/lib/content/coauthors/rules';
import type { Coauthor } from '@/lib/content/coauthors/types';
import {
  COAUTHOR_HOMEPAGE_INVALID,
  COAUTHOR_LIMITS,
  COAUTHOR_NAME_ONE_LINE,
  COAUTHOR_NAME_REQUIRED,
  COAUTHOR_ORCID_INVALID,
  COAUTHORS_REFUSED,
  coauthorItemSchema,
  coauthorListRefusal,
  coauthorListSchema,
  newCoauthorDefaults,
  TOO_MANY_COAUTHORS,
} from '@/lib/validation/coauthors';

/**
 * The co-author list (docs/product.md, "Admin Co-authors"): which co-author a paper's author name is (family
 * name and initials, accents folded; an ambiguous name is nobody's), where it links, how the research pages
 * show an author list, and the editor's schema.
 */

let count = 0;
function coauthor(name: string, extra: Partial<Coauthor> = {}): Coauthor {
  count += 1;
  return { id: `00000000-0000-4000-8000-${String(count).padStart(12, '0')}`, name, homepage: `https://example.org/${count}`, orcid: null, ...extra };
}

describe('coauthorFor: an author name in a paper matched to a co-author', () => {
  it('folds accents: Erdős and Erdos are one name, either way round', () => {
    const erdos = coauthor('Paul Erdős');
    for (const author of ['Paul Erdos', 'P. Erdos', 'Erdos, Paul', 'P. Erdős']) expect(coauthorFor(author, [erdos]), author).toBe(erdos);
    const plain = coauthor('Paul Erdos');
    expect(coauthorFor('Paul Erdős', [plain])).toBe(plain);
    expect(coauthorFor('Pál Erdős', [plain]), 'another given name written out').toBeNull();
  });

  it("reads 'Noether, Emmy', 'Emmy Noether' and 'E. Noether' as one person, and 'M. Noether' as another", () => {
    const emmy = coauthor('Noether, Emmy');
    for (const author of ['E. Noether', 'Emmy Noether', 'Noether, E.', 'E Noether', 'emmy noether']) expect(coauthorFor(author, [emmy]), author).toBe(emmy);
    for (const author of ['M. Noether', 'Max Noether', 'Emmy Noethers', 'A. E. Noether', '', ' , ']) expect(coauthorFor(author, [emmy]), author).toBeNull();
    expect(coauthorFor('E. Noether', [coauthor('Emmy Noether')])).not.toBeNull();
  });

  it('matches each of 200 co-authors with the same family name only by their own initials', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const people = Array.from({ length: 200 }, (_, index) => {
      const [first, second] = [letters[index % 26]!, letters[Math.floor(index / 26)]!];
      return { first, second, coauthor: coauthor(`${first}ei ${second}an Wang`) };
    });
    const list = people.map((person) => person.coauthor);
    for (const { first, second, coauthor: own } of people) {
      expect(coauthorFor(`${first}. ${second}. Wang`, list), `${first}. ${second}. Wang`).toBe(own);
      expect(coauthorFor(`Wang, ${first}ei ${second}an`, list)).toBe(own);
      expect(coauthorFor(`${first}.-${second}. Wang`, list)).toBe(own);
    }
    // The family name alone, or with one initial: several co-authors agree equally, so none is chosen.
    expect(coauthorFor('A. Wang', list)).toBeNull();
    expect(coauthorFor('Wang', list)).toBeNull();
    expect(coauthorFor('Z. Z. Wang', list), 'initials nobody has').toBeNull();
  });

  it('matches none of two co-authors a name fits equally, rather than guess', () => {
    const wei = coauthor('Wei Wang');
    const wen = coauthor('Wen Wang');
    expect(coauthorFor('W. Wang', [wei, wen])).toBeNull();
    expect(coauthorFor('Wang, W.', [wen, wei])).toBeNull();
    expect(coauthorFor('Wei Wang', [wei, wen])).toBe(wei);
    expect(coauthorFor('Wen Wang', [wei, wen])).toBe(wen);
    expect(coauthorFor('W. Wang', [wei]), 'alone, the initial is enough').toBe(wei);
  });

  it('takes the co-author whose name agrees most closely: given names alike in full, then as many given names', () => {
    const short = coauthor('J. Conway');
    const long = coauthor('J. H. Conway');
    expect(coauthorFor('J. Conway', [long, short])).toBe(short);
    expect(coauthorFor('J. H. Conway', [short, long])).toBe(long);
    expect(coauthorFor('John Horton Conway', [short, long])).toBe(long);
    expect(coauthorFor('J. L. Conway', [short, long]), 'a second initial that differs rules J. H. out').toBe(short);
  });

  it('reads particles, hyphens, apostrophes and suffixes as author lists write them', () => {
    const waals = coauthor('van der Waals, J. D.');
    for (const author of ['J. D. van der Waals', 'Johannes Diderik van der Waals', 'J. van der Waals']) expect(coauthorFor(author, [waals]), author).toBe(waals);
    const serre = coauthor('Jean-Pierre Serre');
    for (const author of ['J.-P. Serre', 'J. P. Serre', 'Serre, Jean-Pierre']) expect(coauthorFor(author, [serre]), author).toBe(serre);
    expect(coauthorFor('Jean-Paul Serre', [serre])).toBeNull();
    const obrien = coauthor("Dara O'Brien");
    expect(coauthorFor('D. O’Brien', [obrien])).toBe(obrien);
    const king = coauthor('Martin Luther King Jr.');
    expect(coauthorFor('M. L. King', [king])).toBe(king);
  });

  it('matches any name that names someone to the co-author of that name, and no one else before them', () => {
    const words = fc.constantFrom('Émile', 'van', 'de', 'J.', 'O’Brien', 'Jean-Pierre', 'Jr.', ',', 'Wang', 'x', '-', '.');
    const names = fc.oneof(fc.string({ maxLength: 60 }), fc.array(words, { maxLength: 6 }).map((parts) => parts.join(' ')));
    fc.assert(
      fc.property(names, names, (name, other) => {
        const own = coauthor(name);
        expect(coauthorFor(name, [own])).toBe(readPersonName(name) ? own : null);
        // Nobody agrees with a name more closely than the name itself: another co-author can only make it a tie.
        expect([own, null]).toContain(coauthorFor(name, [coauthor(other), own]));
      }),
    );
  });
});

describe('where a co-author links, and how an author list shows its names', () => {
  it('links the homepage, else the ORCID record, else nothing', () => {
    expect(coauthorHref({ homepage: 'https://example.org/emmy', orcid: '0000-0002-1825-0097' })).toBe('https://example.org/emmy');
    expect(coauthorHref({ homepage: null, orcid: '0000-0002-1825-0097' })).toBe('https://orcid.org/0000-0002-1825-0097');
    expect(coauthorHref({ homepage: null, orcid: null })).toBeNull();
  });

  it('keeps the owner first, as the CV matches them, unless a co-author fits the name more closely', () => {
    const ann = coauthor('Ann Morgan');
    expect(authorCredit('Alex Morgan', 'Alex Morgan', [ann])).toEqual({ owner: true });
    expect(authorCredit('A. Morgan', 'Alex Morgan', [ann]), 'equally close: the owner, as on the CV').toEqual({ owner: true });
    expect(authorCredit('Ann Morgan', 'Alex Morgan', [ann])).toEqual({ owner: false, coauthor: ann });
    expect(authorCredit('Ann Morgan', '', [ann])).toEqual({ owner: false, coauthor: ann });
    expect(authorCredit('Alan Morgan', 'Alex Morgan', []), 'the CV emphasises a first initial that agrees').toEqual({ owner: true });
    expect(authorCredit('Paul Erdős', 'Alex Morgan', [ann])).toBeNull();
  });

  it('renders the owner emphasised, matched co-authors as links, other names as written, all escaped', () => {
    const emmy = coauthor('Emmy Noether', { homepage: 'https://example.org/noether' });
    const paul = coauthor('Paul Erdős', { homepage: null, orcid: '0000-0002-1825-0097' });
    const nobody = coauthor('Hermann Weyl', { homepage: null });
    const html = renderToStaticMarkup(
      createElement(AuthorNames, {
        authors: ['Alex Morgan', 'E. Noether', 'P. Erdos', 'H. Weyl', '<img src=x onerror=alert(1)>'],
        coauthors: [emmy, paul, nobody],
        owner: 'Alex Morgan',
      }),
    );
    expect(html).toBe(
      [
        '<strong class="font-semibold text-foreground">Alex Morgan</strong>',
        '<a href="https://example.org/noether" class="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary" rel="noopener noreferrer" target="_blank">E. Noether</a>',
        '<a href="https://orcid.org/0000-0002-1825-0097" class="text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary" rel="noopener noreferrer" target="_blank">P. Erdos</a>',
        'H. Weyl',
        '&lt;img src=x onerror=alert(1)&gt;',
      ].join(', '),
    );
    expect(renderToStaticMarkup(createElement(AuthorNames, { authors: [], coauthors: [emmy], owner: '' }))).toBe('');
  });
});

describe('the Co-authors editor schema', () => {
  const item = (values: Record<string, unknown>) => ({ ...newCoauthorDefaults(), ...values });
  const errorsOf = (values: Record<string, unknown>) => {
    const parsed = coauthorItemSchema.safeParse(item(values));
    return parsed.success ? {} : fieldErrorsOf(parsed.error);
  };

  it('requires a name of one line, at most 200 characters, and trims it', () => {
    expect(errorsOf({ name: '  ' })).toEqual({ name: COAUTHOR_NAME_REQUIRED });
    expect(errorsOf({ name: 'Emmy\nNoether' })).toEqual({ name: COAUTHOR_NAME_ONE_LINE });
    expect(errorsOf({ name: 'x'.repeat(COAUTHOR_LIMITS.name + 1) })).toEqual({ name: 'The name must be at most 200 characters.' });
    expect(coauthorItemSchema.parse(item({ name: '  Emmy Noether ' })).name).toBe('Emmy Noether');
  });

  it('takes an http(s) homepage or none, and nothing a browser would run', () => {
    expect(coauthorItemSchema.parse(item({ name: 'E', homepage: ' https://example.org/ ' })).homepage).toBe('https://example.org/');
    expect(coauthorItemSchema.parse(item({ name: 'E', homepage: '' })).homepage).toBeNull();
    for (const homepage of ['javascript:alert(1)', 'example.org', 'ftp://example.org/', 'data:text/html,x']) expect(errorsOf({ name: 'E', homepage }), homepage).toEqual({ homepage: COAUTHOR_HOMEPAGE_INVALID });
    expect(errorsOf({ name: 'E', homepage: `https://example.org/${'a'.repeat(COAUTHOR_LIMITS.homepage)}` })).toEqual({ homepage: 'The homepage must be at most 2048 characters.' });
  });

  it('stores an ORCID iD bare, from its address or without hyphens, and refuses one whose check digit does not match', () => {
    for (const orcid of ['0000-0002-1825-0097', 'https://orcid.org/0000-0002-1825-0097', '0000000218250097', ' http://www.orcid.org/0000-0002-1825-0097/ ']) {
      expect(coauthorItemSchema.parse(item({ name: 'E', orcid })).orcid, orcid).toBe('0000-0002-1825-0097');
    }
    expect(coauthorItemSchema.parse(item({ name: 'E', orcid: '0000-0002-9079-593x' })).orcid).toBe('0000-0002-9079-593X');
    expect(coauthorItemSchema.parse(item({ name: 'E', orcid: '' })).orcid).toBeNull();
    for (const orcid of ['0000-0002-1825-0098', '0000-0002-1825', 'orcid', 'https://example.org/0000-0002-1825-0097']) expect(errorsOf({ name: 'E', orcid }), orcid).toEqual({ orcid: COAUTHOR_ORCID_INVALID });
  });

  it('refuses a name listed twice (trimmed, ignoring case) beside the second, and keeps namesakes by family name', () => {
    const parsed = coauthorListSchema.safeParse({ items: [item({ name: 'Emmy Noether' }), item({ name: 'Max Noether' }), item({ name: '  emmy NOETHER ' })] });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error!)).toEqual({ 'items.2.name': 'emmy NOETHER is on the list already.' });
    expect(coauthorListRefusal(parsed.error!)).toBe(COAUTHORS_REFUSED);
    expect(coauthorListSchema.safeParse({ items: [item({ name: 'Wei Wang' }), item({ name: 'Wen Wang' }), item({ name: 'W. Wang' })] }).success).toBe(true);
  });

  it('refuses more than 500 co-authors, saying so in the toast', () => {
    const items = Array.from({ length: COAUTHOR_LIMITS.items + 1 }, (_, index) => item({ name: `Person ${index}` }));
    const parsed = coauthorListSchema.safeParse({ items });
    expect(parsed.success).toBe(false);
    expect(coauthorListRefusal(parsed.error!)).toBe(TOO_MANY_COAUTHORS);
    expect(TOO_MANY_COAUTHORS).toBe('At most 500 co-authors; remove one before adding another.');
    expect(coauthorListSchema.safeParse({ items: items.slice(1) }).success).toBe(true);
  });
});
