// @module-tag security
import type { APIRequestContext, Page } from '@playwright/test';

import { expect } from './fixtures/csp';
import { siteTest } from './fixtures/site';
import { ADMIN, gotoAsOwner } from './fixtures/auth';
import { card, toast, unique } from './fixtures/editors';

/**
 * The scholarly web, continued: the blog's Atom feed (/feed.xml, linked from every public page), link
 * preview cards drawn per post and per paper, and canonical addresses. The server here knows its public
 * address (SITE_URL), which canonical addresses and preview images need.
 */
const SITE_URL = 'https://alex.example';
const ATOM = 'http://www.w3.org/2005/Atom';

const test = siteTest({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SITE_URL });

interface FeedEntry {
  id: string;
  title: string;
  link: string | null;
  published: string;
  updated: string;
  summary: string;
  categories: string[];
  contentType: string | null;
  /** What the entry's HTML content holds, read by the browser's HTML parser. */
  content: { h2: string[]; math: number; blockMath: number; links: string[]; scripts: number; text: string };
}

/** The feed read by the browser's XML parser (which refuses anything not well-formed), as plain data. */
async function readFeed(page: Page, xml: string) {
  return page.evaluate(
    ({ xml, atom }) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      const error = doc.getElementsByTagName('parsererror')[0];
      if (error) return { error: error.textContent ?? 'not well-formed' };
      const own = (element: Element, name: string) => [...element.children].filter((child) => child.namespaceURI === atom && child.localName === name);
      const text = (element: Element, name: string) => own(element, name)[0]?.textContent ?? '';
      const root = doc.documentElement;
      const entries = own(root, 'entry').map((entry) => {
        const content = own(entry, 'content')[0];
        const html = new DOMParser().parseFromString(content?.textContent ?? '', 'text/html');
        return {
          id: text(entry, 'id'),
          title: text(entry, 'title'),
          link: own(entry, 'link')[0]?.getAttribute('href') ?? null,
          published: text(entry, 'published'),
          updated: text(entry, 'updated'),
          summary: text(entry, 'summary'),
          categories: own(entry, 'category').map((category) => category.getAttribute('term') ?? ''),
          contentType: content?.getAttribute('type') ?? null,
          content: {
            h2: [...html.querySelectorAll('h2')].map((heading) => heading.textContent ?? ''),
            math: html.querySelectorAll('math').length,
            blockMath: html.querySelectorAll('math[display="block"]').length,
            links: [...html.querySelectorAll('a[href]')].map((link) => link.getAttribute('href') ?? ''),
            scripts: html.querySelectorAll('script').length,
            text: html.body.textContent ?? '',
          },
        };
      });
      return {
        namespace: root.namespaceURI,
        name: root.localName,
        id: text(root, 'id'),
        title: text(root, 'title'),
        updated: text(root, 'updated'),
        author: own(root, 'author')[0] ? text(own(root, 'author')[0]!, 'name') : '',
        links: own(root, 'link').map((link) => ({ rel: link.getAttribute('rel'), type: link.getAttribute('type'), href: link.getAttribute('href') })),
        entries: entries as FeedEntry[],
      };
    },
    { xml, atom: ATOM },
  );
}

/** The PNG at an absolute address of this site, fetched from the server under test. */
async function fetchImage(request: APIRequestContext, address: string) {
  const url = new URL(address);
  expect(url.origin).toBe(SITE_URL);
  const response = await request.get(`${url.pathname}${url.search}`);
  const body = await response.body();
  return {
    status: response.status(),
    type: response.headers()['content-type'],
    body,
    isPng: body.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    width: body.readUInt32BE(16),
    height: body.readUInt32BE(20),
  };
}

// A browser gets a page's metadata streamed in after the first paint, into <body> (Next.js's streaming
// metadata), so these look anywhere in the document; headTags() checks the <head> non-browsers get.
const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"], meta[name="${property}"]`);
const feedLink = (page: Page) => page.locator('link[rel="alternate"][type="application/atom+xml"]');
const canonical = (page: Page) => page.locator('link[rel="canonical"]');

/**
 * The feed link, canonical link and preview image in the <head> of a page as served to a reader that runs
 * no JavaScript (a link-preview bot): Next.js puts the metadata there for those. A browser's request just
 * before fills the caches with the browser's copy, which the bot must not be given.
 */
