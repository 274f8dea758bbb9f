import { describe, expect, it } from 'vitest';

import {
  IDENTIFIERS_TOO_LONG,
  IDENTIFIER_LIMITS,
  IDENTIFIER_UNKNOWN,
  ORCID_CHECKSUM_WRONG,
  ORCID_ONLY_ONE,
  identifierTooLong,
  isValidOrcid,
  moreRefused,
  parseIdentifiers,
} from '@/lib/scholarly/identifiers';

/** Issue 34: the "Add by identifier" box read into DOIs, arXiv ids and ORCID iDs. */

const values = (text: string) => parseIdentifiers(text).identifiers.map(({ kind, value }) => `${kind}:${value}`);

describe('parseIdentifiers', () => {
  it('reads DOIs bare, with doi:, and as doi.org and dx.doi.org addresses', () => {
    expect(values('10.1007/BF01700692 doi:10.1000/ABC DOI: 10.1000/def https://doi.org/10.1000/ghi http://dx.doi.org/10.1000/jkl doi.org/10.1000/mno')).toEqual([
      'doi:10.1007/BF01700692',
      'doi:10.1000/ABC',
      'doi:10.1000/def',
      'doi:10.1000/ghi',
      'doi:10.1000/jkl',
      'doi:10.1000/mno',
    ]);
  });

  it('reads a percent-encoded DOI address', () => {
    expect(values('https://doi.org/10.1000%2Fabc%3C1%3E')).toEqual(['doi:10.1000/abc<1>']);
  });

  it('reads arXiv ids new and old style, with versions, prefixes and addresses', () => {
    expect(values('2403.01234v2 arXiv:2101.00001 math.NT/0601001 math/0601001v3 https://arxiv.org/abs/2305.04567 https://arxiv.org/pdf/2309.11111v3.pdf arxiv.org/abs/hep-th/9901001')).toEqual([
      'arxiv:2403.01234v2',
      'arxiv:2101.00001',
      'arxiv:math.NT/0601001',
      'arxiv:math/0601001v3',
      'arxiv:2305.04567',
      'arxiv:2309.11111v3',
      'arxiv:hep-th/9901001',
    ]);
  });

  it('reads an ORCID iD bare or as an orcid.org address, and verifies its check character first', () => {
    expect(values('https://orcid.org/0000-0002-1825-0097')).toEqual(['orcid:0000-0002-1825-0097']);
    expect(values('0000-0002-1694-233x')).toEqual(['orcid:0000-0002-1694-233X']);
    expect(isValidOrcid('0000-0002-1825-0097')).toBe(true);
    expect(isValidOrcid('0000-0002-1825-0098')).toBe(false);
    expect(parseIdentifiers('0000-0002-1825-0098')).toMatchObject({ identifiers: [], refused: [{ input: '0000-0002-1825-0098', reason: ORCID_CHECKSUM_WRONG }] });
  });

  it('takes one ORCID iD per lookup and refuses a second', () => {
    const parsed = parseIdentifiers('0000-0002-1825-0097 0000-0003-0000-2404');
    expect(parsed.identifiers.map((identifier) => identifier.value)).toEqual(['0000-0002-1825-0097']);
    expect(parsed.refused).toEqual([{ input: '0000-0003-0000-2404', reason: ORCID_ONLY_ONE }]);
  });

  it('splits on lines, commas, semicolons and spaces', () => {
    expect(values('10.1000/a,10.1000/b;10.1000/c\n10.1000/d\t10.1000/e\r\n2403.01234')).toHaveLength(6);
  });

  it('removes repeats, comparing DOIs without case', () => {
    const parsed = parseIdentifiers('10.1000/ABC https://doi.org/10.1000/abc doi:10.1000/Abc 2403.01234 arXiv:2403.01234');
    expect(parsed.identifiers.map((identifier) => identifier.value)).toEqual(['10.1000/ABC', '2403.01234']);
    expect(parsed.given).toBe(2);
  });

  it('cleans Unicode dashes, soft hyphens and zero-width characters', () => {
    expect(values('10.1000/abc\u2010def 10.1000/x\u2013y\u2212z 10.1000/so\u00ADft 10.1000/ze\u200Bro\uFEFF 0000\u20110002\u20111825\u20110097')).toEqual([
      'doi:10.1000/abc-def',
      'doi:10.1000/x-y-z',
      'doi:10.1000/soft',
      'doi:10.1000/zero',
      'orcid:0000-0002-1825-0097',
    ]);
  });

  it('closes up a DOI split after doi.org/ or after its slash, unless what follows is an identifier of its own', () => {
    expect(values('https://doi.org/ 10.1000/abc')).toEqual(['doi:10.1000/abc']);
    expect(values('10.1000/ abc')).toEqual(['doi:10.1000/abc']);
    expect(values('doi: 10.1000/\n  xyz')).toEqual(['doi:10.1000/xyz']);
    expect(parseIdentifiers('10.1000/ 10.2000/def').identifiers.map((identifier) => identifier.value)).toEqual(['10.2000/def']);
  });

  it('drops quotes, brackets and a full stop around an identifier, but keeps a DOI’s own parentheses', () => {
    expect(values('(doi:10.1000/xyz). "2403.01234v2", <10.1000/182> (10.1002/(SICI)1097-4636(199706)35).')).toEqual([
      'doi:10.1000/xyz',
      'arxiv:2403.01234v2',
      'doi:10.1000/182',
      'doi:10.1002/(SICI)1097-4636(199706)35',
    ]);
  });

  it('ignores labels and refuses other words with the reason', () => {
    const parsed = parseIdentifiers('DOI: 10.1000/abc ORCID iD hello');
    expect(parsed.identifiers.map((identifier) => identifier.value)).toEqual(['10.1000/abc']);
    expect(parsed.refused).toEqual([{ input: 'hello', reason: IDENTIFIER_UNKNOWN }]);
  });

  it('refuses a piece of 10,000 characters with a clear reason, cut for display', () => {
    const parsed = parseIdentifiers(`10.1000/${'x'.repeat(10_000)} 10.1000/ok`);
    expect(parsed.identifiers.map((identifier) => identifier.value)).toEqual(['10.1000/ok']);
    expect(parsed.refused).toHaveLength(1);
    expect(parsed.refused[0]!.reason).toBe(identifierTooLong(10_008));
    expect(parsed.refused[0]!.input).toHaveLength(IDENTIFIER_LIMITS.shownChars);
  });

  it('refuses the whole text when it is longer than 100,000 characters', () => {
    const parsed = parseIdentifiers(`10.1000/abc ${' '.repeat(IDENTIFIER_LIMITS.chars)}`);
    expect(parsed).toEqual({ identifiers: [], refused: [], given: 0, taken: 0, notice: IDENTIFIERS_TOO_LONG });
  });

  it('takes the first 50 of 1,000 identifiers and says so', () => {
    const text = Array.from({ length: 1_000 }, (_, index) => `10.1000/item${index}`).join('\n');
    const parsed = parseIdentifiers(text);
    expect(parsed.given).toBe(1_000);
    expect(parsed.taken).toBe(50);
    expect(parsed.identifiers).toHaveLength(50);
    expect(parsed.identifiers[49]!.value).toBe('10.1000/item49');
    expect(parsed.notice).toBe('Only the first 50 of 1,000 identifiers are looked up at once; paste the rest afterwards.');
  });

  it('lists at most 20 refused pieces and counts the rest', () => {
    const parsed = parseIdentifiers(Array.from({ length: 30 }, (_, index) => `word${index}`).join(' '));
    expect(parsed.refused).toHaveLength(21);
    expect(parsed.refused[20]).toEqual({ input: '…', reason: moreRefused(10) });
  });

  it('reads nothing from an empty box', () => {
    expect(parseIdentifiers('  \n ')).toEqual({ identifiers: [], refused: [], given: 0, taken: 0, notice: null });
  });
});
