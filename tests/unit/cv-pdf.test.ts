import { extractText, extractTextItems, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';

import { arxivUrl, doiUrl } from '@/lib/content/research/scholar';
import { renderCvPdf } from '@/lib/cv/pdf';
import { hyphenate } from '@/lib/cv/pdf-fonts.mjs';
import { CV_PUBLICATION_GROUPS, CV_SECTION_TITLES, CV_SECTIONS, DEFAULT_CV_SETTINGS, type CvData } from '@/lib/cv/types';
import { experience, groupPapers, largeCvData, paper, SAMPLE_ARXIV, SAMPLE_DOI, sampleCvData } from '@/tests/fixtures/cv-data';

/**
 * /cv.pdf (lib/cv/pdf.tsx), read back with pdf.js (unpdf): the text a reader copies (names with accents,
 * formulas as Unicode), the links, the fonts embedded, the page size, a footer on every page, no heading
 * left at the foot of a page, and hostile or empty content rendered without a crash or an overflow.
 * Each document is rendered once, in beforeAll.
 */

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

interface Rendered {
  bytes: Uint8Array;
  pdf: PdfDocument;
  /** Each page's text, in reading order. */
  pages: string[];
}

async function render(data: CvData): Promise<Rendered> {
  const bytes = await renderCvPdf(data);
  // pdf.js may take the buffer over: it gets a copy.
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: false });
  return { bytes, pdf, pages: text };
}

/** Every link annotation's address, over all pages. */
async function linkUrls(pdf: PdfDocument): Promise<string[]> {
  const urls: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const annotations = (await (await pdf.getPage(number)).getAnnotations()) as { subtype?: string; url?: string }[];
    for (const annotation of annotations) if (annotation.subtype === 'Link' && annotation.url) urls.push(annotation.url);
  }
  return urls;
}

/** The document information dictionary (Title, Author, …) and pdf.js's Language, from the catalogue. */
async function documentInfo(pdf: PdfDocument): Promise<Record<string, unknown>> {
  const { info } = await pdf.getMetadata();
  return { ...info };
}

/** The file's bytes as Latin-1 text: font dictionaries are not compressed, so their names can be read. */
function rawText(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('latin1');
}

const OWNER = 'Alex Morgan';
/** Where the footer's baseline is (28 pt from the foot): content lines are all above this. */
const FOOTER_TOP = 45;
const HEADINGS = new Set<string>([...Object.values(CV_SECTION_TITLES), ...CV_PUBLICATION_GROUPS.map((group) => group.title)]);

const LONG_DESCRIPTION = Array.from({ length: 200 }, (_, index) => `word${index}`)
  .join(' ')
  .padEnd(2_000, ' more');
const LONG_WORD = 'x'.repeat(2_000);

let sample: Rendered;
let letter: Rendered;
let large: Rendered;
let hostile: Rendered;
let empty: Rendered;

beforeAll(async () => {
  sample = await render(sampleCvData());
  letter = await render(sampleCvData({ settings: { ...DEFAULT_CV_SETTINGS, paperSize: 'letter' } }));
  large = await render(largeCvData());
  hostile = await render(
    sampleCvData({
      profiles: [],
      publications: [],
      experience: [
        experience({ id: 'long', title: 'Long description', description: LONG_DESCRIPTION }),
        experience({ id: 'word', title: 'One long word', description: LONG_WORD }),
        experience({ id: 'unknown', title: 'Unknown $\\foo{x}$ command', description: 'A formula $\\bar{\\foo{y}}$ too.' }),
      ],
      projects: [],
      entries: { award: [], talk: [], teaching: [], service: [] },
      interests: [{ title: '$\\zeta(s)$$\\mathbb{R}^n$', description: '' }],
    }),
  );
  empty = await render({
    name: '',
    title: '',
    email: '',
    website: null,
    profiles: [],
    summary: '',
    settings: { ...DEFAULT_CV_SETTINGS },
    education: [],
    experience: [],
    publications: [],
    projects: [],
    interests: [],
    skills: [],
    entries: { award: [], talk: [], teaching: [], service: [] },
    updatedAt: null,
  });
}, 60_000);

