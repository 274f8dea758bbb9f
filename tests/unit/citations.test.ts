import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { parse as parseRis } from 'astrocite-ris';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { formatCitations, splitName, toCslItem, toRis, toRisFile } from '@/lib/citations/formats';
import { cleanText } from '@/lib/content/research/scholar';
import type { ResearchPaper } from '@/lib/content/research/types';
import { EMPTY_VENUE } from '../fixtures/papers';

/**
 * A paper's references in the CSL styles and as RIS (issue 34): each style's output held to its rules, the
 * mathematics of a title readable everywhere, the HTML limited to italics and the like, and the RIS read
 * back by an independent reader (astrocite-ris, which shares no code with the writer) on generated papers.
 */

const paper = (overrides: Partial<ResearchPaper> = {}): ResearchPaper => ({
  id: '3f2b8c1e-5d4a-4e6b-9c7d-8a1b2c3d4e5f',
  title: 'On the zeros of $\\zeta(s)$ near the line',
  abstract: 'We bound $N(\\sigma, T)$.\n\n- first\n- **second**',
  authors: ['Ada Lovelace', 'Bernhard Riemann'],
  date: '2024-03-05',
  journal: 'Annals of Mathematics',
  link: null,
  pdfUrl: null,
  tags: ['zeta', 'zeros'],
  doi: '10.4007/annals.2024.1',
  arxivId: null,
  status: 'published',
  updatedAt: '2024-03-06T00:00:00.000Z',
  ...EMPTY_VENUE,
  ...overrides,
});

const preprint = paper({ status: 'preprint', doi: null, arxivId: '2403.01234', journal: 'arXiv preprint', title: 'Primes in short intervals', authors: ['Alex Morgan', 'B. L. van der Waerden'] });

/** Each style's plain text and HTML by id. */
function styles(of: ResearchPaper): Record<string, { text: string; html: string }> {
  return Object.fromEntries(formatCitations(of).styles.map((style) => [style.id, { text: style.text, html: style.html }]));
}

