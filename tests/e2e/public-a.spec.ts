import type { Page } from '@playwright/test';
import { startSite } from '../helpers/site-server';
import { expect, test } from './fixtures/site';
import { hydrated } from './fixtures/hydration';

/**
 * Streamed content first arrives in a hidden container and is revealed a moment later, so for that moment
 * it exists twice; locators that do not go through the accessibility tree must ask for the visible copy.
 */
const visible = { visible: true } as const;

/** The cards of a list, found by the ids the anchors use (uuids). */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

async function metaDescription(page: Page): Promise<string> {
  return (await page.locator('meta[name="description"]').first().getAttribute('content')) ?? '';
}

test.describe('home page', () => {
  test('Featured Projects: three cards linking to /projects#{id}, and View All Projects', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Featured Projects' });
    const cards = section.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    await expect(cards).toHaveCount(3);
    // The three seeded featured projects; Proof Flashcards is not featured.
    await expect(section).toContainText('L-function Explorer');
    await expect(section).toContainText('Cayley Graph Spectra');
    await expect(section).toContainText('Seminar Notes Archive');
    await expect(section).not.toContainText('Proof Flashcards');
    for (const link of await section.getByRole('heading', { level: 3 }).getByRole('link').all()) {
      await expect(link).toHaveAttribute('href', new RegExp(`^/projects#${UUID}$`));
    }
    await expect(section.getByRole('link', { name: 'View All Projects' })).toHaveAttribute('href', '/projects');
  });

  test('a featured project card opens its card on /projects, scrolled into view below the header', async ({ page }) => {
    await page.goto('/');
    const link = page.getByRole('region', { name: 'Featured Projects' }).getByRole('link', { name: 'Seminar Notes Archive' });
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/projects${href.slice('/projects'.length)}$`));
    const card = page.locator(`[id="${href.split('#')[1]}"]`).filter(visible);
    await expect(card).toContainText('Seminar Notes Archive');
    await expect(card).toBeInViewport();
    // Not hidden under the fixed header.
    const headerBottom = (await page.getByRole('banner').boundingBox())!.height;
    await expect.poll(async () => (await card.boundingBox())!.y).toBeGreaterThanOrEqual(headerBottom - 1);
  });

  test('Recent Articles: cards linking to /blog/{slug}, newest first, and Browse All Articles', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Recent Articles' });
    const titles = section.getByRole('heading', { level: 3 });
    await expect(titles).toHaveText([
      'A Gentle Introduction to Spectral Graph Theory',
      'Notes from My First Conference Talk',
      'Computing Zeros of the Zeta Function with Python',
    ]);
    await expect(titles.first().getByRole('link')).toHaveAttribute('href', '/blog/a-gentle-introduction-to-spectral-graph-theory');
    await expect(section).toContainText('January 15, 2026');
    await expect(section.getByRole('link', { name: 'Browse All Articles' })).toHaveAttribute('href', '/blog');
  });

  test('Research Highlights: published papers only, labelled, abstract cut at 200 with its mathematics as MathML, and no KaTeX on the home page', async ({ page }) => {
    await page.goto('/');
    const section = page.getByRole('region', { name: 'Research Highlights' });
    const titles = section.getByRole('heading', { level: 3 });
    // The sample content has one published paper; preprints, submitted papers and drafts stay off the home page.
    await expect(titles).toHaveText(['A zero-density estimate for Dirichlet L-functions in short intervals']);
    // Each highlight opens the paper's own page (issue 14; /research#{id} still lands on its card).
    await expect(titles.getByRole('link')).toHaveAttribute('href', new RegExp(`^/research/${UUID}$`));
    await expect(section.getByText('Published', { exact: true })).toBeVisible();
    await expect(section.getByText('Preprint', { exact: true })).toHaveCount(0);
    const abstract = section.locator('li').filter(visible).first();
    // The formulas are MathML, laid out by the browser: the home page loads no KaTeX stylesheet or font.
    await expect(abstract.locator('math').first()).toBeVisible();
    await expect(abstract).not.toContainText('$\\rho');
    expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('KaTeX_Main'))))).toBe(false);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('KaTeX')))).toBe(false);
    await expect(abstract).toContainText('...');
    await expect(abstract).not.toContainText('As an application');
    await expect(section.getByRole('link', { name: 'Explore All Research' })).toHaveAttribute('href', '/research');
  });

  test('Stay Updated: a required email and Subscribe, with no call made and the address kept', async ({ page }) => {
    // The page's view is counted once its scripts have loaded, after the first paint: that beacon goes first,
    // and every call after it is the form's.
    const view = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/insights/event');
    await page.goto('/');
    await view;
    const section = page.getByRole('region', { name: 'Stay Updated' });
    await expect(section.getByText('I respect your privacy. Unsubscribe at any time.')).toBeVisible();
    const email = section.getByRole('textbox', { name: 'Email address' });
    await expect(email).toHaveAttribute('required', '');

    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' || request.url().includes('email=')) calls.push(`${request.method()} ${request.url()}`);
    });
    // A stored page's JavaScript loads after its first paint: the form keeps its address once hydrated.
    await (await hydrated(section.getByRole('button', { name: 'Subscribe' }))).click();
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

    await email.fill('reader@example.org');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForTimeout(500);
    await expect(email).toHaveValue('reader@example.org');
    await expect(page).toHaveURL(/\/$/);
    expect(calls).toEqual([]);
  });

  test("the page has its own title and description from the profile, and counts its view with the site's own beacon only", async ({ page, baseURL }) => {
    const analytics: string[] = [];
    page.on('request', (request) => {
      if (/_vercel|insights|va\.vercel-scripts|analytics|gtag|plausible/.test(request.url())) analytics.push(`${request.method()} ${request.url()}`);
    });
    await page.goto('/');
    await expect(page).toHaveTitle('Alex Morgan · Mathematics PhD Student & Researcher');
    expect(await metaDescription(page)).toMatch(/^I am a third-year PhD student in analytic number theory\./);
    await page.waitForLoadState('networkidle');
    // Off Vercel, no Vercel script; the site's own script, from this site, and its beacon to this site.
    const origin = new URL(baseURL!).origin;
    expect(analytics).toEqual([`GET ${origin}/insights/script.js`, `POST ${origin}/insights/event`]);
  });
});

test.describe('/about', () => {
  test('photo, skills, biography paragraphs, Education, Work Experience and Research Interests', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveTitle('About Alex Morgan | Alex Morgan');
    expect(await metaDescription(page)).toMatch(/^I am a third-year PhD student/);

    await expect(page.getByRole('img', { name: 'Portrait of Alex Morgan' })).toBeVisible();
    const skills = page.getByRole('region', { name: 'Skills' });
    await expect(skills.getByRole('listitem')).toHaveCount(8);
    await expect(skills).toContainText('Analytic number theory');

    // The biography's three paragraphs, split on blank lines.
    const bio = page.getByRole('region', { name: 'Alex Morgan' });
    await expect(bio.locator('p')).toHaveCount(4);
    await expect(bio.locator('p').nth(1)).toHaveText(/^I am a third-year PhD student/);
    await expect(bio.locator('p').nth(3)).toHaveText(/please get in touch\.$/);

    const education = page.getByRole('region', { name: 'Education' });
    await expect(education.getByRole('heading', { level: 3 })).toHaveText([
      'PhD in Mathematics',
      'MSc in Pure Mathematics',
      'BSc in Mathematics',
    ]);
    await expect(education).toContainText('University of Edinburgh');
    await expect(education).toContainText('2023 - Present');
    await expect(education).toContainText('2022 - 2023');

    const work = page.getByRole('region', { name: 'Work Experience' });
    await expect(work.getByRole('heading', { level: 3 })).toHaveCount(3);
    await expect(work).toContainText('Graduate Teaching Assistant');

    const interests = page.getByRole('region', { name: 'Research Interests' });
    await expect(interests.getByRole('heading', { level: 3 })).toHaveText([
      'Zeros of L-functions',
      'Spectral graph theory',
      'Moments of L-functions',
    ]);
  });
});

test.describe('/experience', () => {
  test('cards with title, company, location, dates, description, Highlights and Technologies, latest first', async ({ page }) => {
    await page.goto('/experience');
    await expect(page).toHaveTitle('Experience | Alex Morgan');
    expect(await metaDescription(page)).toContain('Quantitative Research Intern at Northbridge Analytics');
    const cards = page.getByRole('article');
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText([
      'Quantitative Research Intern',
      'Graduate Teaching Assistant',
      'Undergraduate Research Assistant',
    ]);
    const teaching = cards.nth(1);
    await expect(teaching).toContainText('University of Edinburgh, School of Mathematics');
    await expect(teaching).toContainText('Edinburgh, UK');
    await expect(teaching).toContainText('September 2023 - Present');
    await expect(teaching).toContainText('Tutor for second-year analysis');
    await expect(teaching.getByRole('region', { name: 'Highlights' }).getByRole('listitem')).toHaveCount(3);
    await expect(teaching.getByRole('region', { name: 'Technologies' })).toContainText('STACK');
    await expect(cards.first()).toContainText('June 2024 - September 2024');
  });
});

test.describe('/projects', () => {
  const ALL = ['Cayley Graph Spectra', 'L-function Explorer', 'Proof Flashcards', 'Seminar Notes Archive'];

  test('every project by title, with image, technologies, and Visit Site / View Code only when present', async ({ page }) => {
    await page.goto('/projects');
    await expect(page).toHaveTitle('Projects | Alex Morgan');
    expect(await metaDescription(page)).toContain('L-function Explorer');
    const cards = page.getByRole('article');
    await expect(cards.getByRole('heading', { level: 2 })).toHaveText(ALL);
    const flashcards = cards.filter({ hasText: 'Proof Flashcards' });
    await expect(flashcards.getByRole('link', { name: 'Visit Site' })).toHaveCount(0);
    await expect(flashcards.getByRole('link', { name: 'View Code' })).toHaveAttribute('href', 'https://github.com/example/proof-flashcards');
    const notes = cards.filter({ hasText: 'Seminar Notes Archive' });
    await expect(notes.getByRole('link', { name: 'Visit Site' })).toHaveAttribute('href', 'https://example.com/seminar-notes');
    await expect(notes.getByRole('link', { name: 'View Code' })).toHaveCount(0);
    await expect(flashcards.getByRole('list', { name: 'Technologies' })).toContainText('React Native');
    await expect(flashcards.locator('img')).toHaveAttribute('src', /\/placeholder\.svg$/);
  });

  test('each category filter shows its projects, is kept in the URL and survives a reload', async ({ page }) => {
    await page.goto('/projects');
    const filters = page.getByRole('navigation', { name: 'Filter projects by category' });
    await expect(filters.getByRole('link')).toHaveText(['All Projects', 'Academic', 'Web Development', 'Mobile', 'Other']);
    const titles = page.getByRole('article').getByRole('heading', { level: 2 });
    for (const [label, value, expected] of [
      ['Academic', 'academic', ['L-function Explorer']],
      ['Web Development', 'web', ['Cayley Graph Spectra']],
      ['Mobile', 'mobile', ['Proof Flashcards']],
      ['Other', 'other', ['Seminar Notes Archive']],
    ] as const) {
      await filters.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/projects\\?category=${value}$`));
      await expect(titles).toHaveText([...expected]);
      await expect(filters.getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'true');
    }
    await page.reload();
    await expect(titles).toHaveText(['Seminar Notes Archive']);
    await filters.getByRole('link', { name: 'All Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(titles).toHaveText(ALL);
  });
});