describe('the text', () => {
  it('holds names with accents and formulas as Unicode, no TeX', () => {
    const text = sample.pages.join('\n');
    for (const expected of ['Erdős', 'Gödel', 'Šafarevič', 'Zürich', 'ζ(s)', 'L²', 'ℚ(√(−d))', '∑_(n≤x) Λ(n)χ(n)']) expect(text).toContain(expected);
    expect(text).not.toContain('$\\zeta');
    expect(text).not.toContain('\\frac');
    expect(text).not.toMatch(/\$/);
  });

  it('shows every section in the chosen order, each heading once', () => {
    const lines = sample.pages.join('\n').split('\n');
    const positions = CV_SECTIONS.map((key) => lines.indexOf(CV_SECTION_TITLES[key]));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const key of CV_SECTIONS) expect(lines.filter((line) => line === CV_SECTION_TITLES[key])).toHaveLength(1);
  });

  it('numbers the papers as given and strips the experience markup', () => {
    const text = sample.pages.join('\n');
    for (const number of [1, 2, 3, 4, 5]) expect(text).toContain(`[${number}]`);
    expect(text).toContain('Supervised Part II Number Theory; notes at the course page.');
    expect(text).not.toContain('**');
    expect(text).not.toContain('](');
  });

  it("shows each paper's venue as one line: a journal's volume, issue and pages, a thesis's institution", async () => {
    const { pages } = await render(
      sampleCvData({
        publications: groupPapers([
          paper({ id: 'article', title: 'Zeros near the line', journal: 'Journal of Number Theory', volume: '241', issue: '3', pages: '1-37', date: '2024-03-05' }),
          paper({ id: 'thesis', title: 'Primes in short intervals', kind: 'phd-thesis', institution: 'University of Oxford', date: '2023-09-30' }),
        ]),
      }),
    );
    // Lines may break anywhere in the entry: the text as one line.
    const text = pages.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Zeros near the line. Journal of Number Theory 241(3), 1–37, 2024.');
    expect(text).toContain('Primes in short intervals. PhD thesis, University of Oxford, 2023.');
  });

  it("shows a paper's note with its authors and its links under their names, the addresses known", async () => {
    const { pages } = await render(
      sampleCvData({
        publications: groupPapers([
          paper({ id: 'linked', title: 'Zeros near the line', journal: 'Journal of Number Theory', date: '2024-03-05', note: 'Equal contribution', codeUrl: 'https://github.com/example/zeros', videoUrl: 'https://video.example.org/talk' }),
        ]),
      }),
    );
    const text = pages.join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('(Equal contribution). Zeros near the line.');
    expect(text).toMatch(/Code · Video/);
  });

  it('sets the owner in bold in the author lists, co-authors not', async () => {
    const page = await sample.pdf.getPage(1);
    const items = (await page.getTextContent()).items.filter((item): item is Extract<typeof item, { str: string }> => 'str' in item);
    const heading = items.find((item) => item.str === 'Publications');
    // The owner's name in the header and the author lists (not the footer's, in the regular face).
    const owner = items.filter((item) => [OWNER, 'A. Morgan', 'Morgan, Alex'].includes(item.str) && item.transform[5] > FOOTER_TOP);
    const coAuthor = items.find((item) => item.str.includes('Paul Erdős'));
    expect(heading).toBeDefined();
    expect(owner.length).toBeGreaterThanOrEqual(3);
    expect(coAuthor).toBeDefined();
    for (const item of owner) expect(item.fontName).toBe(heading!.fontName);
    expect(coAuthor!.fontName).not.toBe(heading!.fontName);
  });
});

