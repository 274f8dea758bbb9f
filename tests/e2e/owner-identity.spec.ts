import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

import { startSite, type SiteServer } from '../helpers/site-server';
import { callAction, serverActions, paperInput, sessionCookieHeader } from './fixtures/actions';
import { ADMIN, AUTH_SECRET, signIn } from './fixtures/auth';
import { toast } from './fixtures/editors';

/**
 * The owner's identity is content (issue 43): a researcher who renames the sample owner in the About editor
 * sees the new name, and never the sample's, on every surface on the next request: every public page (header,
 * footer, titles, structured data), the feed, the sitemap, the BibTeX and RIS files, the CV's PDF and JSON.
 * A server of its own: the rename must not reach the other specs' sample site.
 */

const SAMPLE = 'Alex Morgan';
const NAME = 'Jane Doe';
const LONG_NAME = `Jane ${'Wolfeschlegelsteinhausenbergerdorff '.repeat(3).trim()} Doe`;

let site: SiteServer;

test.beforeAll(async () => {
  site = await startSite({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUTH_SECRET, SITE_URL: 'https://jane.example' } });
});

test.afterAll(async () => {
  await site?.stop();
});

/** Every public address the site lists in its sitemap, as paths, with the 404 page's. */
async function publicPaths(request: APIRequestContext): Promise<string[]> {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!.replace(/&amp;/g, '&')).pathname);
  expect(paths.length).toBeGreaterThan(8);
  return [...paths, '/no-such-page'];
}

async function text(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect([200, 404], path).toContain(response.status());
  if (path === '/cv.pdf') {
    const pdf = await getDocumentProxy(new Uint8Array(await response.body()));
    return (await extractText(pdf, { mergePages: true })).text;
  }
  return response.text();
}

async function renameOwner(page: Page, name: string) {
  await page.goto('/admin/about/edit');
  await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'About information saved successfully')).toBeVisible();
}