test.describe('/research', () => {
  test('cards: status badge, month-year date, journal, abstract with mathematics, authors, links', async ({ page }) => {
    await page.goto('/research');
    await expect(page).toHaveTitle('Research | Alex Morgan');
    expect(await metaDescription(page)).toContain('Equidistribution of primes in Bohr sets');
    const cards = page.getByRole('article');
    // Newest first.
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText([
      'Equidistribution of primes in Bohr sets',
      'The fourth moment of quadratic twists of modular L-functions',
      'Spectral gaps of random Cayley graphs of SL(2, p)',
      'A zero-density estimate for Dirichlet L-functions in short intervals',
    ]);
    const statuses = cards.locator('[data-status]');
    await expect(statuses).toHaveText(['Draft', 'Submitted', 'Preprint', 'Published']);
    // Published green, Preprint blue, Submitted amber, Draft grey.
    await expect(statuses.nth(0)).toHaveClass(/text-zinc-300/);
    await expect(statuses.nth(1)).toHaveClass(/text-amber-300/);
    await expect(statuses.nth(2)).toHaveClass(/text-sky-300/);
    await expect(statuses.nth(3)).toHaveClass(/text-emerald-300/);

    const published = cards.nth(3);
    await expect(published).toContainText('June 2025');
    await expect(published).toContainText('Journal of Number Theory');
    await expect(published).toContainText('Alex Morgan, Priya Raman');
    await expect(published.getByRole('link', { name: 'View Publication' })).toHaveAttribute(
      'href',
      'https://example.com/papers/zero-density-short-intervals',
    );
    await expect(published.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      'https://example.com/papers/zero-density-short-intervals.pdf',
    );
    const preprint = cards.nth(2);
    await expect(preprint.getByRole('link', { name: 'View Publication' })).toHaveCount(1);
    await expect(preprint.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
    await expect(cards.nth(1)).toContainText('Alex Morgan, Daniel Okafor, Priya Raman');
    // Its only links lead to the paper's own page (its title, and the rest of its abstract): no publication link, no PDF.
    await expect(cards.nth(1).getByRole('link')).toHaveCount(2);
    await expect(cards.nth(1).getByRole('heading').getByRole('link')).toHaveAttribute('href', new RegExp(`^/research/${UUID}$`));
    await expect(cards.nth(1).getByRole('link', { name: /^Read the full abstract/ })).toHaveAttribute('href', new RegExp(`^/research/${UUID}#abstract-heading$`));

    // On the list a formula is MathML, laid out by the browser, never its $…$ source: the list loads no KaTeX
    // stylesheet or font, so its largest paint waits for no font (issue 32).
    const html = await (await page.request.get('/research')).text();
    // ρ = β + iγ
    expect(html).toContain('<math><mrow><mi>ρ</mi><mo>=</mo><mi>β</mi><mo>+</mo><mi>i</mi><mi>γ</mi></mrow></math>');
    expect(html).not.toContain('katex-html');
    await expect(published.locator('math').filter(visible).first()).toBeVisible();
    await expect(published).not.toContainText('$\\rho');
    expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes('KaTeX_Main'))))).toBe(false);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.includes('KaTeX')))).toBe(false);

    // The paper's own page typesets the whole abstract with KaTeX, whose fonts are served from the package through its stylesheet.
    await published.getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/research/${UUID}$`));
    await expect(page.locator('.katex-html').filter(visible).first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
    expect(await page.evaluate(() => [...document.fonts].some((font) => font.family.includes('KaTeX') && font.status === 'loaded'))).toBe(true);
  });

  test('each status filter shows its papers, is kept in the URL and survives a reload', async ({ page }) => {
    await page.goto('/research');
    const filters = page.getByRole('navigation', { name: 'Filter papers by status' });
    await expect(filters.getByRole('link')).toHaveText(['All Papers', 'Published', 'Preprints', 'Submitted', 'Draft']);
    const titles = page.getByRole('article').getByRole('heading', { level: 3 });
    for (const [label, value, expected] of [
      ['Published', 'published', 'A zero-density estimate for Dirichlet L-functions in short intervals'],
      ['Preprints', 'preprint', 'Spectral gaps of random Cayley graphs of SL(2, p)'],
      ['Submitted', 'submitted', 'The fourth moment of quadratic twists of modular L-functions'],
      ['Draft', 'draft', 'Equidistribution of primes in Bohr sets'],
    ] as const) {
      await filters.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/research/list/status/${value}$`));
      await expect(titles).toHaveText([expected]);
    }
    await page.reload();
    await expect(titles).toHaveText(['Equidistribution of primes in Bohr sets']);
    await expect(page.locator('[data-status]').filter(visible)).toHaveText(['Draft']);
  });

  test('year, topic and status filters combine in the address (a path of its own), with counts and year headings, and work without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/research');
    const titles = page.getByRole('article').getByRole('heading', { level: 3 });
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['2026', '2025']);
    const years = page.getByRole('navigation', { name: 'Filter papers by year' });
    await expect(years.getByRole('link')).toHaveText(['2026 2 papers', '2025 2 papers']);
    await years.getByRole('link', { name: /^2025 2 papers$/ }).click();
    await expect(page).toHaveURL(/\/research\/list\/year\/2025$/);
    await expect(titles).toHaveText(['Spectral gaps of random Cayley graphs of SL(2, p)', 'A zero-density estimate for Dirichlet L-functions in short intervals']);

    const topics = page.getByRole('navigation', { name: 'Filter papers by topic' });
    await topics.getByRole('link', { name: /^L-functions 1 paper$/ }).click();
    await expect(page).toHaveURL(/\/research\/list\/year\/2025\/tag\/L-functions$/);
    await expect(titles).toHaveText(['A zero-density estimate for Dirichlet L-functions in short intervals']);
    await expect(topics.getByRole('link', { name: /^L-functions/ })).toHaveAttribute('aria-current', 'true');
    await page.screenshot({ path: 'docs/screenshots/research-filtered.png', fullPage: true });

    await page.getByRole('navigation', { name: 'Filter papers by status' }).getByRole('link', { name: 'Preprints', exact: true }).click();
    await expect(page).toHaveURL(/\/research\/list\/status\/preprint\/year\/2025\/tag\/L-functions$/);
    await expect(page.getByRole('heading', { name: 'No papers found' })).toBeVisible();
    await page.getByRole('link', { name: 'Clear type, year and topic' }).click();
    await expect(page).toHaveURL(/\/research\/list\/status\/preprint$/);
    await expect(titles).toHaveText(['Spectral gaps of random Cayley graphs of SL(2, p)']);
    await context.close();
  });

  test('/research?status= and /research#{id}, the older addresses, land on the preprints and on the Preprint card', async ({ page }) => {
    // The older address of a filter takes the browser to its view.
    await page.goto('/research?status=preprint');
    await expect(page).toHaveURL(/\/research\/list\/status\/preprint$/);
    await expect(page.getByRole('article')).toHaveCount(1);
    const id = await page.getByRole('article').getAttribute('id');
    expect(id).toMatch(new RegExp(`^${UUID}$`));
    await page.goto('/');
    await page.goto(`/research#${id}`);
    const card = page.locator(`[id="${id}"]`).filter(visible);
    await expect(card).toBeInViewport();
    await expect(card.locator('[data-status]')).toHaveText('Preprint');
  });
});