describe('pages', () => {
  it('fits the sample on one to three pages and runs the large CV over many', () => {
    expect(sample.pdf.numPages).toBeGreaterThanOrEqual(1);
    expect(sample.pdf.numPages).toBeLessThanOrEqual(3);
    expect(large.pdf.numPages).toBeGreaterThanOrEqual(10);
  });

  it("puts the owner's name and 'Page n of m' at the foot of every page", () => {
    for (const document of [sample, large, letter, hostile]) {
      const total = document.pdf.numPages;
      document.pages.forEach((text, index) => {
        expect(text).toContain(`Page ${index + 1} of ${total}`);
        expect(text).toContain(OWNER);
      });
    }
  });

  it('never leaves a section or group heading as the last line of a page', async () => {
    const { items } = await extractTextItems(large.pdf);
    let headingsSeen = 0;
    items.slice(0, -1).forEach((pageItems, index) => {
      const lines = pageItems.filter((item) => item.str.trim() !== '' && item.y > FOOTER_TOP);
      headingsSeen += lines.filter((item) => HEADINGS.has(item.str.trim())).length;
      const bottom = Math.min(...lines.map((item) => item.y));
      const lastLine = lines
        .filter((item) => Math.abs(item.y - bottom) < 2)
        .map((item) => item.str.trim())
        .join(' ');
      expect(HEADINGS.has(lastLine), `page ${index + 1} ends with the heading '${lastLine}'`).toBe(false);
    });
    // The test means something only when headings fall across the pages.
    expect(headingsSeen).toBeGreaterThanOrEqual(8);
  });

  it('uses the paper size of the settings: A4 or US Letter', async () => {
    const [a4, us] = [(await sample.pdf.getPage(1)).view, (await letter.pdf.getPage(1)).view];
    expect(a4[2]).toBeCloseTo(595.28, 1);
    expect(a4[3]).toBeCloseTo(841.89, 1);
    expect(us[2]).toBeCloseTo(612, 1);
    expect(us[3]).toBeCloseTo(792, 1);
  });
});

describe('links, fonts and metadata', () => {
  it('links the DOI, arXiv, e-mail, website, profiles, projects and entries', async () => {
    const urls = await linkUrls(sample.pdf);
    expect(urls).toEqual(
      expect.arrayContaining([
        doiUrl(SAMPLE_DOI),
        arxivUrl(SAMPLE_ARXIV),
        arxivUrl('math/0601001'),
        'mailto:alex.morgan@example.com',
        'https://alex.example/',
        'https://github.com/alex-morgan-math',
        'https://orcid.org/0000-0002-1825-0097',
        'https://github.com/alex-morgan-math/zeros',
        'https://ethz.ch/medal',
        // A site path, joined to the site's address.
        'https://alex.example/blog/seminar',
      ]),
    );
  });

  it('embeds DejaVu Serif (subset TrueType) and no built-in PDF font', () => {
    const raw = rawText(sample.bytes);
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif-Bold\b/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSerif-Italic\b/);
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  });

  it('names the document, its author, subject, creator and language, and the software as its producer', async () => {
    const info = await documentInfo(sample.pdf);
    expect(info).toMatchObject({ Title: 'Alex Morgan — CV', Author: OWNER, Subject: 'Curriculum vitae of Alex Morgan', Language: 'en' });
    expect(info.Creator).toBeTruthy();
    expect(info.Producer).toBe('react-pdf');
    expect(info.CreationDate).toBe('D:20260305120000Z');
  });

  it('copies and searches as it reads, whatever was rendered before (every glyph keeps its character)', async () => {
    // Rendered after the large CV, whose 'ö', 'Š', 'ő' and scripts made fontkit meet '¨', 'ˇ', '¹', 'ⁿ', '⁺' as
    // parts of other glyphs: without lib/cv/pdf-fonts.mjs priming them, they drew right but read as nothing.
    // Ligatures ('fi' drawn as one glyph) copy as their letters, and lines still break between words.
    const data = sampleCvData({ interests: [{ title: 'Scripts ¹ ⁿ', description: 'x⁻¹ and Hⁿ and a⁺ and 10¹² and ¨ ˇ ˝ alone; Sofia, official, affine' }] });
    data.settings.sections = ['interests'];
    const { pages } = await render(data);
    expect(pages.join('\n')).toContain('Scripts ¹ ⁿ — x⁻¹ and Hⁿ and a⁺ and 10¹² and ¨ ˇ ˝ alone; Sofia, official, affine');
    const largeText = large.pages.join('\n');
    expect(largeText).toContain('Sofia Kovalevskaya');
    expect(largeText).not.toMatch(/\b1\s+0¹²/);
  });

  it('is the same file for the same content (a stable ETag)', async () => {
    expect(Buffer.from(await renderCvPdf(sampleCvData())).equals(Buffer.from(sample.bytes))).toBe(true);
  });
});