test('a renamed owner is named everywhere, and the sample owner nowhere', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL: site.url });
  const page = await context.newPage();
  const visitor = (await browser.newContext({ baseURL: site.url })).request;

  // Before: the sample owner, from the sample content.
  expect(await text(visitor, '/')).toContain(SAMPLE);

  await signIn(page, ADMIN, '/admin/login');
  await page.goto('/admin/about/edit');
  await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
  await page.getByLabel('Name', { exact: true }).fill(NAME);
  await page.getByLabel('Public e-mail').fill('jane.doe@uni.example.org');
  await page.getByLabel('Footer text').fill('Jane Doe works on sieve methods.');
  await page.getByLabel('Header mark').fill('JD');
  await page.getByRole('button', { name: 'Add Link' }).click();
  const links = page.getByRole('group', { name: 'Profile links' });
  await links.getByLabel('Link 5 kind').selectOption('mastodon');
  await links.getByLabel('Address').last().fill('@jane@mathstodon.xyz');
  // The ORCID iD the sample had is Jane's own from now on: hers has a different check digit.
  await links.getByLabel('Address').nth(3).fill('0000-0002-9079-593X');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'About information saved successfully')).toBeVisible();

  // The sample's papers (drafts included) name the sample owner as their author: Jane replaces them with her own.
  const cookie = await sessionCookieHeader(context);
  const actions = new Map(serverActions('app/admin/(guarded)/research').map((action) => [action.name, action.id]));
  const research = await text(visitor, '/research');
  const paperIds = [...research.matchAll(/<article id="([0-9a-f-]{36})"/g)].map((match) => match[1]);
  expect(paperIds.length).toBeGreaterThan(0);
  for (const id of paperIds) {
    expect(await callAction(context.request, site.url, actions.get('deletePaperAction')!, [id], cookie)).toContain('"ok":true');
  }
  const paper = { ...paperInput('Sieves and zeros'), authors: `${NAME}, Priya Raman`, journal: 'Journal of Number Theory' };
  expect(await callAction(context.request, site.url, actions.get('createPaperAction')!, [paper], cookie)).toContain('"ok":true');

  // Every surface on the next request: the new name, never the sample's.
  const paths = [...(await publicPaths(visitor)), '/feed.xml', '/sitemap.xml', '/research.bib', '/research.ris', '/cv.pdf', '/cv.json'];
  const named: string[] = [];
  for (const path of paths) {
    const body = await text(visitor, path);
    expect(body, `${path} still names the sample owner`).not.toContain(SAMPLE);
    // RIS writes an author family name first.
    if (body.includes(NAME) || body.includes('Doe, Jane')) named.push(path);
  }
  for (const path of ['/', '/about', '/experience', '/blog', '/feed.xml', '/research.bib', '/research.ris', '/cv', '/cv.pdf', '/cv.json', '/no-such-page']) {
    expect(named, `${path} names the new owner`).toContain(path);
  }

  // As a browser shows them.
  const reader = await (await browser.newContext({ baseURL: site.url })).newPage();
  await reader.goto('/experience');
  await expect(reader).toHaveTitle(`Experience | ${NAME}`);
  const header = reader.getByRole('banner');
  await expect(header.getByRole('link').first()).toContainText(NAME);
  await expect(header.getByRole('link').first()).toContainText('JD');
  const footer = reader.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${NAME}. All rights reserved.`);
  await expect(footer).toContainText('Jane Doe works on sieve methods.');
  await expect(footer.locator('a[href="mailto:jane.doe@uni.example.org"]')).toHaveCount(1);
  await expect(footer.getByRole('link', { name: 'Mastodon' })).toHaveAttribute('href', 'https://mathstodon.xyz/@jane');
  await expect(footer.getByRole('link', { name: 'ORCID' })).toHaveAttribute('href', 'https://orcid.org/0000-0002-9079-593X');
  await reader.goto('/about');
  await expect(reader).toHaveTitle(`About ${NAME} | ${NAME}`);

  // The JSON-LD Person: the profiles as sameAs, the ORCID iD as its identifier.
  await reader.goto('/');
  const people = (await reader.locator('script[type="application/ld+json"]').allTextContents())
    .flatMap((json) => [JSON.parse(json)].flat())
    .filter((thing: { '@type'?: string }) => thing['@type'] === 'Person');
  expect(people[0]).toMatchObject({
    name: NAME,
    sameAs: expect.arrayContaining(['https://mathstodon.xyz/@jane', 'https://orcid.org/0000-0002-9079-593X']),
    identifier: { propertyID: 'ORCID', value: '0000-0002-9079-593X' },
  });
  const resume = JSON.parse(await text(visitor, '/cv.json')) as { basics: { name: string; email: string; profiles: { network: string; url: string }[] } };
  expect(resume.basics).toMatchObject({ name: NAME, email: 'jane.doe@uni.example.org' });
  expect(resume.basics.profiles).toContainEqual(expect.objectContaining({ network: 'Mastodon', url: 'https://mathstodon.xyz/@jane' }));

  // The header and footer after the rename, for docs/screenshots.
  await reader.setViewportSize({ width: 1280, height: 900 });
  await reader.goto('/');
  await header.screenshot({ path: 'docs/screenshots/owner-header.png' });
  await footer.screenshot({ path: 'docs/screenshots/owner-footer.png' });

  // A very long name is cut in the header, whole in its title, and breaks no layout.
  await renameOwner(page, LONG_NAME);
  for (const width of [1280, 390]) {
    await reader.setViewportSize({ width, height: 900 });
    await reader.goto('/');
    const overflow = await reader.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `the page is no wider than the window at ${width}px`).toBeLessThanOrEqual(0);
  }
  await reader.setViewportSize({ width: 1280, height: 900 });
  await expect(header.locator(`[title="${LONG_NAME}"]`)).toHaveCount(1);
  await reader.goto('/about');
  await expect(reader).toHaveTitle(`About ${LONG_NAME} | ${LONG_NAME}`);
  await context.close();
});
