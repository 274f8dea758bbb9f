import type { Page } from '@playwright/test';
import { SAMPLES } from '../helpers/storage-samples';
import { expect, test } from './fixtures/auth';
import {
  card as cardIn,
  confirmDialog,
  dashboardCount,
  expand as expandIn,
  expectFieldErrors,
  failServerActions,
  openEditor as openEditorAt,
  publicText,
  toast,
  unique,
} from './fixtures/editors';

const EDITOR = '/admin/research/edit';
const card = (page: Page, title: string) => cardIn(page, 'Research papers', title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Research Papers Management', 'All Papers');

test.describe('admin Research Papers editor', () => {
  test('create a published paper with a formula and a PDF, edit every field, delete it; /research, its page, /, the sitemap and the dashboard count follow on the next request', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = unique();
    const title = `On the zeros of L-functions ${id}`;
    await openEditor(page);
    const countBefore = await dashboardCount(page, 'research');
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    const today = new Date();
    const todayText = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(todayText);
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('published');

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Journal/Publication', { exact: true }).fill('Annals of Mathematics');
    await page.getByLabel('Authors (comma separated)', { exact: true }).fill(' Ada Lovelace, , Bernhard Riemann ');
    await page.getByLabel('Abstract', { exact: true }).fill('We bound $\\zeta(s)$ on the line $\\Re(s) = \\tfrac12$.');
    // The live preview typesets the formula with the public renderer.
    await expect(page.getByRole('region', { name: 'Abstract preview' }).locator('.katex').first()).toBeVisible();
    await page.getByLabel('Link', { exact: true }).fill('https://arxiv.org/abs/2401.00001');
    await page.getByLabel('Tags (comma separated)', { exact: true }).fill('number theory, , zeta');
    await page.getByTestId('file-upload-input').setInputFiles([{ name: 'paper.pdf', mimeType: 'application/pdf', buffer: Buffer.from(SAMPLES.pdf) }]);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Successfully uploaded 1 file(s).')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Current PDF' })).toHaveAttribute('href', /^\/storage\/research-papers\/.+\.pdf$/);
    await page.getByRole('button', { name: 'Create Paper' }).click();
    await expect(toast(page, 'Research paper created successfully')).toBeVisible();

    // The list shows it, selected, with its read view; the authors and tags were split and cleaned.
    await expect(card(page, title)).toContainText('Annals of Mathematics');
    await expect(card(page, title)).toContainText('Ada Lovelace, Bernhard Riemann');
    await expect(card(page, title).getByText('zeta', { exact: true })).toBeVisible();
    await expect(card(page, title).locator('.katex').first()).toBeVisible();
    // The create form was reset.
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('published');
    await page.getByRole('tab', { name: 'All Papers' }).click();

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto('/research');
    const article = reader.getByRole('article').filter({ has: reader.getByRole('heading', { name: title }) });
    await expect(article).toContainText('Ada Lovelace');
    // The list draws the abstract's formulas as MathML (the paper's own page typesets them with KaTeX).
    await expect(article.locator('math').first()).toBeVisible();
    await expect(article.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', /^\/storage\/research-papers\//);
    const paperId = await article.getAttribute('id');
    expect(paperId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await publicText(visitor.request, '/sitemap.xml')).toContain(`/research/${paperId}</loc>`);
    expect(await dashboardCount(page, 'research')).toBe(countBefore + 1);
    await reader.goto('/');
    await expect(reader.getByText(title)).toBeVisible();

    // Edit every field; a preprint leaves the home page (it shows published papers); edit mode closes after the update.
    const edited = { title: `${title}, revised`, journal: `Inventiones ${id}`, tag: `analytic-${id}` };
    await card(page, title).getByRole('button', { name: /^Edit/ }).click();
    const form = card(page, title);
    await form.getByLabel('Title', { exact: true }).fill(edited.title);
    await form.getByLabel('Journal/Publication', { exact: true }).fill(edited.journal);
    await form.getByLabel('Authors (comma separated)', { exact: true }).fill('Sophie Germain, Emmy Noether');
    await form.getByLabel('Date', { exact: true }).fill('2021-03-15');
    await form.getByLabel('Status', { exact: true }).selectOption('preprint');
    await form.getByLabel('Abstract', { exact: true }).fill(`A revised abstract ${id} with $x^2$.`);
    await form.getByLabel('Link', { exact: true }).fill('https://example.org/revised');
    await form.getByLabel('DOI', { exact: true }).fill('https://doi.org/10.1007/BF01700692');
    await form.getByLabel('arXiv ID', { exact: true }).fill('arXiv:2403.01234');
    await form.getByRole('button', { name: 'Remove PDF' }).click();
    await form.getByLabel('Tags (comma separated)', { exact: true }).fill(`analysis, ${edited.tag}`);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Research paper updated successfully')).toBeVisible();
    await expect(card(page, title).getByLabel('Status', { exact: true })).toHaveCount(0);
    await expect(card(page, edited.title)).toContainText('Preprint');
    await expect(card(page, edited.title)).toContainText('Sophie Germain, Emmy Noether');

    // Dated 2021 now, it is in its year's view (/research's first page holds the newest, the worker's other tests' too).
    await reader.goto('/research/list/year/2021');
    const revised = reader.getByRole('article').filter({ has: reader.getByRole('heading', { name: edited.title }) });
    await expect(revised).toContainText('Preprint');
    await expect(revised).toContainText('March 2021');
    await expect(revised).toContainText(edited.journal);
    await expect(revised).toContainText('Sophie Germain, Emmy Noether');
    await expect(revised).toContainText(`A revised abstract ${id}`);
    await expect(revised.getByRole('link', { name: /View Publication/ })).toHaveAttribute('href', 'https://example.org/revised');
    await expect(revised.getByRole('link', { name: /Download PDF/ })).toHaveCount(0);
    await reader.goto(`/research/${paperId}`);
    await expect(reader.getByRole('heading', { name: edited.title, level: 1 })).toBeVisible();
    await expect(reader.getByText(edited.tag, { exact: true })).toBeVisible();
    await expect(reader.locator('meta[name="citation_doi"]')).toHaveAttribute('content', '10.1007/BF01700692');
    await expect(reader.locator('meta[name="citation_arxiv_id"]')).toHaveAttribute('content', '2403.01234');
    await reader.goto('/');
    await expect(reader.getByText(edited.title)).toHaveCount(0);

    // Delete asks first; the paper leaves /research, its page, the sitemap and the dashboard count.
    await card(page, edited.title).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(toast(page, 'Research paper deleted successfully')).toBeVisible();
    await expect(card(page, edited.title)).toHaveCount(0);
    await reader.goto('/research/list/year/2021');
    await expect(reader.getByRole('heading', { name: edited.title })).toHaveCount(0);
    await reader.goto(`/research/${paperId}`);
    await expect(reader.getByRole('heading', { name: 'Paper not found', level: 1 })).toBeVisible();
    expect(await publicText(visitor.request, '/sitemap.xml')).not.toContain(`/research/${paperId}</loc>`);
    expect(await dashboardCount(page, 'research')).toBe(countBefore);
    await visitor.close();
  });

  test('required fields and the link, DOI, arXiv and date formats are refused with messages beside the fields, keeping what was typed', async ({ page }) => {
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    const field = (label: string) => page.getByLabel(label, { exact: true });

    // The three required fields, refused together with the message of docs/product.md §5, each saying what it needs.
    await page.getByRole('button', { name: 'Create Paper' }).click();
    await expect(toast(page, 'Error')).toBeVisible();
    await expect(toast(page, 'Validation Error: Title, authors, and journal are required.')).toBeVisible();
    await expectFieldErrors(page, {
      Title: 'Enter the title.',
      'Journal/Publication': 'Enter the journal or publication.',
      'Authors (comma separated)': 'Enter at least one author.',
    });

    await field('Title').fill(`Formats ${unique()}`);
    await field('Journal/Publication').fill('Journal of Formats');
    await field('Authors (comma separated)').fill('A. Author');
    await field('Date').fill('');
    await field('Link').fill('ftp://example.org/paper');
    await field('DOI').fill('not a doi');
    await field('arXiv ID').fill('yesterday');
    await page.getByRole('button', { name: 'Create Paper' }).click();
    await expectFieldErrors(page, {
      Date: 'Choose a date.',
      Link: 'Enter a full http:// or https:// address, or leave it blank.',
      DOI: 'Enter a DOI such as 10.1007/BF01700692 (or its https://doi.org/ address), or leave it blank.',
      'arXiv ID': 'Enter an arXiv identifier such as 2403.01234 or math/0601001, or leave it blank.',
    });
    await expect(field('Title')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field('Link')).toHaveValue('ftp://example.org/paper');
    await expect(field('DOI')).toHaveValue('not a doi');
    await page.getByRole('button', { name: 'Clear' }).click();
  });

  test("a paper's type decides its fields: a book chapter with its book, editors, pages, ISBN, note and code reaches its card, its page, Google Scholar and, selected, the home page; a wrong ISBN is refused beside the field, keeping the form", async ({
    page,
    request,
  }) => {
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    // A journal article's fields first; a chapter has a book title, editors and an ISBN, and no volume or issue.
    await expect(field('Type')).toHaveValue('article');
    await expect(field('Volume')).toBeVisible();
    await field('Type').selectOption({ label: 'Book chapter' });
    await expect(field('Journal/Publication')).toHaveCount(0);
    await expect(field('Volume')).toHaveCount(0);
    await expect(field('Issue')).toHaveCount(0);

    const title = `Zeros near the critical line ${unique()}`;
    await field('Title').fill(title);
    await field('Book title').fill('Analytic Number Theory');
    await field('Authors (comma separated)').fill('Ada Lovelace');
    await field('Editors (comma separated)').fill('G. H. Hardy, J. E. Littlewood');
    await field('Pages').fill('101-140');
    await field('Publisher').fill('Cambridge University Press');
    await field('Note').fill('Authors in alphabetical order');
    // Each link offers the files of the media library's research-papers folder.
    await expect(field('Slides')).toHaveAttribute('list', 'research-paper-files');
    for (const option of await page.locator('datalist#research-paper-files option').all()) {
      await expect(option).toHaveAttribute('value', /^\/storage\/research-papers\/[^/]+\.pdf$/);
    }
    await field('Code').fill('https://github.com/example/zeros');
    await page.getByRole('checkbox', { name: /^Selected/ }).check();
    await field('ISBN').fill('978-3-16-148410-1');
    await page.getByRole('button', { name: 'Create Paper' }).click();
    await expectFieldErrors(page, { ISBN: 'Enter an ISBN of 10 or 13 digits whose check digit matches, or leave it blank.' });
    await expect(field('Editors (comma separated)')).toHaveValue('G. H. Hardy, J. E. Littlewood');
    await field('ISBN').fill('978-3-16-148410-0');
    await page.getByRole('button', { name: 'Create Paper' }).click();
    await expect(toast(page, 'Research paper created successfully')).toBeVisible();
    const venue = 'In Analytic Number Theory, pp. 101–140, Cambridge University Press';
    await expect(card(page, title)).toContainText(venue);

    // The visitor's list and page say what it is and where; Scholar gets the chapter's book, pages and ISBN.
    const list = await publicText(request, '/research');
    expect(list).toContain('Book chapter');
    expect(list).toContain(venue);
    // Its title links to its page.
    const paperId = new RegExp(`href="/research/([0-9a-f-]{36})">${title}<`).exec(list)?.[1];
    expect(paperId).toMatch(/^[0-9a-f-]{36}$/);
    const html = await publicText(request, `/research/${paperId}`);
    for (const [name, content] of [
      ['citation_inbook_title', 'Analytic Number Theory'],
      ['citation_firstpage', '101'],
      ['citation_lastpage', '140'],
      ['citation_isbn', '978-3-16-148410-0'],
      ['citation_publisher', 'Cambridge University Press'],
    ]) {
      expect(html, name).toContain(`<meta name="${name}" content="${content}"/>`);
    }
    expect(html).toContain('"@type":"Chapter"');
    expect(html).toContain('(Authors in alphabetical order)');
    expect(html).toMatch(/<a[^>]*href="https:\/\/github.com\/example\/zeros"[^>]*>.*?Code/s);
    // For docs/screenshots: the paper's page with its venue, note and links.
    const reader = await page.context().newPage();
    await reader.goto(`/research/${paperId}`);
    await reader.screenshot({ path: 'docs/screenshots/research-paper-links.png' });
    await reader.close();
    // Selected: the home page lists it under Selected Publications, a section it has only when a paper is selected.
    const home = await publicText(request, '/');
    expect(home).toContain('Selected Publications');
    expect(home).toContain(title);

    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(toast(page, 'Research paper deleted successfully')).toBeVisible();
    expect(await publicText(request, '/')).not.toContain('Selected Publications');
  });

  const submitsTwice: [string, (page: Page) => Promise<void>, { offlineFirst: boolean }][] = [
    [
      'a save while the network fails keeps the paper as typed and says so; a double click on Create Paper then',
      (page) => page.getByRole('button', { name: 'Create Paper' }).dblclick(),
      { offlineFirst: true },
    ],
    [
      // Both before React re-renders, so the button is not yet disabled for the second (as Enter in a field and a click can).
      'two submits of the create form in the same moment',
      (page) =>
        page
          .getByRole('region', { name: 'New research paper' })
          .locator('form')
          .evaluate((form: HTMLFormElement) => {
            form.requestSubmit();
            form.requestSubmit();
          }),
      { offlineFirst: false },
    ],
  ];
  for (const [how, submitTwice, { offlineFirst }] of submitsTwice) {
    test(`${how}: one paper is stored`, async ({ page }) => {
      const title = `Submitted twice ${unique()}`;
      await openEditor(page);
      const countBefore = await dashboardCount(page, 'research');
      await page.getByRole('tab', { name: 'Create New Paper' }).click();
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Journal/Publication', { exact: true }).fill('Journal of Haste');
      await page.getByLabel('Authors (comma separated)', { exact: true }).fill('A. Author, B. Author');
      if (offlineFirst) {
        const restore = await failServerActions(page);
        await page.getByRole('button', { name: 'Create Paper' }).click();
        await expect(toast(page, 'Error')).toBeVisible();
        await expect(toast(page, 'Failed to save research paper: the server could not be reached. Your changes are kept here; please try again.')).toBeVisible();
        await expect(page.getByRole('tab', { name: 'Create New Paper' })).toHaveAttribute('aria-selected', 'true');
        await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
        await expect(page.getByLabel('Journal/Publication', { exact: true })).toHaveValue('Journal of Haste');
        await expect(page.getByLabel('Authors (comma separated)', { exact: true })).toHaveValue('A. Author, B. Author');
        await expect(page.getByRole('button', { name: 'Create Paper' })).toBeEnabled();
        await restore();
      }
      await submitTwice(page);
      await expect(toast(page, 'Research paper created successfully')).toBeVisible();
      // What the server stored, read back.
      await page.reload();
      await expect(card(page, title)).toHaveCount(1);
      expect(await dashboardCount(page, 'research')).toBe(countBefore + 1);
      await card(page, title).getByRole('button', { name: title }).click();
      await card(page, title).getByRole('button', { name: 'Delete' }).click();
      await confirmDialog(page);
      await expect(toast(page, 'Research paper deleted successfully')).toBeVisible();
    });
  }

  test('a typed paper survives a reload as a draft', async ({ page }) => {
    const title = `Draft paper ${unique()}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Abstract', { exact: true }).fill('Half-written $x^2');
    // Reloaded once the page shows what was typed, as an admin would.
    await expect(page.getByLabel('Abstract', { exact: true })).toHaveValue('Half-written $x^2');
    await page.reload();
    await expect(page.getByText(/Unsaved changes from .* were restored\./)).toBeVisible();
    await page.getByRole('tab', { name: 'Create New Paper' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Abstract', { exact: true })).toHaveValue('Half-written $x^2');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  });
});

test.describe('admin Co-authors', () => {
  test('co-authors added in the admin link their names on the research pages, by homepage or else ORCID record; a removed one is a name again', async ({
    page,
    request,
  }) => {
    const card = (name: string) => cardIn(page, 'Co-authors', name);
    await openEditorAt(page, '/admin/research/coauthors', 'Edit Co-authors', 'All Co-authors');
    const add = async (name: string, fields: Record<string, string>) => {
      await page.getByRole('tab', { name: 'Create New Co-author' }).click();
      await page.getByLabel('Name', { exact: true }).fill(name);
      for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('button', { name: 'Add New Co-author' }).last().click();
    };
    // As the sample papers write them: 'Priya Raman' matches 'P. Raman'; Daniel Okafor has only an ORCID iD.
    await add('P. Raman', { Homepage: 'https://example.org/priya' });
    await add('Daniel Okafor', { 'ORCID iD': 'https://orcid.org/0000-0002-1825-0097' });
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    // Closed, so that the second save's toast is the only one (a 4-second toast outlived the steps between in CI).
    await page.locator('[data-sonner-toast]').filter({ has: page.getByText('Changes saved', { exact: true }) }).getByRole('button', { name: 'Close toast' }).click();
    await expect(toast(page, 'Changes saved')).toHaveCount(0);

    // The sample paper by both (tagged 'moments'), in its view: /research's first page may hold other tests' papers.
    const view = '/research/list/tag/moments';
    const html = await publicText(request, view);
    expect(html).toMatch(/<a href="https:\/\/example\.org\/priya"[^>]*>Priya Raman<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/orcid\.org\/0000-0002-1825-0097"[^>]*>Daniel Okafor<\/a>/);

    for (const name of ['P. Raman', 'Daniel Okafor']) {
      await expandIn(page, 'Co-authors', name);
      await card(name).getByRole('button', { name: 'Delete' }).click();
    }
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    const after = await publicText(request, view);
    expect(after).not.toContain('https://example.org/priya');
    expect(after).not.toMatch(/<a [^>]*>Priya Raman<\/a>/);
    expect(after).toContain('Priya Raman');
  });
});
