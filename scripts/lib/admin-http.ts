import { readFileSync } from 'node:fs';
import path from 'node:path';

import { repoRoot } from '../../tests/helpers/site-server';

/*
 * The admin, over HTTP as the browser does it: signing in through the login form's action and calling an
 * editor's server actions, for the scripts that measure a running build (npm run bench, npm run lighthouse).
 */

/** The account the measuring scripts start the site with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'bench-owner@example.com', password: 'bench-owner-password-1' };

/**
 * A long post beside the sample content: 40 formulas (10 of them displayed) and a 30-row table
 * (tests/fixtures/long-post.md), added through the blog editor's action (addLongPost) before pages are measured.
 */
export const LONG_POST = {
  title: 'Primes in short intervals, at length',
  slug: 'primes-in-short-intervals-at-length',
  excerpt: 'The explicit formula, zero-density estimates and a table of the first thirty primes.',
  tags: 'number theory, primes',
  coverImage: '',
  content: readFileSync(path.join(repoRoot, 'tests', 'fixtures', 'long-post.md'), 'utf8'),
};

/**
 * A server action's id from the build's server-reference manifest (as a deployed build exposes them): the build
 * in NEXT_DIST_DIR when set, as next.config.mjs places it, else `.next`.
 */
export function actionId(name: string, file: string): string {
  const distDir = process.env.NEXT_DIST_DIR || '.next';
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, distDir, 'server', 'server-reference-manifest.json'), 'utf8')) as {
    node: Record<string, { exportedName?: string; filename?: string }>;
  };
  const found = Object.entries(manifest.node).find(([, entry]) => entry.exportedName === name && entry.filename === file);
  if (!found) throw new Error(`No server action ${name} of ${file} in the build.`);
  return found[0];
}

/**
 * Signs in through the login form's action (useActionState: the previous state and the form's FormData,
 * which React's reply encoding sends as multipart fields `_1_<name>` referenced by `$K1`). Answers the
 * session cookies as one Cookie header.
 */
export async function signIn(baseUrl: string): Promise<string> {
  const body = new FormData();
  body.append('_1_email', ADMIN.email);
  body.append('_1_password', ADMIN.password);
  // The root last, as React sends it: the server resolves `$K1` from the fields received before it.
  body.append('0', JSON.stringify(['$undefined', '$K1']));
  const response = await fetch(`${baseUrl}/admin/login`, {
    method: 'POST',
    headers: { 'Next-Action': actionId('signInAction', 'app/admin/(open)/login/actions.ts'), Accept: 'text/x-component', Origin: baseUrl },
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (!response.ok || !text.includes('"ok":true') || !cookies.some((cookie) => cookie.startsWith('pf-access='))) {
    throw new Error(`Signing in as ${ADMIN.email} failed (${response.status}): ${text.slice(0, 300)}`);
  }
  return cookies.join('; ');
}


/** Calls an editor's server action with plain arguments, posted to the editor's page as the browser does. */
export function callAction(baseUrl: string, cookie: string, editor: string, action: string, args: unknown[]): Promise<Response> {
  return fetch(`${baseUrl}/admin/${editor}/edit`, {
    method: 'POST',
    headers: {
      'Next-Action': actionId(action, `app/admin/(guarded)/${editor}/edit/actions.ts`),
      'Content-Type': 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
      Origin: baseUrl,
      Cookie: cookie,
    },
    body: JSON.stringify(args),
    redirect: 'manual',
  });
}

/** Adds the long post (LONG_POST) through the blog editor's action. */
export async function addLongPost(baseUrl: string, cookie: string): Promise<void> {
  const response = await callAction(baseUrl, cookie, 'blog', 'createBlogPostAction', [LONG_POST]);
  const text = await response.text();
  if (!response.ok || !text.includes('"ok":true')) throw new Error(`Adding the long post failed (${response.status}): ${text.slice(0, 300)}`);
}