describe('the vendored CSL files', () => {
  it('are byte for byte the official files their README lists, by SHA-256', () => {
    const folder = path.join(process.cwd(), 'lib/citations/csl');
    const readme = readFileSync(path.join(folder, 'README.md'), 'utf8');
    const listed = new Map([...readme.matchAll(/^\| `([^`]+)` \| [^|]+ \| `([0-9a-f]{64})` \|$/gm)].map((match) => [match[1]!, match[2]!]));
    const files = readdirSync(folder).filter((name) => name !== 'README.md');
    expect([...listed.keys()].sort()).toEqual(files.sort());
    for (const file of files) expect(createHash('sha256').update(readFileSync(path.join(folder, file))).digest('hex'), file).toBe(listed.get(file));
  });
});

describe('formatted references', () => {
  it('offers APA, Chicago (author-date), IEEE and Springer MathPhys, in that order', () => {
    expect(formatCitations(paper()).styles.map((style) => [style.id, style.label])).toEqual([
      ['apa', 'APA'],
      ['chicago', 'Chicago (author-date)'],
      ['ieee', 'IEEE'],
      ['springer-mathphys', 'Springer MathPhys'],
    ]);
  });

  it('APA: family names with initials joined by "&", the year in brackets, the title as written, the journal in italics, the DOI as its address', () => {
    const { apa } = styles(paper());
    expect(apa!.text).toBe('Lovelace, A., & Riemann, B. (2024). On the zeros of ζ(s) near the line. Annals of Mathematics. https://doi.org/10.4007/annals.2024.1');
    expect(apa!.html).toBe('Lovelace, A., &amp; Riemann, B. (2024). On the zeros of ζ(s) near the line. <i>Annals of Mathematics</i>. https://doi.org/10.4007/annals.2024.1');
  });

  it('IEEE: numbered, initials first, the title in quotes, the journal in italics, month and year, "doi:"', () => {
    const { ieee } = styles(paper());
    expect(ieee!.text).toBe('[1] A. Lovelace and B. Riemann, “On the zeros of ζ(s) near the line,” Annals of Mathematics, Mar. 2024, doi: 10.4007/annals.2024.1.');
    expect(ieee!.html).toContain('<i>Annals of Mathematics</i>');
  });

  it('Chicago author-date: full names (the first inverted), the year, the title in quotes and title case, the DOI address', () => {
    const { chicago } = styles(paper());
    expect(chicago!.text).toBe('Lovelace, Ada, and Bernhard Riemann. 2024. “On the Zeros of ζ(s) near the Line.” Annals of Mathematics, March. https://doi.org/10.4007/annals.2024.1.');
  });

  it('Springer MathPhys: numbered, family names with initials, a colon before the title, the year in brackets', () => {
    const { 'springer-mathphys': springer } = styles(paper());
    expect(springer!.text).toBe('1. Lovelace, A., Riemann, B.: On the zeros of ζ(s) near the line. Annals of Mathematics. (2024). https://doi.org/10.4007/annals.2024.1');
  });

  it('gives a preprint as one: italic title with "Preprint" and its arXiv number in APA, the arXiv abstract page everywhere, a particle kept with its family name', () => {
    const all = styles(preprint);
    expect(all.apa!.text).toBe('Morgan, A., & van der Waerden, B. L. (2024). Primes in short intervals (Preprint arXiv:2403.01234). arXiv. https://arxiv.org/abs/2403.01234');
    expect(all.apa!.html).toContain('<i>Primes in short intervals</i>');
    expect(all.chicago!.text).toBe('Morgan, Alex, and B. L. van der Waerden. 2024. “Primes in Short Intervals.” Preprint. arXiv. https://arxiv.org/abs/2403.01234.');
    expect(all.ieee!.text).toContain('A. Morgan and B. L. van der Waerden, “Primes in short intervals.” arXiv');
    for (const style of Object.values(all)) expect(style.text).toContain('https://arxiv.org/abs/2403.01234');
    expect(toCslItem(preprint, 'p')).toMatchObject({ type: 'article', genre: 'Preprint', publisher: 'arXiv', number: 'arXiv:2403.01234' });
    // A submitted paper names no journal: it may yet appear elsewhere.
    const submitted = styles(paper({ status: 'submitted', doi: null }));
    expect(submitted.apa!.text).toBe('Lovelace, A., & Riemann, B. (2024). On the zeros of ζ(s) near the line [Manuscript submitted for publication].');
  });

  it('keeps mathematics in titles readable in every style and in RIS, and leaves its letters alone in a title-case style', () => {
    const math = paper({ title: 'Bounds for $\\zeta(s)$ and $x^2 + y_n$ on $\\mathbb{R}$' });
    const { styles: all, ris } = formatCitations(math);
    for (const style of all) {
      for (const output of [style.text, style.html]) {
        expect(output, style.id).toContain('ζ(s)');
        expect(output, style.id).toContain('ℝ');
        expect(output, style.id).not.toMatch(/[$\\]/);
      }
      expect(style.text, style.id).toContain('x² + yₙ');
    }
    expect(all.find((style) => style.id === 'chicago')!.text).toContain('“Bounds for ζ(s) and x² + yₙ on ℝ.”');
    expect(ris).toContain('TI  - Bounds for ζ(s) and x² + yₙ on ℝ\r\n');
  });

  it('escapes HTML-looking text of a title and a journal, and gives no tag but italics, bold, scripts and bare spans', () => {
    const hostile = paper({ title: 'A <script>alert(1)</script> & <b>bold</b> claim', journal: 'J. <i>of</i> <img src=x onerror=alert(1)>' });
    for (const style of formatCitations(hostile).styles) {
      expect(style.html, style.id).not.toMatch(/<script|<img|<b>bold/);
      // (Chicago capitalises it as it does any title: '&lt;/Script&gt;'.)
      expect(style.html, style.id).toMatch(/&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &lt;b&gt;bold&lt;\/b&gt;/i);
      for (const [, tag, attributes] of style.html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)) {
        expect(['i', 'b', 'em', 'strong', 'sup', 'sub', 'span'], style.id).toContain(tag);
        expect(attributes, style.id).toBe('');
      }
    }
    // The plain text keeps the characters (APA sets the journal in title case, IEEE as written).
    expect(styles(hostile).apa!.text).toContain('(2024). A <script>alert(1)</script> & <b>bold</b> claim. J. ');
    expect(styles(hostile).ieee!.text).toContain('J. <i>of</i> <img src=x onerror=alert(1)>, Mar. 2024');
  });

  it('shortens 50 authors as each style says: APA 19, an ellipsis and the last; Chicago 7 and "et al."; IEEE the first and "et al."', () => {
    const authors = Array.from({ length: 50 }, (_, index) => `Author${index + 1} Family${index + 1}`);
    const { styles: all, ris } = formatCitations(paper({ authors }));
    const text = Object.fromEntries(all.map((style) => [style.id, style.text]));
    expect(text.apa).toMatch(/^Family1, A\., .*Family19, A\., … Family50, A\. \(2024\)\./);
    expect(text.apa).not.toContain('Family20');
    expect(text.chicago).toMatch(/^Family1, Author1, Author2 Family2, .*Author7 Family7, et al\. 2024\./);
    expect(text.chicago).not.toContain('Family8');
    expect(text.ieee).toMatch(/^\[1\] A\. Family1 et al\., “/);
    expect(ris.match(/^AU {2}- /gm)).toHaveLength(50);
  });

  it('writes a paper with no journal without an empty venue', () => {
    const { styles: all, ris } = formatCitations(paper({ journal: '  ', doi: null }));
    for (const style of all) expect(style.text, style.id).not.toMatch(/\.\s*\.|,\s*[,.]|\(\s*\)/);
    expect(styles(paper({ journal: '', doi: null })).apa!.text).toBe('Lovelace, A., & Riemann, B. (2024). On the zeros of ζ(s) near the line.');
    expect(ris).toMatch(/^TY {2}- GEN\r\n/);
    expect(ris).not.toContain('T2  -');
  });

  it('formats each paper anew, though the engines are made once and reused', () => {
    const first = formatCitations(paper());
    const other = formatCitations(preprint);
    expect(other.styles[0]!.text).toContain('Primes in short intervals');
    expect(other.styles[0]!.text).not.toContain('zeros');
    expect(formatCitations(paper())).toEqual(first);
  });

  it('splits authors into given names, particle, family name and suffix, keeping every word', () => {
    expect(splitName('B. L. van der Waerden')).toEqual({ given: 'B. L.', 'non-dropping-particle': 'van der', family: 'Waerden' });
    expect(splitName('Charles-Jean de la Vallée Poussin')).toEqual({ given: 'Charles-Jean', 'non-dropping-particle': 'de la', family: 'Vallée Poussin' });
    expect(splitName('de Gennes')).toEqual({ 'non-dropping-particle': 'de', family: 'Gennes' });
    expect(splitName('Martin Luther King Jr.')).toEqual({ given: 'Martin Luther', family: 'King', suffix: 'Jr.' });
    expect(splitName('Euclid')).toEqual({ family: 'Euclid' });
    expect(splitName('Lovelace, Ada')).toEqual({ family: 'Lovelace', given: 'Ada' });
    expect(splitName('Kurt  Gödel')).toEqual({ given: 'Kurt', family: 'Gödel' });
  });

  it('keeps the stored date: day and month when given, the year alone otherwise', () => {
    expect(toCslItem(paper(), 'a').issued).toEqual({ 'date-parts': [[2024, 3, 5]] });
    expect(toCslItem(paper({ date: '1931-01-01' }), 'a').issued).toEqual({ 'date-parts': [[1931, 1, 1]] });
    expect(toCslItem(paper({ date: '2024' }), 'a').issued).toEqual({ 'date-parts': [[2024]] });
    expect(styles(paper({ date: 'unknown' })).apa!.text).toContain('(n.d.)');
  });
});

describe('RIS', () => {
  it('writes a journal article with the tags reference managers read, one per line, CR LF', () => {
    expect(toRis(paper({ arxivId: '2403.00001' }))).toBe(
      [
        'TY  - JOUR',
        'TI  - On the zeros of ζ(s) near the line',
        'AU  - Lovelace, Ada',
        'AU  - Riemann, Bernhard',
        'PY  - 2024',
        'DA  - 2024/03/05',
        'T2  - Annals of Mathematics',
        'DO  - 10.4007/annals.2024.1',
        'UR  - https://arxiv.org/abs/2403.00001',
        'AB  - We bound N(σ, T). • first • second',
        'KW  - zeta',
        'KW  - zeros',
        'ER  - ',
        '',
      ].join('\r\n'),
    );
    expect(toRis(paper({ authors: ['Martin Luther King Jr.', 'B. L. van der Waerden'] }))).toContain('AU  - King, Martin Luther, Jr.\r\nAU  - van der Waerden, B. L.\r\n');
  });

  it('writes a preprint or submitted paper as UNPB, with its arXiv abstract page', () => {
    const ris = toRis(preprint);
    expect(ris).toMatch(/^TY {2}- UNPB\r\n/);
    expect(ris).toContain('UR  - https://arxiv.org/abs/2403.01234\r\n');
    expect(ris).not.toContain('T2  -');
    expect(toRis(paper({ status: 'submitted' }))).toMatch(/^TY {2}- UNPB\r\n/);
  });

  it('reads back with astrocite-ris as the same title, authors, date, journal and DOI; drafts are left out of the file', () => {
    const papers = [paper(), preprint, paper({ id: 'd', status: 'draft', title: 'Secret draft' })];
    const read = parseRis(toRisFile(papers));
    expect(read).toHaveLength(2);
    expect(read[0]).toMatchObject({
      type: 'article-journal',
      title: 'On the zeros of ζ(s) near the line',
      author: [
        { family: 'Lovelace', given: 'Ada' },
        { family: 'Riemann', given: 'Bernhard' },
      ],
      issued: { 'date-parts': [['2024', '03', '05']] },
      'container-title': 'Annals of Mathematics',
      DOI: '10.4007/annals.2024.1',
      abstract: 'We bound N(σ, T). • first • second',
    });
    expect(read[1]).toMatchObject({
      type: 'manuscript',
      title: 'Primes in short intervals',
      author: [
        { family: 'Morgan', given: 'Alex' },
        { family: 'Waerden', given: 'B. L.', 'non-dropping-particle': 'van der' },
      ],
      URL: 'https://arxiv.org/abs/2403.01234',
    });
  });

  it('reads back every generated paper, whatever its text, as one entry with its own title, authors, year and DOI', () => {
    // Prose of any characters but formula delimiters ('$', '\', whose conversion cv-tex-text's tests hold):
    // RIS's own tags and separators, newlines, control characters, markup and half emoji included.
    const prose = fc.string({
      unit: fc.oneof(fc.constantFrom('ER  - ', 'TY', ' ', '-', '\r\n', '\n', '\t', '\u0000', '\u2028', 'ö', '<b>', '&', '"', ',', '\uD83D'), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
      maxLength: 40,
    });
    const word = fc.stringMatching(/^[A-Z][a-zà-ÿ]{0,9}$/);
    const author = fc.tuple(word, word).map(([given, family]) => ({ given, family }));
    const generated = fc.record({
      title: prose.filter((text) => !/[$\\]/.test(text) && /\p{L}/u.test(text)),
      abstract: prose.filter((text) => !/[$\\*_`[#>~!]/.test(text)),
      authors: fc.array(author, { minLength: 1, maxLength: 5 }),
      journal: prose.filter((text) => !/[$\\]/.test(text) && cleanText(text) !== ''),
      year: fc.integer({ min: 1000, max: 2999 }),
      doi: fc.stringMatching(/^10\.\d{4,5}\/[A-Za-z0-9._;()/:-]{1,20}$/),
    });
    fc.assert(
      fc.property(fc.array(generated, { minLength: 1, maxLength: 4 }), (entries) => {
        const papers = entries.map((entry, index) =>
          paper({
            id: `p${index}`,
            title: entry.title,
            abstract: entry.abstract,
            authors: entry.authors.map(({ given, family }) => `${given} ${family}`),
            journal: entry.journal,
            date: `${entry.year}-06-15`,
            doi: entry.doi,
            tags: [],
          }),
        );
        const read = parseRis(toRisFile(papers));
        expect(read).toHaveLength(papers.length);
        read.forEach((item, index) => {
          const entry = entries[index]!;
          expect(item.title).toBe(cleanText(entry.title.replace(/[\uE002\uE003]/g, '')));
          expect(item.author?.map(({ given, family }: { given?: string; family?: string }) => ({ given, family }))).toEqual(entry.authors);
          expect(item.issued?.['date-parts']?.[0]?.[0]).toBe(String(entry.year));
          expect(item['container-title']).toBe(cleanText(entry.journal.replace(/[\uE002\uE003]/g, '')));
          expect(item.DOI).toBe(entry.doi);
        });
      }),
      { numRuns: 150 },
    );
  });
});
