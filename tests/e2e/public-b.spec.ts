import { test, expect } from './fixtures/site';
import { hydrated } from './fixtures/hydration';
import type { Locator, Page } from '@playwright/test';

/** Seed data (supabase/seed.sql): four blog posts, three personal posts (one of each type). */
const PRIME = 'Why the Prime Number Theorem Still Surprises Me';
const ZETA = 'Computing Zeros of the Zeta Function with Python';
const TALK = 'Notes from My First Conference Talk';
const SPECTRAL = 'A Gentle Introduction to Spectral Graph Theory';

const ALL_TAGS = [
  'academia',
  'analysis',
  'computation',
  'expository',
  'linear algebra',
  'number theory',
  'phd life',
  'python',
  'spectral graph theory',
];

// :visible: Next.js keeps recently visited pages mounted but hidden (React Activity), so a page left
// behind by a client-side navigation is still in the DOM.
const cards = (page: Page): Locator => page.locator('main article:visible');
const mainArticle = (page: Page): Locator => page.locator('main article:visible').first();
const tagFilter = (page: Page, name: string): Locator =>
  page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name, exact: true });
// By role, as a visitor meets it: while the page streams, a copy of the list not yet swapped in may sit in
// a hidden part of the document, which a placeholder query would also match.
const search = (page: Page): Locator => page.getByRole('searchbox', { name: 'Search articles' });

async function expectTitles(page: Page, titles: string[]): Promise<void> {
  await expect(cards(page).getByRole('heading')).toHaveText(titles);
}

