import fs from 'node:fs';
import path from 'node:path';

import { expect } from './fixtures/csp';
import { siteTest } from './fixtures/site';
import { SAMPLES } from '../helpers/storage-samples';
import { ADMIN, gotoAsOwner } from './fixtures/auth';
import { unique } from './fixtures/editors';

/**
 * The scholarly web: a page per paper with Google Scholar's Highwire tags, the Cite panel (BibTeX, RIS and
 * the CSL styles), /research.bib and /research.ris, the sitemap and robots.txt. The server here knows its
 * public address (SITE_URL), so the tags that must be absolute can be given.
 */
const SITE_URL = 'https://alex.example';

const test = siteTest({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SITE_URL });

/** Every meta tag of a served page, by name, in document order. */
async function metaTags(html: string): Promise<Map<string, string[]>> {
  const tags = new Map<string, string[]>();
  for (const match of html.matchAll(/<meta\s+name="([^"]+)"\s+content="([^"]*)"/g)) {
    const [, name, content] = match;
    const decoded = content!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    tags.set(name!, [...(tags.get(name!) ?? []), decoded]);
  }
  return tags;
}

test('a published paper has its own page with every Highwire tag, a Cite panel, and a place in research.bib and the sitemap; a draft has none of it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  const title = `Zeros of $\\zeta(s)$ and Gödel's primes ${id}`;
  const draftTitle = `Unfinished draft ${id}`;
  await gotoAsOwner(page, '/admin/research/edit');
  for (const [paperTitle, status] of [
    [title, 'published'],
    [draftTitle, 'draft'],
  ] as const) {
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    await page.getByLabel('Title', { exact: true }).fill(paperTitle);
    await page.getByLabel('Journal/Publication', { exact: true }).fill('Annals of Mathematics');
    await page.getByLabel('Authors (comma separated)', { exact: true }).fill('Kurt Gödel, Bernhard Riemann');
    await page.getByLabel('Date', { exact: true }).fill('2024-03-05');
    await page.getByLabel('Abstract', { exact: true }).fill('We bound $N(\\sigma, T)$.');
    await page.getByLabel('Status', { exact: true }).selectOption(status);
    if (status === 'published') {
      // A DOI is checked beside its field, and stored without its resolver address.
      const doi = page.getByLabel('DOI', { exact: true });
      await doi.fill('doi 10/abc');
      await page.getByRole('button', { name: 'Create Paper' }).click();
      await expect(page.locator('#paper-new-doi-error')).toHaveText('Enter a DOI such as 10.1007/BF01700692 (or its https://doi.org/ address), or leave it blank.');
      await expect(doi).toHaveAttribute('aria-invalid', 'true');
      await doi.fill('https://doi.org/10.4007/annals.2024.199.1');
      await page.getByLabel('arXiv ID', { exact: true }).fill('arXiv:2403.00001v2');
      await page.getByTestId('file-upload-input').setInputFiles([{ name: 'zeros.pdf', mimeType: 'application/pdf', buffer: Buffer.from(SAMPLES.pdf) }]);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(page.getByRole('link', { name: 'Current PDF' })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Create Paper' }).click();
    await expect(page.getByRole('list', { name: 'Research papers' }).getByText(paperTitle, { exact: true })).toBeVisible();
  }

  // /research links each card to the paper's page.
  await page.goto('/research');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\/research\/[0-9a-f-]{36}$/);
  const paperUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.locator('.katex').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Download PDF/ })).toBeVisible();

  const html = await (await request.get(paperUrl)).text();
  const tags = await metaTags(html);
  expect(tags.get('citation_title')).toEqual([title]);
  expect(tags.get('citation_author')).toEqual(['Kurt Gödel', 'Bernhard Riemann']);
  expect(tags.get('citation_publication_date')).toEqual(['2024/03/05']);
  expect(tags.get('citation_journal_title')).toEqual(['Annals of Mathematics']);
  expect(tags.get('citation_pdf_url')?.[0]).toMatch(new RegExp(`^${SITE_URL}/storage/research-papers/.+\\.pdf$`));
  expect(tags.get('citation_abstract_html_url')).toEqual([`${SITE_URL}${paperUrl}`]);
  expect(tags.get('citation_doi')).toEqual(['10.4007/annals.2024.199.1']);
  expect(tags.get('citation_arxiv_id')).toEqual(['2403.00001v2']);
  await expect(page.getByRole('link', { name: '10.4007/annals.2024.199.1' })).toHaveAttribute('href', 'https://doi.org/10.4007/annals.2024.199.1');
  expect(tags.get('robots')?.join() ?? '').not.toContain('noindex');
  // And a schema.org ScholarlyArticle for the same paper.
  const ld = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  expect(ld.find((item) => item['@type'] === 'ScholarlyArticle')).toMatchObject({
    name: title,
    author: [
      { '@type': 'Person', name: 'Kurt Gödel' },
      { '@type': 'Person', name: 'Bernhard Riemann' },
    ],
    datePublished: '2024-03-05',
    url: `${SITE_URL}${paperUrl}`,
  });

  // Cite: fetched when the panel opens. BibTeX with LaTeX accents and the formula as written; RIS and the
  // formatted references (official CSL styles) with the formula as readable text.
  await page.getByRole('button', { name: 'Cite' }).click();
  const cite = page.getByRole('region', { name: 'Cite this paper' });
  await expect(cite).toContainText('@article{godel2024zeros');
  await expect(cite).toContainText('author = {Kurt G{\\"o}del and Bernhard Riemann}');
  await expect(cite).toContainText('$\\zeta(s)$');
  await expect(cite).toContainText(`TI - Zeros of ζ(s) and Gödel's primes ${id}`);
  await expect(cite).toContainText('AU - Gödel, Kurt');
  await expect(cite).toContainText(`Gödel, K., & Riemann, B. (2024). Zeros of ζ(s) and Gödel’s primes ${id}. Annals of Mathematics. https://doi.org/10.4007/annals.2024.199.1`);
  await expect(cite).toContainText('Gödel, Kurt, and Bernhard Riemann. 2024. “Zeros of ζ(s) and Gödel’s Primes');
  await expect(cite).toContainText(`[1] K. Gödel and B. Riemann, “Zeros of ζ(s) and Gödel’s primes ${id},” Annals of Mathematics, Mar. 2024, doi: 10.4007/annals.2024.199.1.`);
  await expect(cite).toContainText('1. Gödel, K., Riemann, B.: Zeros of ζ(s) and Gödel’s primes');
  await expect(cite.locator('i', { hasText: 'Annals of Mathematics' }).first()).toBeVisible();
  await expect(cite.getByRole('link', { name: 'Citation Style Language' })).toHaveAttribute('href', 'https://citationstyles.org/');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await cite.getByRole('button', { name: 'Copy BibTeX' }).click();
  await expect(cite.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^@article\{godel2024zeros[a-z]?,\n  title = \{\{Zeros of \$\\zeta\(s\)\$ and G\{\\"o\}del's primes/);
  await cite.getByRole('button', { name: 'Copy RIS' }).click();
  await expect(cite.getByRole('button', { name: 'Copy BibTeX' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^TY {2}- JOUR\r?\nTI {2}- Zeros of ζ\\(s\\) and Gödel's primes ${id}\r?\n`));
  await cite.getByRole('button', { name: 'Copy APA reference' }).click();
  await expect(page.getByText('APA copied to the clipboard.')).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `Gödel, K., & Riemann, B. (2024). Zeros of ζ(s) and Gödel’s primes ${id}. Annals of Mathematics. https://doi.org/10.4007/annals.2024.199.1`,
  );
  const download = page.waitForEvent('download');
  await cite.getByRole('button', { name: 'Download .bib' }).click();
  expect((await download).suggestedFilename()).toMatch(/^godel2024zeros[a-z]?\.bib$/);
  const risDownload = page.waitForEvent('download');
  await cite.getByRole('button', { name: 'Download .ris' }).click();
  expect((await risDownload).suggestedFilename()).toMatch(/^godel2024zeros[a-z]?\.ris$/);

  // The panel's citation: JSON with an ETag, a 304 for a copy that is current.
  const citation = await request.get(`${paperUrl}/cite`);
  expect(citation.status()).toBe(200);
  expect(citation.headers()['content-type']).toContain('application/json');
  const citationJson = (await citation.json()) as { key: string; styles: { id: string }[] };
  expect(citationJson.key).toMatch(/^godel2024zeros[a-z]?$/);
  expect(citationJson.styles.map((style) => style.id)).toEqual(['apa', 'chicago', 'ieee', 'springer-mathphys']);
  const etag = citation.headers()['etag']!;
  expect((await request.get(`${paperUrl}/cite`, { headers: { 'if-none-match': etag } })).status()).toBe(304);
  expect((await request.get('/research/00000000-0000-4000-8000-000000000000/cite')).status()).toBe(404);

  // research.ris lists it too, with the formula as text.
  const ris = await request.get('/research.ris');
  expect(ris.headers()['content-type']).toContain('application/x-research-info-systems');
  expect(ris.headers()['content-disposition']).toBe('inline; filename="research.ris"');
  const risText = await ris.text();
  expect(risText).toContain(`TI  - Zeros of ζ(s) and Gödel's primes ${id}\r\n`);
  expect(risText).not.toContain(draftTitle);

  // research.bib and the sitemap list the paper; neither knows the draft.
  const bib = await request.get('/research.bib');
  expect(bib.headers()['content-type']).toContain('application/x-bibtex');
  const bibText = await bib.text();
  expect(bibText).toContain(`Gödel's primes ${id}`.replace('ö', '{\\"o}'));
  expect(bibText).not.toContain(draftTitle);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>${SITE_URL}${paperUrl}</loc>`);
  expect(sitemap).toContain(`<loc>${SITE_URL}/blog</loc>`);
  const home = await (await request.get('/')).text();
  expect(home).toContain('"@type":"Person"');
  expect(home).toContain('"@type":"WebSite"');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /admin');
  expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);

  // The draft's page exists (the Draft filter lists it) but carries no citation tags and asks not to be indexed.
  await page.goto('/research/list/status/draft');
  await page.getByRole('link', { name: draftTitle }).click();
  await expect(page).toHaveURL(/\/research\/[0-9a-f-]{36}$/);
  const draftHtml = await (await request.get(new URL(page.url()).pathname)).text();
  const draftTags = await metaTags(draftHtml);
  expect([...draftTags.keys()].filter((name) => name.startsWith('citation_'))).toEqual([]);
  expect(draftTags.get('robots')?.join()).toContain('noindex');
  expect(sitemap).not.toContain(new URL(page.url()).pathname);
  await expect(page.getByRole('button', { name: 'Cite' })).toHaveCount(0);
  expect((await request.get(`${new URL(page.url()).pathname}/cite`)).status()).toBe(404);
});

test('a .bib file imported in the research editor: preview with duplicates and unreadable entries, unticked entries left out, papers on /research with their DOI and arXiv tags', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  // The real-world file of the unit tests, each title made unique to this run.
  const bib = fs.readFileSync(path.join(process.cwd(), 'tests/fixtures/bibliography.bib'), 'utf8').replace(/(\btitle\s*=\s*\{)/g, `$1${id} `);
  await gotoAsOwner(page, '/admin/research/edit');
  await page.getByRole('button', { name: 'Import BibTeX' }).click();
  await page.getByLabel('Or choose a .bib file').setInputFiles({ name: 'bibliography.bib', mimeType: 'text/x-bibtex', buffer: Buffer.from(bib) });
  await expect(page.getByLabel('BibTeX', { exact: true })).toHaveValue(/@article\{Goedel1931/);
  await page.getByRole('button', { name: 'Preview' }).click();

  const entries = page.getByRole('list', { name: 'Entries to import' });
  await expect(entries.locator('[data-bibtex-entry]')).toHaveCount(7);
  const problems = page.getByRole('list', { name: 'Entries that cannot be imported' });
  await expect(problems).toContainText('broken: It could not be read');
  await expect(problems).toContainText('noyear: It has no year.');
  // The repeat of Gödel's paper is flagged and cannot be ticked; the rest start ticked.
  const again = entries.locator('[data-bibtex-entry="goedel-again"]');
  await expect(again).toContainText('Duplicate, not imported: The same paper as Goedel1931, earlier in this file.');
  await expect(again.getByRole('checkbox')).toBeDisabled();
  const goedel = entries.locator('[data-bibtex-entry="Goedel1931"]');
  await expect(goedel).toContainText('10.1007/BF01700692');
  await expect(goedel).toContainText('Monatshefte für Mathematik und Physik');
  await expect(entries.locator('[data-bibtex-entry="morgan2024zeros"]')).toContainText('Preprint');
  // Leave the thesis out.
  await entries.locator('[data-bibtex-entry="morgan-thesis"]').getByRole('checkbox').uncheck();
  await page.getByRole('button', { name: 'Import 5 papers' }).click();
  await expect(page.getByText('Imported 5 papers')).toBeVisible();
  const list = page.getByRole('list', { name: 'Research papers' });
  await expect(list.getByText(`${id} Über formal unentscheidbare Sätze der Principia Mathematica und verwandter Systeme I`, { exact: true })).toBeVisible();

  // The same file again: everything imported is now flagged as on the site.
  await page.getByRole('button', { name: 'Import BibTeX' }).click();
  await page.getByLabel('BibTeX', { exact: true }).fill(bib);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(entries.locator('[data-bibtex-entry="erdos1949"]')).toContainText('A paper with this DOI is already on the site.');
  await expect(entries.locator('[data-bibtex-entry="morgan2024zeros"]')).toContainText('A paper with this title is already on the site.');
  await expect(entries.locator('[data-bibtex-entry="morgan-thesis"] input')).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Import 1 paper' })).toBeVisible();

  // On the public site at once (in its year's view: /research shows a page of the newest), with mathematics
  // typeset and the identifiers in the Highwire tags.
  await page.goto('/research/list/year/2024');
  await expect(page.getByRole('link', { name: new RegExp(`^${id} Primes in short intervals`) })).toBeVisible();
  // The thesis left out (2027) is on no page.
  expect(await (await request.get('/research/list/year/2027')).text()).not.toContain(`${id} Arithmetic progressions`);
  await page.getByRole('link', { name: new RegExp(`^${id} Primes in short intervals`) }).click();
  await expect(page).toHaveURL(/\/research\/[0-9a-f-]{36}$/);
  await expect(page.locator('.katex').first()).toBeVisible();
  await expect(page.getByRole('link', { name: '2403.01234' })).toHaveAttribute('href', 'https://arxiv.org/abs/2403.01234');
  const preprint = await metaTags(await (await request.get(new URL(page.url()).pathname)).text());
  expect(preprint.get('citation_arxiv_id')).toEqual(['2403.01234']);
  expect(preprint.get('citation_author')).toEqual(['Alex Morgan', 'Eduard Čech']);
  await page.goto('/research/list/year/1931');
  await page.getByRole('link', { name: new RegExp(`^${id} Über formal`) }).click();
  await expect(page).toHaveURL(/\/research\/[0-9a-f-]{36}$/);
  const article = await metaTags(await (await request.get(new URL(page.url()).pathname)).text());
  expect(article.get('citation_doi')).toEqual(['10.1007/BF01700692']);
  expect(article.get('citation_publication_date')).toEqual(['1931/01/01']);
  const file = await (await request.get('/research.bib')).text();
  expect(file).toContain('doi = {10.1007/BF01700692}');
  expect(file).toContain('eprint = {2403.01234}');
});
