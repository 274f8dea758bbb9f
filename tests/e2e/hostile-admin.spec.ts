// @module-tag security
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { SignJWT, decodeJwt } from 'jose';

import { SAMPLES } from '../helpers/storage-samples';
import { ACTION_BODY_LIMIT_BYTES, tooLarge } from '@/lib/validation/action-body';
import { callAction, paperInput, serverActions, sessionCookieHeader } from './fixtures/actions';
import { ADMIN, AUTH_SECRET, COOKIE, expect, register, signIn, test } from './fixtures/auth';
import { unique } from './fixtures/editors';

/**
 * The hostile-input suite's first part (issue 15): every admin server action of the build, and the upload
 * route, called by an anonymous visitor, a signed-in non-admin, and with tampered, forged and expired
 * sessions. Each is refused with the Access Denied text, nothing on the site changes, and every refusal is
 * in the server's security log. The same harness called with the admin's own session does write, so the
 * refusals are the server's decision, not a malformed call.
 */

const DENIED = {
  anonymous: 'You need to be signed in to access this area. Please log in to continue.',
  forbidden: "Your account doesn't have permission to access this area.",
} as const;
/** Media's refusal, in the words of the storage errors (app/admin/(guarded)/media/actions.ts), for either caller. */
const STORAGE_DENIED = "Permission denied: You don't have access to this storage bucket. Please make sure you're logged in as an admin.";
const MEDIA_ACTIONS = new Set(['findReferencesAction', 'deleteFileAction']);

const cookieHeader = (cookies: { name: string; value: string }[]) => cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

async function sessionCookies(context: BrowserContext) {
  return (await context.cookies()).filter((cookie) => Object.values(COOKIE).includes(cookie.name as never));
}

/**
 * What a visitor can see of the site, and what is stored on disk: equal before and after the attack. The
 * pages are read as Chromium builds them (their text once every streamed part has arrived), not as bytes,
 * whose streamed parts may come in another order from one render to the next.
 */
async function fingerprint(page: Page, dataDir: string): Promise<string> {
  const pages: string[] = [];
  for (const url of ['/', '/about', '/experience', '/projects', '/research', '/research/list/status/draft', '/cv', '/blog', '/personal']) {
    await page.goto(url);
    await page.waitForLoadState('load');
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    pages.push(`${url}\n${await page.locator('main').evaluate((main) => main.textContent)}`);
  }
  const bib = await (await page.request.get('/research.bib')).text();
  const cvJson = await (await page.request.get('/cv.json')).text();
  const files = readdirSync(path.join(dataDir, 'storage'), { recursive: true }).map(String).sort();
  return [...pages, bib, cvJson, files.join('\n')].join('\n----\n');
}

