import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

import RouteCache, { inlineScriptPolicy, isOwnInlineScript } from '@/lib/cache/route-cache-handler.mjs';
import { contentSecurityPolicy, REACT_TIMING_SCRIPT, REACT_TIMING_SCRIPT_HASH } from '@/lib/content-security-policy.mjs';

/**
 * Issue 31: a Content-Security-Policy without 'unsafe-inline' for scripts on the pages a cache keeps (the
 * hashes of their own inline scripts, stored with each page) and on the admin area (a nonce per response, set
 * by proxy.ts; tests/e2e/security-headers.spec.ts checks both in Chromium).
 */

const require = createRequire(import.meta.url);
const { nodeFs } = require('next/dist/server/lib/node-fs-methods.js') as { nodeFs: unknown };
const handler = () =>
  new RouteCache({ fs: nodeFs, flushToDisk: false, serverDistDir: mkdtempSync(path.join(os.tmpdir(), 'route-cache-')), revalidatedTags: [], maxMemoryCacheSize: 1 << 20 });
const ctx = { isRoutePPREnabled: true, isFallback: false, kind: 'APP_PAGE' };
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

const PUSH = 'self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])';
const BOOT = '(self.__next_f=self.__next_f||[]).push([0])';
const TURBOPACK = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[1]});';
const pageHtml = (extra = '') =>
  `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script><script>${TURBOPACK}</script></head>` +
  `<body><p>Hello</p>${extra}<script type="application/ld+json">{"@type":"Person"}</script><script>${BOOT}</script><script>${PUSH}</script></body></html>`;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a stored page's script policy", () => {
  it("names the hash of each of Next's own inline scripts, and nothing else", () => {
    expect(inlineScriptPolicy(pageHtml())).toBe(`script-src 'self' ${sha256(TURBOPACK)} ${sha256(BOOT)} ${sha256(PUSH)}`);
  });

  it('leaves out an inline script that is not Next\'s, even one dressed as a payload push, and says so once in the log', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const foreign = [
      'alert(1)',
      'self.__next_f.push([1,""]);alert(1)//)',
      'self.__next_f.push([1,""]),alert(1)',
      `${BOOT};alert(1)`,
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(alert(1));',
    ];
    const policy = inlineScriptPolicy(pageHtml(foreign.map((text) => `<script>${text}</script>`).join('')));
    expect(policy).toBe(inlineScriptPolicy(pageHtml()));
    for (const text of foreign) expect(isOwnInlineScript(text), text).toBe(false);
    expect(warn.mock.calls.length).toBeLessThanOrEqual(1);
    warn.mockRestore();
  });

  it('hashes a script as the browser parses it: up to the first </script, line breaks as LF, case of the tags ignored', () => {
    const push = 'self.__next_f.push([1,"a"])';
    expect(inlineScriptPolicy(`<SCRIPT>${push}</SCRIPT >`)).toBe(`script-src 'self' ${sha256(push)}`);
    expect(isOwnInlineScript('self.__next_f.push([1,\n"a"])')).toBe(true);
    expect(inlineScriptPolicy('<script>self.__next_f.push([1,\r\n"a"])</script>')).toBe(`script-src 'self' ${sha256('self.__next_f.push([1,\n"a"])')}`);
  });

  it("React's timing mark: the hash the admin policy names is the text's, and React still writes that text", () => {
    expect(REACT_TIMING_SCRIPT_HASH).toBe(sha256(REACT_TIMING_SCRIPT));
    expect(isOwnInlineScript(REACT_TIMING_SCRIPT)).toBe(true);
    const server = readFileSync(require.resolve('next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js'), 'utf8');
    expect(server, 'React no longer writes this timing script: update REACT_TIMING_SCRIPT and its hash').toContain(REACT_TIMING_SCRIPT);
  });

  it('the whole policy: the given script source, and the rest of the rules every page has', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(contentSecurityPolicy("'nonce-abc'")).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    );
  });
});

describe('the route cache keeps the policy with the page', () => {
  it('in production, adds it and the ETag to the entry Next stores, in place: Next sends that entry, so the first response has them too', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const key = '/route-cache/APP_PAGE/0123abc/$/csp-page';
    const entry = { kind: 'APP_PAGE', html: pageHtml(), rscData: Buffer.from(''), headers: { 'x-next-cache-tags': 'csp' }, postponed: undefined, status: 200 };
    const render = handler();
    await render.get(key, ctx);
    await render.set(key, entry, ctx);
    const headers = entry.headers as Record<string, string>;
    expect(headers['content-security-policy']).toBe(inlineScriptPolicy(pageHtml()));
    expect(headers.etag).toBe(`"${createHash('sha1').update(pageHtml()).digest('base64url')}"`);
    const stored = (await handler().get(key, ctx)) as { value: { headers: Record<string, string> } };
    expect(stored.value.headers['content-security-policy']).toBe(headers['content-security-policy']);
  });

  it('adds it to a page read from the build (the 404 page) when first read, whatever its status', async () => {
    const key = '/route-cache/APP_PAGE/0123abc/$/_not-found';
    await handler().set(key, { kind: 'APP_PAGE', html: pageHtml(), rscData: Buffer.from(''), headers: {}, postponed: undefined, status: 404 }, ctx);
    vi.stubEnv('NODE_ENV', 'production');
    const read = (await handler().get(key, ctx)) as { value: { headers: Record<string, string> } };
    expect(read.value.headers['content-security-policy']).toBe(inlineScriptPolicy(pageHtml()));
    expect(read.value.headers.etag).toBeUndefined();
  });

  it('adds none in development, whose refresh runtime writes scripts of its own', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    const key = '/route-cache/APP_PAGE/0123abc/$/dev-page';
    const entry = { kind: 'APP_PAGE', html: pageHtml(), rscData: Buffer.from(''), headers: {}, postponed: undefined, status: 200 };
    const render = handler();
    await render.get(key, ctx);
    await render.set(key, entry, ctx);
    expect(entry.headers).not.toHaveProperty('content-security-policy');
  });
});