test.describe('/blog', () => {
  test('shows the search box, All plus every distinct tag sorted alphabetically, and a card per article', async ({ page }) => {
    await page.goto('/blog');
    await expect(page).toHaveTitle(/^Blog \| /);
    await expect(search(page)).toBeVisible();
    await expect(search(page)).toHaveAttribute('placeholder', 'Search articles...');
    await expect(page.getByRole('group', { name: 'Filter by tag' }).getByRole('button')).toHaveText(['All', ...ALL_TAGS]);
    await expect(tagFilter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    // Newest first.
    await expectTitles(page, [SPECTRAL, TALK, ZETA, PRIME]);
    const prime = cards(page).filter({ hasText: PRIME });
    await expect(prime.getByText('March 14, 2025')).toBeVisible();
    await expect(prime.getByText('A theorem every student meets')).toBeVisible();
    await expect(prime.getByRole('button', { name: 'analysis' })).toBeVisible();
    await expect(prime.getByRole('img')).toHaveCount(0); // the cover is decorative: alt=""
    await expect(prime.locator('img')).toHaveAttribute('src', /placeholder\.svg/);
    // A post without a cover image shows the placeholder.
    await expect(cards(page).filter({ hasText: TALK }).locator('img')).toHaveAttribute('src', /placeholder\.svg/);
    // A client-side navigation (the page is not loaded anew): the body comes packed in the payload and is
    // unpacked in the browser (lib/markup/html-fragment.ts), formulas typeset.
    // A stored page loads its JavaScript after its first paint: the click navigates in place once React has hydrated the link.
    const readArticle = await hydrated(prime.getByRole('link', { name: /Read Article/ }));
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    await readArticle.click();
    await expect(page).toHaveURL(/\/blog\/why-the-prime-number-theorem-still-surprises-me$/);
    await expect(page.getByRole('heading', { level: 1, name: PRIME })).toBeVisible();
    const article = mainArticle(page);
    await expect(article.getByRole('heading', { name: 'From primes to zeros' })).toBeVisible();
    await expect(article.locator('.katex-display')).toHaveCount(2);
    await expect(article.locator('.katex-display').first()).toBeVisible();
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  });

  test('search matches title or excerpt, case-insensitive, and combines with the tag filter', async ({ page }) => {
    await page.goto('/blog');
    await expectTitles(page, [SPECTRAL, TALK, ZETA, PRIME]);

    // 'ZETA' is in one title and in another post's excerpt. (A stored page's JavaScript loads after its first
    // paint: the explorer filters once hydrated.)
    await (await hydrated(search(page))).fill('ZETA');
    await expectTitles(page, [ZETA, PRIME]);

    await tagFilter(page, 'expository').click();
    await expect(tagFilter(page, 'expository')).toHaveAttribute('aria-pressed', 'true');
    await expectTitles(page, [PRIME]);

    // The tag alone narrows too.
    await search(page).fill('');
    await expectTitles(page, [SPECTRAL, PRIME]);

    await search(page).fill('conference');
    await expect(page.getByText('No articles found')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(search(page)).toHaveValue('');
    await expect(tagFilter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
    await expectTitles(page, [SPECTRAL, TALK, ZETA, PRIME]);
    await expect(page).toHaveURL(/\/blog$/);
  });

  test('the filter lives in the URL and survives a reload', async ({ page }) => {
    await page.goto('/blog');
    await (await hydrated(search(page))).fill('zeros');
    await tagFilter(page, 'python').click();
    await expect(page).toHaveURL(/\/blog\?q=zeros&tag=python$/);

    await page.reload();
    await expect(search(page)).toHaveValue('zeros');
    await expect(tagFilter(page, 'python')).toHaveAttribute('aria-pressed', 'true');
    await expectTitles(page, [ZETA]);

    // A shared link opens with the same filter, spaces and all.
    await page.goto('/blog?tag=number%20theory&q=talk');
    await expect(tagFilter(page, 'number theory')).toHaveAttribute('aria-pressed', 'true');
    await expect(search(page)).toHaveValue('talk');
    await expectTitles(page, [TALK]);
  });

  test('clicking a tag on a card selects it as the filter', async ({ page }) => {
    await page.goto('/blog');
    await (await hydrated(cards(page).filter({ hasText: TALK }).getByRole('button', { name: 'academia' }))).click();
    await expect(tagFilter(page, 'academia')).toHaveAttribute('aria-pressed', 'true');
    await expectTitles(page, [TALK]);
    await expect(page).toHaveURL(/\/blog\?tag=academia$/);
  });
});

test.describe('/blog/{slug}', () => {
  test('shows back link, title, long date, tag links, cover, rendered body and related articles', async ({ page }) => {
    await page.goto('/blog/why-the-prime-number-theorem-still-surprises-me');
    await expect(page).toHaveTitle(new RegExp(`^${PRIME} \\| `));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^A theorem every student meets/);
    await expect(page.getByRole('heading', { level: 1, name: PRIME })).toBeVisible();
    const article = mainArticle(page);
    await expect(article.getByText('March 14, 2025')).toBeVisible();

    const tags = article.getByRole('list', { name: 'Tags' }).getByRole('link');
    await expect(tags).toHaveText(['number theory', 'analysis', 'expository']);
    await expect(tags.first()).toHaveAttribute('href', '/blog?tag=number%20theory');

    // Markup: headings, lists, and the formulas as KaTeX.
    await expect(article.getByRole('heading', { name: 'From primes to zeros' })).toBeVisible();
    await expect(article.locator('.katex').first()).toBeVisible();
    // Its two display formulas ('$$' on lines of their own) are typeset as blocks, not inside a sentence.
    await expect(article.locator('.katex-display')).toHaveCount(2);
    await expect(article.locator('.katex-display').first()).toBeVisible();
    await expect(article.locator('p .katex-display')).toHaveCount(0);
    // No dollar-delimited source is left over as text.
    await expect(article.getByText('$')).toHaveCount(0);
    // The page's HTML holds the body once: the payload React hydrates from carries it packed, not a second copy.
    const html = await (await page.request.get('/blog/why-the-prime-number-theorem-still-surprises-me')).text();
    expect(html.split('katex-display').length - 1).toBe(2);

    // Up to 2 other posts sharing a tag, newest first.
    const related = page.getByRole('region', { name: 'Related Articles' });
    await expect(related.getByRole('heading', { level: 3 })).toHaveText([SPECTRAL, TALK]);

    await page.getByRole('link', { name: 'Back to blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards(page)).toHaveCount(4);
  });

  test("a post's blocks far below the first screen are laid out only as they near it, and are found and read all the same", async ({ page }) => {
    // A phone-wide, short screen: the sample post runs to several of them (Chromium lays out what is within
    // about two and a half screens of the top at first).
    await page.setViewportSize({ width: 412, height: 400 });
    await page.goto('/blog/computing-zeros-of-the-zeta-function-with-python');
    const blocks = mainArticle(page).locator('.post-body > *');
    // Whether what is inside a block is laid out: checkVisibility says so when asked about content-visibility.
    const laidOut = (block: Locator) => block.evaluate((element) => element.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }));
    // Each block with elements: whether it is laid out, read before anything asks for a position (which lays a
    // block out), and how far down it starts, in screens.
    const found = await blocks.evaluateAll((elements) => {
      const laid = elements.map((element) => element.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }));
      return elements.flatMap((element, index) =>
        element.firstElementChild ? [{ index, laidOut: laid[index], screens: element.getBoundingClientRect().top / window.innerHeight }] : [],
      );
    });
    expect(found[0]?.laidOut).toBe(true);
    const far = found.find(({ screens }) => screens > 3);
    expect(far?.laidOut).toBe(false);
    // Its text is in the page and in the accessibility tree, for find-in-page and screen readers alike.
    const block = blocks.nth(far!.index);
    const text = (await block.textContent())!.replace(/\s+/g, ' ').trim();
    expect(text.length).toBeGreaterThan(10);
    expect(await page.locator('main').ariaSnapshot()).toContain(text.slice(0, 10));
    // Scrolled to, it is laid out and shown.
    await block.scrollIntoViewIfNeeded();
    await expect.poll(() => laidOut(block)).toBe(true);
    await expect(block).toBeInViewport();
  });

  test('a tag link opens /blog filtered by that tag', async ({ page }) => {
    await page.goto('/blog/computing-zeros-of-the-zeta-function-with-python');
    await mainArticle(page).getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'python' }).click();
    await expect(page).toHaveURL(/\/blog\?tag=python$/);
    await expect(tagFilter(page, 'python')).toHaveAttribute('aria-pressed', 'true');
    await expectTitles(page, [ZETA]);
  });

  test('renders fenced code blocks and numbered lists', async ({ page }) => {
    await page.goto('/blog/computing-zeros-of-the-zeta-function-with-python');
    const article = mainArticle(page);
    await expect(article.locator('pre code')).toContainText('def zeros_up_to(t_max, step=0.1):');
    await expect(article.locator('ol > li')).toHaveCount(3);
  });

  test('an unknown slug redirects to /blog', async ({ page }) => {
    await page.goto('/blog/no-such-article');
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards(page)).toHaveCount(4);
  });
});

