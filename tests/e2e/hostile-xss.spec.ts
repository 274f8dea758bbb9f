// @module-tag security
import { existsSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

import { callAction, serverActions, sessionCookieHeader } from './fixtures/actions';
import { ADMIN, signIn } from './fixtures/auth';
import { expect } from './fixtures/csp';
import { siteTest } from './fixtures/site';

/**
 * The XSS corpus (issue 15): Debian's wfuzz list (Injections/XSS.txt) and our own payloads, saved by the
 * admin's own actions into every text field that reaches a public page, then every public page that shows
 * them opened in Chromium with a canary: alert/confirm/prompt/print and `window.__xss` record any script
 * that runs, and no element may carry an inline event handler or a javascript: address. The payloads' text
 * must be on the pages (shown as text), so the check cannot pass by showing nothing.
 */

const WFUZZ_XSS = '/usr/share/wfuzz/wordlist/Injections/XSS.txt';

const OWN = [
  '<img src=x onerror="window.__xss.push(\'img\')">',
  '<svg onload="window.__xss.push(\'svg\')">',
  '<iframe srcdoc="<script>parent.__xss.push(\'srcdoc\')</script>">',
  '<details open ontoggle="window.__xss.push(\'toggle\')">',
  '<a href="javascript:window.__xss.push(\'link\')">WXSS link</a>',
  '[WXSS md link](javascript:window.__xss.push("md"))',
  '![WXSS md image](javascript:window.__xss.push("mdimg"))',
  '$\\href{javascript:window.__xss.push("katex")}{WXSS}$',
  '"><script>window.__xss.push("quote")</script>',
  '</title><script>window.__xss.push("title")</script>',
  '</script><script>window.__xss.push("json")</script>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss.push(\'mxss\')">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss.push(\'noscript\')>">',
  '{{constructor.constructor("window.__xss.push(\'template\')")()}}',
];

function corpus(): string[] {
  if (!existsSync(WFUZZ_XSS)) throw new Error(`${WFUZZ_XSS} is missing: install Debian's wfuzz (apt-get install -y wfuzz), as .ci/run does.`);
  const wfuzz = readFileSync(WFUZZ_XSS, 'utf8').split('\n').map((line) => line.trim()).filter(Boolean);
  expect(wfuzz.length).toBeGreaterThan(30);
  return [...wfuzz, ...OWN];
}

/** Payloads packed into texts of at most `max` characters, each with a visible WXSS marker. */
function packed(payloads: readonly string[], max: number): string[] {
  const texts: string[] = [];
  let current = '';
  for (const payload of payloads) {
    const piece = `${payload} WXSS `;
    if (piece.length > max) continue;
    if (current.length + piece.length > max) {
      texts.push(current.trim());
      current = '';
    }
    current += piece;
  }
  if (current.trim()) texts.push(current.trim());
  return texts;
}

const test = siteTest({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, SEED_SAMPLE_CONTENT: 'false' });

/** Opens a page with the canary armed; answers what ran and what the DOM carries that it must not. */
async function visit(page: Page, url: string, status = 200): Promise<{ ran: string[]; handlers: string[]; text: string }> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(status);
  await page.waitForLoadState('load');
  // Hover and focus everything once: handlers such as onmouseover or onfocus would fire now.
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll('body *')).slice(0, 3000)) {
      for (const type of ['mouseover', 'mouseenter', 'focus', 'toggle', 'animationstart']) element.dispatchEvent(new Event(type));
    }
  });
  return page.evaluate(() => {
    const handlers: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        const value = attribute.value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
        if (attribute.name.startsWith('on') || ((attribute.name === 'href' || attribute.name === 'src' || attribute.name === 'action') && /^(javascript|vbscript|data:text\/html)/.test(value))) {
          handlers.push(`<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value.slice(0, 60)}">`);
        }
      }
    }
    return { ran: (window as unknown as { __xss: string[] }).__xss, handlers, text: document.body.innerText };
  });
}