async function headTags(page: Page, request: APIRequestContext, path: string) {
  await request.get(path, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' } });
  const response = await request.get(path, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
  expect(response.status()).toBe(200);
  return page.evaluate((html) => {
    const head = new DOMParser().parseFromString(html, 'text/html').head;
    const feed = head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    return {
      feed: feed ? { href: feed.getAttribute('href'), title: feed.getAttribute('title') } : null,
      canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      ogImage: [...head.querySelectorAll('meta[property="og:image"]')].map((tag) => tag.getAttribute('content')),
    };
  }, await response.text());
}

test('a post written in the editor is in /feed.xml in full, its formulas as MathML and its links absolute; every public page links the feed; the sitemap is XML', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const id = unique();
  const title = `Dirichlet & <primes> ${id}`;
  const slug = `feed-dirichlet-${id}`;
  const content = [
    "# Dirichlet's theorem",
    'For $(a, q) = 1$ there are infinitely many primes $p \\equiv a \\pmod q$:',
    '$$\n\\sum_{p \\equiv a \\ (q)} \\frac{1}{p} = \\infty\n$$',
    'See [the other posts](/blog) or [the note below](#proof).',
    '<script>alert(1)</script>',
  ].join('\n\n');

  await gotoAsOwner(page, '/admin/blog/edit');
  await page.getByRole('tab', { name: 'Create New Post' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Slug', { exact: true }).fill(slug);
  await page.getByLabel('Excerpt', { exact: true }).fill(`Primes in progressions & why "1/p" diverges ${id}`);
  await page.getByLabel('Tags (comma separated)', { exact: true }).fill('number theory, primes');
  await page.getByLabel('Content', { exact: true }).fill(content);
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(toast(page, 'Blog post created successfully')).toBeVisible();
  await expect(card(page, 'Blog posts', id)).toContainText(`/blog/${slug}`);

  const response = await request.get('/feed.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const feed = await readFeed(page, await response.text());
  if ('error' in feed) throw new Error(`/feed.xml is not well-formed XML: ${feed.error}`);
  expect(feed).toMatchObject({ namespace: ATOM, name: 'feed', id: `${SITE_URL}/feed.xml`, title: 'Alex Morgan — Blog', author: 'Alex Morgan' });
  expect(feed.links).toEqual([
    { rel: 'self', type: 'application/atom+xml', href: `${SITE_URL}/feed.xml` },
    { rel: 'alternate', type: 'text/html', href: `${SITE_URL}/blog` },
  ]);
  // The new post is the newest: first, and the feed is as new as it is.
  const entry = feed.entries[0]!;
  expect(entry).toMatchObject({
    id: `${SITE_URL}/blog/${slug}`,
    link: `${SITE_URL}/blog/${slug}`,
    title,
    summary: `Primes in progressions & why "1/p" diverges ${id}`,
    categories: ['number theory', 'primes'],
    contentType: 'html',
  });
  expect(entry.published).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
  expect(feed.updated).toBe(entry.updated);
  expect(entry.content).toMatchObject({ h2: ["Dirichlet's theorem"], math: 3, blockMath: 1, scripts: 0 });
  expect(entry.content.links).toEqual([`${SITE_URL}/blog`, `${SITE_URL}/blog/${slug}#proof`]);
  expect(entry.content.text).not.toContain('$');
  expect(entry.content.text).not.toContain('alert(1)');
  // The sample posts are there too; personal posts are not.
  expect(feed.entries.map((e) => e.id)).toContain(`${SITE_URL}/blog/why-the-prime-number-theorem-still-surprises-me`);
  expect(feed.entries.every((e) => e.id.startsWith(`${SITE_URL}/blog/`))).toBe(true);

  // The sitemap is well-formed XML that lists the post.
  const sitemap = await page.evaluate((xml) => {
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    return doc.getElementsByTagName('parsererror').length > 0 ? null : [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent);
  }, await (await request.get('/sitemap.xml')).text());
  expect(sitemap).toContain(`${SITE_URL}/blog/${slug}`);

  // Every public page links the feed: in the <head> for readers that run no script, and in the browser.
  for (const path of ['/', `/blog/${slug}`]) {
    expect((await headTags(page, request, path)).feed, path).toEqual({ href: `${SITE_URL}/feed.xml`, title: 'Alex Morgan — Blog' });
  }
  for (const path of ['/', '/about', '/experience', '/projects', '/research', '/cv', '/blog', `/blog/${slug}`, '/personal']) {
    await page.goto(path);
    await expect(feedLink(page), path).toHaveCount(1);
    await expect(feedLink(page), path).toHaveAttribute('href', `${SITE_URL}/feed.xml`);
    await expect(feedLink(page), path).toHaveAttribute('title', 'Alex Morgan — Blog');
  }
});

test("canonical addresses are SITE_URL and the page's path, without the query", async ({ page, request }) => {
  const pages: [string, string][] = [
    ['/', SITE_URL],
    ['/about', `${SITE_URL}/about`],
    ['/experience', `${SITE_URL}/experience`],
    ['/projects', `${SITE_URL}/projects`],
    ['/research?utm_source=newsletter', `${SITE_URL}/research`],
    ['/cv', `${SITE_URL}/cv`],
    ['/blog?tag=primes', `${SITE_URL}/blog`],
    ['/blog/why-the-prime-number-theorem-still-surprises-me', `${SITE_URL}/blog/why-the-prime-number-theorem-still-surprises-me`],
    ['/personal', `${SITE_URL}/personal`],
  ];
  for (const [path, address] of pages) {
    await page.goto(path);
    await expect(canonical(page), path).toHaveCount(1);
    await expect(canonical(page), path).toHaveAttribute('href', address);
    // Open Graph's required og:url names the same address (issue 32).
    await expect(meta(page, 'og:url'), path).toHaveAttribute('content', address);
  }
  await page.goto('/research');
  await page.getByRole('link', { name: 'The fourth moment of quadratic twists of modular L-functions', exact: true }).click();
  await expect(page).toHaveURL(/\/research\/[0-9a-f-]{36}$/);
  await expect(canonical(page)).toHaveAttribute('href', `${SITE_URL}${new URL(page.url()).pathname}`);
  await expect(meta(page, 'og:url')).toHaveAttribute('content', `${SITE_URL}${new URL(page.url()).pathname}`);
  await page.goto('/personal');
  await page.locator('a[href^="/personal/"]').first().click();
  await page.waitForURL(/\/personal\/[^/]+$/);
  await expect(canonical(page)).toHaveAttribute('href', `${SITE_URL}${new URL(page.url()).pathname}`);
  await expect(meta(page, 'og:url')).toHaveAttribute('content', `${SITE_URL}${new URL(page.url()).pathname}`);
  expect((await headTags(page, request, '/blog?tag=primes')).canonical).toBe(`${SITE_URL}/blog`);
});

test('with SITE_URL, nothing from the request reaches an absolute address: feed, sitemap, robots and every page (canonical, Open Graph, JSON-LD, citation tags) name SITE_URL only, and may be cached', async ({
  request,
  site,
}) => {
  const forged = { Host: 'poisoned-host.example', 'X-Forwarded-Host': 'poisoned-host.example', 'X-Forwarded-Proto': 'http' };
  for (const path of ['/feed.xml', '/sitemap.xml', '/robots.txt']) {
    const response = await request.get(path, { headers: forged });
    expect(response.status(), path).toBe(200);
    const body = await response.text();
    expect(body, path).toContain(`${SITE_URL}/`);
    expect(body, path).not.toContain('poisoned-host');
    expect(response.headers()['cache-control'], path).toBe('public, max-age=0, must-revalidate');
  }
  const research = await (await request.get('/research')).text();
  const paper = /href="(\/research\/[0-9a-f-]{36})"/.exec(research)?.[1];
  expect(paper).toBeTruthy();
  for (const path of ['/', '/about', '/research', paper!, '/blog', '/blog/why-the-prime-number-theorem-still-surprises-me', '/personal']) {
    const body = await (await request.get(path, { headers: forged })).text();
    expect(body, path).toContain(SITE_URL);
    expect(body, path).not.toContain('poisoned-host');
  }
  expect(site.output()).not.toContain('SITE_URL is not set');
});

test("link previews: a post and a paper have their own card, a post's cover wins, a draft shows the site's card, and a configured social image replaces the site's card", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // The site's own card, while Admin Settings names no social image.
  await page.goto('/');
  const siteImage = await meta(page, 'og:image').getAttribute('content');
  expect(siteImage).toBe(`${SITE_URL}/og`);
  await expect(meta(page, 'twitter:card')).toHaveAttribute('content', 'summary_large_image');
  await expect(meta(page, 'twitter:image')).toHaveAttribute('content', siteImage!);
  const siteCard = await fetchImage(request, siteImage!);
  expect(siteCard).toMatchObject({ status: 200, type: 'image/png', isPng: true, width: 1200, height: 630 });

  // A post whose cover previews cannot show (the sample's placeholder SVG): its own card.
  const post = '/blog/why-the-prime-number-theorem-still-surprises-me';
  await page.goto(post);
  await expect(meta(page, 'og:image')).toHaveCount(1);
  const postImage = await meta(page, 'og:image').getAttribute('content');
  expect(postImage).toMatch(new RegExp(`^${SITE_URL}${post}/opengraph-image`));
  await expect(meta(page, 'twitter:card')).toHaveAttribute('content', 'summary_large_image');
  await expect(meta(page, 'twitter:image')).toHaveAttribute('content', postImage!);
  const postCard = await fetchImage(request, postImage!);
  expect(postCard).toMatchObject({ status: 200, type: 'image/png', isPng: true, width: 1200, height: 630 });
  expect(postCard.body.equals(siteCard.body)).toBe(false);
  expect((await headTags(page, request, post)).ogImage).toEqual([postImage]);

  // A published paper: its own card; the draft: the site's card, telling nothing of the draft.
  await page.goto('/research');
  await page.getByRole('link', { name: 'The fourth moment of quadratic twists of modular L-functions', exact: true }).click();
  await expect(page).toHaveURL(/\/research\/[0-9a-f-]{36}$/);
  const paperImage = await meta(page, 'og:image').getAttribute('content');
  expect(paperImage).toMatch(new RegExp(`^${SITE_URL}/research/[0-9a-f-]{36}/opengraph-image`));
  await expect(meta(page, 'twitter:card')).toHaveAttribute('content', 'summary_large_image');
  const paperCard = await fetchImage(request, paperImage!);
  expect(paperCard).toMatchObject({ status: 200, type: 'image/png', isPng: true, width: 1200, height: 630 });
  expect(paperCard.body.equals(siteCard.body)).toBe(false);
  await page.goto('/research/list/status/draft');
  await page.getByRole('link', { name: 'Equidistribution of primes in Bohr sets', exact: true }).click();
  await expect(page).toHaveURL(/\/research\/[0-9a-f-]{36}$/);
  const draftCard = await fetchImage(request, (await meta(page, 'og:image').getAttribute('content'))!);
  expect(draftCard).toMatchObject({ status: 200, type: 'image/png' });
  expect(draftCard.body.equals(siteCard.body)).toBe(true);

  // A post with a cover keeps the cover as its preview image.
  const id = unique();
  const cover = `/storage/blog-images/cover-${id}.png`;
  await gotoAsOwner(page, '/admin/blog/edit');
  await page.getByRole('tab', { name: 'Create New Post' }).click();
  await page.getByLabel('Title', { exact: true }).fill(`A post with a cover ${id}`);
  await page.getByLabel('Slug', { exact: true }).fill(`cover-${id}`);
  await page.getByLabel('Cover Image URL', { exact: true }).fill(cover);
  await page.getByLabel('Content', { exact: true }).fill('Body.');
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(toast(page, 'Blog post created successfully')).toBeVisible();
  await page.goto(`/blog/cover-${id}`);
  await expect(meta(page, 'og:image')).toHaveCount(1);
  await expect(meta(page, 'og:image')).toHaveAttribute('content', `${SITE_URL}${cover}`);
  await expect(meta(page, 'twitter:image')).toHaveAttribute('content', `${SITE_URL}${cover}`);

  // A configured social image is the site's preview image; the generated card steps aside.
  const configured = `https://images.example.org/social-${id}.png`;
  await page.goto('/admin/settings');
  const socialImage = page.getByLabel('Default Social Image URL', { exact: true });
  await expect(socialImage).toBeEditable();
  try {
    await socialImage.fill(configured);
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page, 'Site configuration saved')).toBeVisible();
    for (const path of ['/', '/about']) {
      await page.goto(path);
      await expect(meta(page, 'og:image'), path).toHaveCount(1);
      await expect(meta(page, 'og:image'), path).toHaveAttribute('content', configured);
      await expect(meta(page, 'twitter:image'), path).toHaveAttribute('content', configured);
    }
    expect((await headTags(page, request, '/')).ogImage).toEqual([configured]);
    // A post keeps its own card.
    await page.goto(post);
    await expect(meta(page, 'og:image')).toHaveAttribute('content', postImage!);
  } finally {
    await page.goto('/admin/settings');
    await expect(socialImage).toBeEditable();
    await socialImage.fill('');
    await page.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page, 'Site configuration saved')).toBeVisible();
  }
});