describe('hostile and empty content', () => {
  it('wraps a 2,000-character description and a 2,000-character word inside the margins', async () => {
    const text = hostile.pages.join('\n');
    expect(text).toContain('word199');
    expect(text.replace(/[^x]/g, '').length).toBeGreaterThanOrEqual(LONG_WORD.length);
    const { items } = await extractTextItems(hostile.pdf);
    for (const [index, pageItems] of items.entries()) {
      const width = (await hostile.pdf.getPage(index + 1)).view[2]!;
      for (const item of pageItems) expect(item.x + item.width, item.str.slice(0, 30)).toBeLessThanOrEqual(width - 50);
    }
  });

  it('keeps an unknown command visible and reads a title of formulas only', () => {
    const text = hostile.pages.join('\n');
    expect(text).toContain('Unknown \\foo{x} command');
    expect(text).toContain('A formula \\bar{\\foo{y}} too.');
    expect(text).toContain('ζ(s)ℝⁿ');
  });

  it('leaves out sections with nothing in them and the profiles that are not there', async () => {
    const text = hostile.pages.join('\n');
    for (const title of [CV_SECTION_TITLES.publications, CV_SECTION_TITLES.projects, CV_SECTION_TITLES.award, CV_SECTION_TITLES.talk]) expect(text).not.toContain(title);
    const urls = await linkUrls(hostile.pdf);
    expect(urls.some((url) => url.includes('github.com'))).toBe(false);
  });

  it('renders an empty CV as one valid page', async () => {
    expect(empty.pdf.numPages).toBe(1);
    expect(empty.pages[0]).toContain('Page 1 of 1');
    const info = await documentInfo(empty.pdf);
    expect(info.Title).toBe('CV');
  });

  it('renders papers of every group, drafts included, and a paper with nothing but a title', async () => {
    const { pages } = await render(
      sampleCvData({
        publications: groupPapers([
          paper({ id: 'only-title', title: '$$', authors: [], journal: '', date: '' }),
          paper({ id: 'draft', title: 'Draft on $\\zeta$', status: 'draft' }),
          paper({ id: 'many', title: 'Many authors', authors: Array.from({ length: 50 }, (_, index) => `Author Number${index} ${'Long'.repeat(40)}`) }),
        ]),
      }),
    );
    const text = pages.join('\n');
    expect(text).toContain('In preparation');
    expect(text).toContain('Draft on ζ');
    expect(text).toContain('Number49');
  });
});

describe('hyphenate (where the PDF may break a word)', () => {
  it('keeps names and identifiers whole and cuts only words no line can hold', () => {
    expect(hyphenate('Šafarevič')).toEqual(['Šafarevič']);
    expect(hyphenate('doi:10.1007/s00222-024-01234-5')).toEqual(['doi:10.1007/s00222-024-01234-5']);
    const long = 'x'.repeat(2_000);
    expect(hyphenate(long).join('')).toBe(long);
    expect(Math.max(...hyphenate(long).map((part) => part.length))).toBeLessThanOrEqual(40);
    // Cut between characters, never inside one (a surrogate pair).
    expect(hyphenate('𝔭'.repeat(50)).every((part) => !/[\uD800-\uDBFF]$/.test(part))).toBe(true);
  });
});