test('every admin action and the upload route refuse anonymous, non-admin, tampered, forged and expired callers; nothing changes; every refusal is logged', async ({
  page,
  browser,
  request,
  scholarly,
  baseURL,
  site,
}) => {
  test.setTimeout(240_000);
  const id = unique();
  const marker = `PWNED${id}`.replace(/[^A-Za-z0-9]/g, '');

  // Real ids to aim the destructive actions at: a paper, a personal post, a project of the sample content.
  await page.goto('/research');
  const paperId = (await page.locator('article[id]').first().getAttribute('id'))!;
  await page.goto('/personal');
  const personalId = (await page.getByRole('link', { name: /Read Full Post/ }).first().getAttribute('href'))!.split('/').pop()!;
  await page.goto('/projects');
  const projectId = (await page.locator('article[id]').first().getAttribute('id'))!;
  await page.goto('/talks');
  const talkId = (await page.locator('article[id]').first().getAttribute('id'))!;
  await page.goto('/teaching');
  const courseId = (await page.locator('article[id]').first().getAttribute('id'))!;

  // The admin's session, and a file the admin uploads (the upload route works for the admin).
  await signIn(page, ADMIN, '/admin/login');
  const admin = await sessionCookies(page.context());
  const adminCookie = cookieHeader(admin);
  const uploaded = await request.post('/api/upload', {
    headers: { Cookie: adminCookie, Origin: baseURL! },
    multipart: { bucket: 'blog-images', file: { name: 'keep.png', mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) } },
  });
  expect(uploaded.status()).toBe(201);
  const file = (await uploaded.json()) as { url: string; path: string };

  // A registered account without the admin role.
  const memberContext = await browser.newContext({ baseURL });
  const memberPage = await memberContext.newPage();
  const member = { email: `member-${id}@example.com`, password: 'member-password-123' };
  await register(memberPage, member.email, member.password);
  await signIn(memberPage, member, '/admin/login');
  const memberCookie = cookieHeader(await sessionCookies(memberContext));

  // Tampered and forged versions of the admin's access token, and an expired one without its refresh token.
  const access = admin.find((cookie) => cookie.name === COOKIE.access)!.value;
  const claims = decodeJwt(access);
  const [header, payload, signature] = access.split('.');
  const flipped = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
  const swapped = `${header}.${Buffer.from(JSON.stringify({ ...claims, role: 'service_role', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.${signature}`;
  const sign = (secret: string, exp: number) =>
    new SignJWT({ email: claims.email, sid: claims.sid, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer('academic-portfolio')
      .setAudience('authenticated')
      .setIssuedAt(exp - 900)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));
  const forged = await sign('not-the-server-secret-not-the-server-secret', Math.floor(Date.now() / 1000) + 3600);
  const expired = await sign(AUTH_SECRET, Math.floor(Date.now() / 1000) - 60);
  const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
  const callers: { name: string; cookie: string; expect: string }[] = [
    { name: 'anonymous', cookie: '', expect: DENIED.anonymous },
    { name: 'non-admin', cookie: memberCookie, expect: DENIED.forbidden },
    { name: 'tampered signature', cookie: `${COOKIE.access}=${flipped}`, expect: DENIED.anonymous },
    { name: 'claims swapped under the old signature', cookie: `${COOKIE.access}=${swapped}`, expect: DENIED.anonymous },
    { name: 'forged with another secret', cookie: `${COOKIE.access}=${forged}`, expect: DENIED.anonymous },
    { name: "alg 'none'", cookie: `${COOKIE.access}=${unsigned}`, expect: DENIED.anonymous },
    { name: 'expired, no refresh token', cookie: `${COOKIE.access}=${expired}`, expect: DENIED.anonymous },
  ];

  // Arguments each action would act on if it let the caller through: writes that would show, deletes of real items.
  const paper = paperInput(marker);
  const post = { title: marker, slug: marker.toLowerCase(), excerpt: '', tags: '', coverImage: '', content: marker };
  const personal = { title: marker, type: 'story', content: `<p>${marker}</p>`, imageUrls: [] };
  const bib = `@article{x, author={Mallory, Eve}, title={${marker}}, journal={J}, year=2024}`;
  const ARGS: Record<string, unknown[]> = {
    saveAboutAction: [{ name: marker, title: marker, bio: marker, imageUrl: '', skills: [], education: [], researchInterests: [], affiliation: '', footerBlurb: marker, email: '', links: [], mark: '', markImageUrl: null }],
    saveExperienceAction: [{ items: [] }],
    saveCvEntriesAction: [{ items: [] }],
    saveCoauthorsAction: [{ items: [] }],
    saveCvSettingsAction: [{ sections: ['skills'], paperSize: 'letter', summary: marker, projects: 'all', includeDrafts: true }],
    saveProjectsAction: [{ items: [] }],
    deleteProjectAction: [projectId],
    saveTalksAction: [{ items: [] }],
    deleteTalkAction: [talkId],
    searchPlacesAction: ['oxford'],
    saveCoursesAction: [{ items: [] }],
    deleteCourseAction: [courseId],
    saveTeachingGroupingAction: [{ grouping: 'year' }],
    createBlogPostAction: [post],
    updateBlogPostAction: [paperId, post],
    deleteBlogPostAction: [paperId],
    createPersonalPostAction: [personal],
    updatePersonalPostAction: [personalId, personal],
    deletePersonalPostAction: [personalId],
    createPaperAction: [paper],
    updatePaperAction: [paperId, paper],
    deletePaperAction: [paperId],
    previewBibtexAction: [bib],
    importBibtexAction: [bib, ['0']],
    lookupIdentifiersAction: ['10.5555/12345678 2403.01234'],
    importLookedUpAction: [[paper], 'as-source'],
    refreshPaperAction: [paperId],
    saveProfileAction: [{ displayName: marker, bio: marker }],
    saveSiteSettingsAction: [{ siteTitle: marker, metaDescription: marker, socialImageUrl: '' }],
    saveTimeZoneAction: [{ timeZone: 'Pacific/Kiritimati' }],
    saveLookupContactAction: [{ lookupContactEmail: `${marker.toLowerCase()}@example.org` }],
    saveCitationSettingsAction: [{ showOnSite: true, showOnCv: true, refreshHours: 6 }],
    refreshCitationsNowAction: [],
    citationStatusAction: [],
    saveAnalyticsSettingsAction: [{ enabled: false, retentionDays: '30' }],
    lookupFoundWorksAction: [['doi:10.5555/12345678']],
    dismissFoundWorksAction: [['doi:10.5555/12345678']],
    changePasswordAction: [{ currentPassword: member.password, newPassword: 'pwned-password-123', confirmPassword: 'pwned-password-123' }],
    grantAdminAction: [{ email: member.email }],
    revokeAdminAction: [{ email: ADMIN.email }],
    removeSampleContentAction: [],
    completeFirstRunAction: [{ name: marker, title: marker, affiliation: '', footerBlurb: marker, email: '', links: [], mark: '', markImageUrl: null, start: 'empty' }],
    dismissFirstRunAction: [],
    findReferencesAction: [{ bucket: 'blog-images', path: file.path }],
    deleteFileAction: [{ bucket: 'blog-images', path: file.path }],
  };
  // Every admin action of the build (signing out only ends the caller's own session).
  const actions = serverActions('app/admin/(guarded)/').filter((action) => action.name !== 'signOutAction');
  expect(actions.map((action) => action.name).filter((name) => !(name in ARGS)), 'admin actions without hostile-call arguments here').toEqual([]);
  expect(actions.length).toBeGreaterThanOrEqual(Object.keys(ARGS).length);

  const visitor = await browser.newPage({ baseURL });
  const before = await fingerprint(visitor, site.dataDir);
  const logBefore = site.output().length;
  const askedBefore = scholarly.requests.length;
  for (const caller of callers) {
    for (const action of actions) {
      const body = await callAction(request, baseURL!, action.id, ARGS[action.name]!, caller.cookie);
      const refusal = MEDIA_ACTIONS.has(action.name) ? STORAGE_DENIED : caller.expect;
      expect(body, `${action.name} called by ${caller.name}`).toContain(`"ok":false,"error":${JSON.stringify(refusal)}`);
    }
    const upload = await request.post('/api/upload', {
      headers: { Origin: baseURL!, ...(caller.cookie ? { Cookie: caller.cookie } : {}) },
      multipart: { bucket: 'blog-images', file: { name: `${marker}.png`, mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) } },
    });
    expect(upload.status(), `upload by ${caller.name}`).toBe(403);
    // The route's other method, the bucket check of the upload box: admins only too.
    const bucketCheck = await request.get('/api/upload?bucket=blog-images', { headers: caller.cookie ? { Cookie: caller.cookie } : {} });
    expect(bucketCheck.status(), `bucket check by ${caller.name}`).toBe(403);
  }

  // Nothing changed: every public page and every stored file as before, no marker anywhere, roles and passwords intact.
  expect(await fingerprint(visitor, site.dataDir)).toBe(before);
  // No refused caller made the site ask a scholarly source anything.
  expect(scholarly.requests.slice(askedBefore)).toEqual([]);
  await visitor.close();
  expect((await request.get(file.url)).status()).toBe(200);
  await memberPage.goto('/admin');
  await expect(memberPage.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await memberContext.close();
  const fresh = await browser.newContext({ baseURL });
  const again = await fresh.newPage();
  await signIn(again, ADMIN, '/admin/login');
  await expect(again).toHaveURL(/\/admin$/);
  await fresh.close();

  // Every refusal is in the security log: one line each, with the reason.
  const log = site.output().slice(logBefore);
  const denials = log.split('\n').filter((line) => line.includes('auth denied'));
  expect(denials.filter((line) => line.includes('reason=anonymous')).length).toBeGreaterThanOrEqual((callers.length - 1) * actions.length);
  expect(denials.filter((line) => line.includes('reason=forbidden')).length).toBeGreaterThanOrEqual(actions.length);
  expect(log).not.toContain(access);

  // The same harness with the admin's own session writes: the refusals above were the server's decision.
  const created = await callAction(request, baseURL!, actions.find((action) => action.name === 'createPaperAction')!.id, [paper], adminCookie);
  expect(created).toContain('"ok":true');
  expect(await (await request.get('/research')).text()).toContain(marker);
  const createdId = /"id":"([0-9a-f-]{36})"/.exec(created)![1]!;
  expect(await callAction(request, baseURL!, actions.find((action) => action.name === 'deletePaperAction')!.id, [createdId], adminCookie)).toContain('"ok":true');
  expect(await (await request.get('/research')).text()).not.toContain(marker);
});