test.describe('/personal', () => {
  test('lists posts newest first with date, type badge, preview, images and Read Full Post', async ({ page }) => {
    await page.goto('/personal');
    await expect(page).toHaveTitle(/^Personal \| /);
    await expect(cards(page).getByRole('heading')).toHaveText([
      'On Asking Naive Questions',
      'Third Year, First Week',
      "Hiking Arthur's Seat Before a Deadline",
    ]);
    const hiking = cards(page).filter({ hasText: 'Hiking' });
    await expect(hiking.getByText('May 18, 2025')).toBeVisible();
    await expect(hiking.getByText('Story', { exact: true })).toBeVisible();
    // The preview is text: the first paragraph plus an ellipsis, no markup.
    await expect(hiking.getByText(/^The night before a submission deadline .*Arthur's Seat instead\.\.\.$/)).toBeVisible();
    await expect(hiking.getByRole('img')).toHaveCount(2);
    await expect(hiking.getByRole('link', { name: /Read Full Post/ })).toHaveAttribute('href', /^\/personal\/[0-9a-f-]{36}$/);
  });

  test('filters by type through the URL: All Posts, Stories, Updates, Thoughts', async ({ page }) => {
    await page.goto('/personal');
    const filters = page.getByRole('navigation', { name: 'Filter posts by type' });
    await expect(filters.getByRole('link')).toHaveText(['All Posts', 'Stories', 'Updates', 'Thoughts']);
    await filters.getByRole('link', { name: 'Updates' }).click();
    await expect(page).toHaveURL(/\/personal\?type=update$/);
    await expect(cards(page).getByRole('heading')).toHaveText(['Third Year, First Week']);
    await filters.getByRole('link', { name: 'Thoughts' }).click();
    await expect(cards(page).getByRole('heading')).toHaveText(['On Asking Naive Questions']);
    await page.reload();
    await expect(filters.getByRole('link', { name: 'Thoughts' })).toHaveAttribute('aria-current', 'true');
    await filters.getByRole('link', { name: 'All Posts' }).click();
    await expect(cards(page)).toHaveCount(3);
  });

  test('a post shows back button, title, date, type badge, its HTML content and images', async ({ page }) => {
    await page.goto('/personal');
    await cards(page).filter({ hasText: 'Third Year' }).getByRole('link', { name: /Read Full Post/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Third Year, First Week' })).toBeVisible();
    await expect(page).toHaveTitle(/^Third Year, First Week \| /);
    const article = mainArticle(page);
    await expect(article.getByText('September 22, 2025')).toBeVisible();
    await expect(article.getByText('Update', { exact: true })).toBeVisible();
    await expect(article.locator('li')).toHaveText([
      'The zero-density paper has been accepted.',
      'I am tutoring number theory again this term.',
      'Next up: finishing the fourth-moment project with Daniel and Priya.',
    ]);
    await page.getByRole('link', { name: 'Back to all posts' }).click();
    await expect(page).toHaveURL(/\/personal$/);

    await cards(page).filter({ hasText: 'Hiking' }).getByRole('link', { name: /Read Full Post/ }).click();
    await expect(mainArticle(page).locator('strong')).toHaveText('walking away');
    await expect(mainArticle(page).getByRole('img')).toHaveCount(2);
  });

  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
    test(`an unknown post id (${id}) shows 'Post not found'`, async ({ page }) => {
      await page.goto(`/personal/${id}`);
      await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
      await expect(page.getByText("The post you're looking for doesn't exist or has been removed.")).toBeVisible();
      await page.getByRole('link', { name: 'Back to Personal Posts' }).click();
      await expect(page).toHaveURL(/\/personal$/);
    });
  }
});