test('the XSS corpus in every text field that reaches a public page runs nothing in Chromium', async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  const payloads = corpus();
  const everything = payloads.join('\n\n');
  const short = packed(payloads, 190);
  const tiny = packed(payloads, 75).slice(0, 30);
  // Papers, posts and personal posts take 300-character titles: fewer, fuller items, each with its own page.
  const titles = packed(payloads, 290);
  expect(short.length).toBeGreaterThan(5);

  await page.addInitScript(() => {
    const ran: string[] = [];
    Object.defineProperty(window, '__xss', { value: ran, writable: false });
    for (const name of ['alert', 'confirm', 'prompt', 'print'] as const) {
      Object.defineProperty(window, name, { value: (message?: unknown) => ran.push(`${name}(${String(message).slice(0, 40)})`) });
    }
  });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  await signIn(page, ADMIN, '/admin/login');
  const cookie = await sessionCookieHeader(page.context());
  const actions = new Map(serverActions('app/admin/(guarded)/').map((action) => [action.name, action.id]));
  const save = async (name: string, ...args: unknown[]) => {
    const body = await callAction(request, baseURL!, actions.get(name)!, args, cookie);
    expect(body, `${name} saves`).toContain('"ok":true');
    return body;
  };

  await save('saveAboutAction', {
    name: tiny[0],
    title: short[0],
    bio: everything,
    imageUrl: '',
    skills: tiny,
    education: short.slice(0, 5).map((text, index) => ({ institution: text, degree: short[index + 1], field: short[index + 2], startYear: 2010 + index, endYear: 2012 + index })),
    researchInterests: short.slice(0, 5).map((text) => ({ title: text, description: everything.slice(0, 2000) })),
    affiliation: short[1],
    footerBlurb: everything.slice(0, 500),
    email: '',
    links: short.slice(0, 3).map((text) => ({ kind: 'other', label: text.slice(0, 60), url: 'https://example.org/' })),
    mark: '∂',
    markImageUrl: null,
  });
  await save('saveExperienceAction', {
    items: short.slice(0, 8).map((text, index) => ({
      id: `exp-${index}`,
      title: text,
      company: short[(index + 1) % short.length],
      location: tiny[index % tiny.length],
      startDate: '2020-01',
      endDate: '',
      description: everything.slice(0, 10_000),
      highlights: short.slice(0, 10),
      technologies: tiny,
    })),
  });
  await save('saveProjectsAction', {
    items: short.slice(0, 8).map((text, index) => ({
      id: `proj-${index}`,
      title: text,
      description: everything,
      category: 'academic',
      technologies: tiny,
      image: '',
      link: 'https://example.org/?q="><script>window.__xss.push("url")</script>',
      github: '',
      featured: index < 3,
    })),
  });
  const papers: string[] = [];
  const posts: string[] = [];
  const personal: string[] = [];
  for (const [index, text] of titles.entries()) {
    const paper = await save('createPaperAction', {
      title: text,
      journal: short[(index + 1) % short.length],
      authors: tiny.slice(0, 5).map((author) => author.replace(/,/g, ' ')).join(', '),
      date: '2024-01-01',
      abstract: everything.slice(0, 20_000),
      link: '',
      pdfUrl: '',
      tags: tiny.slice(0, 10).map((tag) => tag.replace(/,/g, ' ')).join(', '),
      doi: '',
      arxivId: '',
      status: 'published',
    });
    papers.push(/"id":"([0-9a-f-]{36})"/.exec(paper)![1]!);
    const post = await save('createBlogPostAction', {
      title: text,
      slug: `xss-post-${index}`,
      excerpt: short[(index + 1) % short.length],
      tags: tiny.slice(0, 10).map((tag) => tag.replace(/,/g, ' ')).join(', '),
      coverImage: '',
      content: everything,
    });
    posts.push(/"slug":"([^"]+)"/.exec(post)![1]!);
    const story = await save('createPersonalPostAction', { title: text, type: 'story', content: everything.replace(/\n\n/g, '<br>'), imageUrls: [] });
    personal.push(/"id":"([0-9a-f-]{36})"/.exec(story)![1]!);
  }
  await save('saveSiteSettingsAction', { siteTitle: tiny[1], metaDescription: short[1]!.slice(0, 300), socialImageUrl: '' });
  await save('saveProfileAction', { displayName: tiny[2], bio: everything.slice(0, 2000) });

  const pages = [
    '/',
    '/about',
    '/experience',
    '/projects',
    '/research',
    '/cv',
    '/blog',
    '/personal',
    ...papers.map((id) => `/research/${id}`),
    ...posts.map((slug) => `/blog/${slug}`),
    ...personal.map((id) => `/personal/${id}`),
    '/no-such-page-WXSS',
  ];
  for (const url of pages) {
    const result = await visit(page, url, url === '/no-such-page-WXSS' ? 404 : 200);
    expect(result.ran, `script ran on ${url}`).toEqual([]);
    expect(result.handlers, `inline handlers or script addresses on ${url}`).toEqual([]);
    if (url !== '/no-such-page-WXSS') expect(result.text, `the payloads are shown as text on ${url}`).toContain('WXSS');
  }
  expect(dialogs).toEqual([]);
});