test("a server action's body: every limit a form allows is saved; one byte past the body limit is refused with the form's message, never a bare 500", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const post = (id: string, body: string, cookie = '') =>
    request.post('/', {
      headers: { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8', Accept: 'text/x-component', Origin: baseURL!, ...(cookie ? { Cookie: cookie } : {}) },
      data: body,
      maxRedirects: 0,
      timeout: 30_000,
    });
  const blog = serverActions('app/admin/(guarded)/blog');
  const research = serverActions('app/admin/(guarded)/research');
  const createPost = blog.find((action) => action.name === 'createBlogPostAction')!;
  const preview = research.find((action) => action.name === 'previewBibtexAction')!;

  // The finding: 199,000 CJK characters (about 600 kB on the wire) were refused as a network failure.
  // Now a post at the content's limit, 200,000 of them, is saved.
  await signIn(page, ADMIN, '/admin/login');
  const adminCookie = await sessionCookieHeader(context);
  const slug = `cjk-${unique()}`;
  const content = '素数定理'.repeat(50_000);
  expect(content).toHaveLength(200_000);
  const input = { title: `Long ${slug}`, slug, excerpt: '', tags: '', coverImage: '', content };
  const created = await callAction(request, baseURL!, createPost.id, [input], adminCookie);
  expect(created).toContain('"ok":true');
  const createdId = /"id":"([0-9a-f-]{36})"/.exec(created)![1]!;
  expect(await callAction(request, baseURL!, blog.find((action) => action.name === 'deleteBlogPostAction')!.id, [createdId], adminCookie)).toContain('"ok":true');

  // A body of exactly the limit reaches the action (here: anonymous, so the action refuses the caller before it reads the input).
  const atLimit = JSON.stringify(['x'.repeat(ACTION_BODY_LIMIT_BYTES - 4)]);
  expect(Buffer.byteLength(atLimit)).toBe(ACTION_BODY_LIMIT_BYTES);
  const reached = await post(preview.id, atLimit);
  expect(reached.status()).toBe(200);
  expect(reached.headers()['content-type']).toContain('text/x-component');
  expect(await reached.text()).toContain('"ok":false,"error":"You need to be signed in to access this area. Please log in to continue."}');

  // One byte more is refused before Next reads it: 413, as plain text (which Next's client throws as the
  // action's error, and the form shows), with the message the browser gives before sending.
  const over = JSON.stringify(['x'.repeat(ACTION_BODY_LIMIT_BYTES - 3)]);
  const refused = await post(preview.id, over, adminCookie);
  expect(refused.status()).toBe(413);
  expect(refused.headers()['content-type']).toBe('text/plain');
  expect(await refused.text()).toBe(tooLarge(ACTION_BODY_LIMIT_BYTES + 1));

  // The attacks of the finding: a 5 MB title and a 50 MB body, refused the same way and fast; pages still answer.
  for (const body of [JSON.stringify([{ ...input, title: 't'.repeat(5_000_000) }]), 'x'.repeat(50_000_000)]) {
    const started = Date.now();
    const [answer, home] = await Promise.all([
      post(createPost.id, body, adminCookie).catch((error: unknown) => {
        // The server may answer before it has read the whole body and close the connection.
        if (error instanceof Error && /ECONNRESET|EPIPE|socket hang up/.test(error.message)) return null;
        throw error;
      }),
      request.get('/'),
    ]);
    expect(home.status()).toBe(200);
    if (answer) {
      expect(answer.status()).toBe(413);
      expect(await answer.text()).toMatch(/^This is too large to save at once/);
    }
    expect(Date.now() - started).toBeLessThan(15_000);
  }
  expect(await (await request.get('/blog')).text()).not.toContain(slug);
});