test.describe('an empty site', () => {
  test('empty states: No projects found for every filter, No papers found, the four default research interests', async ({ page }) => {
    test.setTimeout(180_000);
    const empty = await startSite({ env: { SEED_SAMPLE_CONTENT: 'false' } });
    try {
      for (const query of ['', '?category=academic', '?category=web', '?category=mobile', '?category=other']) {
        await page.goto(`${empty.url}/projects${query}`);
        await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
        await expect(page.getByText('No projects match the selected filter. Try another category.').filter(visible)).toBeVisible();
      }
      await page.getByRole('link', { name: 'View All Projects' }).click();
      await expect(page).toHaveURL(`${empty.url}/projects`);
      await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();

      for (const query of ['', '?status=published', '?status=preprint', '?status=submitted', '?status=draft']) {
        await page.goto(`${empty.url}/research${query}`);
        await expect(page.getByRole('heading', { name: 'No papers found' })).toBeVisible();
      }

      await page.goto(`${empty.url}/about`);
      const interests = page.getByRole('region', { name: 'Research Interests' });
      await expect(interests.getByRole('heading', { level: 3 })).toHaveText([
        'Geometric Analysis',
        'Topological Data Analysis',
        'Computational Mathematics',
        'Mathematical Foundations of Machine Learning',
      ]);
      // Work Experience shows only when entries exist.
      await expect(page.getByRole('heading', { name: 'Work Experience' })).toHaveCount(0);
      await expect(page.getByRole('img', { name: /^Portrait of/ })).toHaveAttribute('src', /\/placeholder\.svg$/);
    } finally {
      await empty.stop();
    }
  });
});
