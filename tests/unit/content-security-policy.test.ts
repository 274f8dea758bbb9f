// @module-tag security
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createContext, runInContext } from 'node:vm';
import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ChunksAfterPaint, chunksAfterFirstPaint } from '@/lib/cache/after-paint.mjs';
import RouteCache, { inlineScriptPolicy, isOwnInlineScript, payloadAsData } from '@/lib/cache/route-cache-handler.mjs';
import { allowsInlineScripts } from '@/lib/streamed-page-chunks';
import { CHUNK_LOADER, contentSecurityPolicy, PAYLOAD_READER, REACT_TIMING_SCRIPT, REACT_TIMING_SCRIPT_HASH } from '@/lib/content-security-policy.mjs';

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

const { htmlEscapeJsonString: escapeForScript } = require('next/dist/shared/lib/htmlescape.js') as { htmlEscapeJsonString: (json: string) => string };
const readerScript = `<script>${PAYLOAD_READER}</script>`;

/** The page's script elements as htmlparser2 reads it (an independent reader): their attributes and text. */
function scriptsOf(html: string) {
  return DomUtils.getElementsByTagName('script', parseDocument(html)).map((element) => ({ element, attribs: element.attribs, text: DomUtils.textContent(element) }));
}

/** The names of the page's elements in document order. */
function elementNames(html: string): string[] {
  return DomUtils.findAll(() => true, parseDocument(html).children).map((element) => element.name);
}

/**
 * What the page pushes into `self.__next_f` when its inline scripts run in document order, as a browser runs
 * them: each sees, through document.querySelectorAll, the elements parsed before it.
 */
function runPage(html: string): unknown {
  const scripts = scriptsOf(html);
  const context: Record<string, unknown> = createContext({});
  context.self = context;
  scripts.forEach((script, index) => {
    const type = script.attribs.type;
    if ('src' in script.attribs || (type !== undefined && type !== '' && type !== 'text/javascript')) return;
    context.document = {
      querySelectorAll(selector: string) {
        expect(selector).toBe('script[data-next-f]');
        return scripts
          .slice(0, index)
          .filter((earlier) => 'data-next-f' in earlier.attribs)
          .map((earlier) => ({ text: earlier.text, removeAttribute: (name: string) => delete earlier.attribs[name] }));
      },
    };
    runInContext(script.text, context);
  });
  return JSON.parse(JSON.stringify(context.__next_f));
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("a stored page's script policy", () => {
  it("names the hash of each of Next's own inline scripts once the payload is data, and nothing else", () => {
    expect(inlineScriptPolicy(payloadAsData(pageHtml()))).toBe(`script-src 'self' ${sha256(TURBOPACK)} ${sha256(BOOT)} ${sha256(PAYLOAD_READER)}`);
  });

  it('leaves out an inline script that is not Next\'s, even one dressed as a payload push, and says so once in the log', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const foreign = [
      'alert(1)',
      'self.__next_f.push([1,""]);alert(1)//)',
      'self.__next_f.push([1,""]),alert(1)',
      `${BOOT};alert(1)`,
      `${PAYLOAD_READER};alert(1)`,
      '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push(alert(1));',
    ];
    const policy = inlineScriptPolicy(payloadAsData(pageHtml(foreign.map((text) => `<script>${text}</script>`).join(''))));
    expect(policy).toBe(inlineScriptPolicy(payloadAsData(pageHtml())));
    for (const text of foreign) expect(isOwnInlineScript(text), text).toBe(false);
    expect(warn.mock.calls.length).toBeLessThanOrEqual(1);
    warn.mockRestore();
  });

  it('hashes a script as the browser parses it: up to the first </script, line breaks as LF, case of the tags ignored', () => {
    expect(inlineScriptPolicy(`<SCRIPT>${BOOT}</SCRIPT >`)).toBe(`script-src 'self' ${sha256(BOOT)}`);
    const turbopack = '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"a":\n1});';
    expect(isOwnInlineScript(turbopack)).toBe(true);
    expect(inlineScriptPolicy(`<script>${turbopack.replace('\n', '\r\n')}</script>`)).toBe(`script-src 'self' ${sha256(turbopack)}`);
  });

  it('the header stays the same size whatever the page: a page of 2,000 payload pieces has the policy of a page of one', () => {
    const pushes = Array.from({ length: 2_000 }, (_, index) => `<script>self.__next_f.push([1,"piece ${index}: \\u003cp\\u003e$x^${index}$\\u003c/p\\u003e"])</script>`).join('');
    const large = inlineScriptPolicy(payloadAsData(pageHtml(pushes)));
    expect(large).toBe(inlineScriptPolicy(payloadAsData(pageHtml())));
    // Even forged scripts of Next's shapes, as many as a sanitiser could miss, add at most a bounded list.
    const forged = Array.from({ length: 500 }, (_, index) => `<script>(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push([${index}]);</script>`).join('');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bounded = inlineScriptPolicy(payloadAsData(pageHtml(forged)));
    warn.mockRestore();
    expect(bounded.split(' ').length).toBeLessThanOrEqual(1 + 1 + 8);
    vi.stubEnv('NODE_ENV', 'production');
    expect(Buffer.byteLength(`Content-Security-Policy: ${contentSecurityPolicy("'unsafe-inline'")}\r\nContent-Security-Policy: ${bounded}\r\n`)).toBeLessThan(1_024);
  });

  it('the payload the data blocks give Next is the one the scripts pushed, in order, read back as a browser reads the page', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.tuple(fc.constant(1), fc.string({ unit: 'binary' })), fc.tuple(fc.constant(3), fc.base64String())), { minLength: 1, maxLength: 20 }), (values) => {
        // As Next writes its pushes (a chunk of the payload, or of binary data in base64): JSON with <, >, & and the line separators escaped.
        const pushes = values.map((value) => `<script>self.__next_f.push(${escapeForScript(JSON.stringify(value))})</script>`).join('<p>text</p>');
        const html = `<!DOCTYPE html><html><head><script>${BOOT}</script></head><body><p>Hello</p>${pushes}</body></html>`;
        expect(runPage(payloadAsData(html))).toEqual(runPage(html));
        expect(runPage(payloadAsData(html))).toHaveLength(values.length + 1);
      }),
    );
  });

  it('the rewrite only ever makes a script inert: a push in an attribute, a comment, a textarea or a srcdoc stays text there, and no hashed script appears', () => {
    const push = 'self.__next_f.push("&quot;);parent.__xss=1;//")';
    for (const context of [
      `<p title="<script>${push}</script>">a</p>`,
      `<p title='<script>${push}</script>'>a</p>`,
      `<p title=<script>${push}</script>a</p>`,
      `<!-- <script>${push}</script> -->`,
      `<textarea><script>${push}</script></textarea>`,
      `<iframe srcdoc='<script>${push}</script>'></iframe>`,
    ]) {
      const html = pageHtml(context);
      const rewritten = payloadAsData(html);
      // The reader aside, the same elements, and not one quote more or less: nothing left an attribute or a comment.
      const withoutReader = rewritten.replace(readerScript, '');
      expect(withoutReader, context).not.toBe(rewritten);
      expect(elementNames(withoutReader), context).toEqual(elementNames(html));
      for (const quote of ['"', "'"]) expect(withoutReader.split(quote).length, `${quote} in ${context}`).toBe(html.split(quote).length);
      // What may run is named by its exact text; the srcdoc's document (its character references decoded) holds nothing of that list.
      const allowed = inlineScriptPolicy(rewritten).split(' ').slice(2);
      const frame = DomUtils.getElementsByTagName('iframe', parseDocument(rewritten))[0];
      for (const script of frame ? scriptsOf(frame.attribs.srcdoc ?? '') : []) expect(allowed, script.text).not.toContain(sha256(script.text));
    }
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
  it('in production, adds it and the ETag to the entry Next stores, and its payload as data, in place: Next sends that entry, so the first response has them too', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    const key = '/route-cache/APP_PAGE/0123abc/$/csp-page';
    const entry = { kind: 'APP_PAGE', html: pageHtml(), rscData: Buffer.from(''), headers: { 'x-next-cache-tags': 'csp' }, postponed: undefined, status: 200 };
    const render = handler();
    await render.get(key, ctx);
    await render.set(key, entry, ctx);
    const headers = entry.headers as Record<string, string>;
    const stored = chunksAfterFirstPaint(payloadAsData(pageHtml()));
    expect(entry.html).toBe(stored);
    expect(headers['content-security-policy']).toBe(inlineScriptPolicy(stored));
    expect(headers['content-security-policy']).toContain(sha256(CHUNK_LOADER));
    expect(headers.etag).toBe(`"${createHash('sha1').update(entry.html).digest('base64url')}"`);
    const read = (await handler().get(key, ctx)) as { value: { headers: Record<string, string> } };
    expect(read.value.headers['content-security-policy']).toBe(headers['content-security-policy']);
  });

  it('adds it to a page read from the build (the 404 page) when first read, whatever its status', async () => {
    const key = '/route-cache/APP_PAGE/0123abc/$/_not-found';
    await handler().set(key, { kind: 'APP_PAGE', html: pageHtml(), rscData: Buffer.from(''), headers: {}, postponed: undefined, status: 404 }, ctx);
    vi.stubEnv('NODE_ENV', 'production');
    const read = (await handler().get(key, ctx)) as { value: { html: string; headers: Record<string, string> } };
    expect(read.value.html).toBe(chunksAfterFirstPaint(payloadAsData(pageHtml())));
    expect(read.value.headers['content-security-policy']).toBe(inlineScriptPolicy(chunksAfterFirstPaint(payloadAsData(pageHtml()))));
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
    expect(entry.html).toBe(pageHtml());
  });
});

/**
 * Issue 49: a stored page's JavaScript loads after its first paint. Its head's chunk scripts and page-view script
 * and React's bootstrap script after the content become inert blocks, the bootstrap's preload goes, and
 * CHUNK_LOADER adds them back once the page has painted.
 */
describe("a stored page's chunks after its first paint", () => {
  const head = (scripts: string) => `<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="stylesheet" href="/_next/static/chunks/s.css" data-precedence="next"/>${scripts}</head>`;
  const CHUNKS = ['/_next/static/chunks/0u59_mh3fb-c-.js', '/_next/static/chunks/1bhl2-6f2q_ba.js', '/_next/static/chunks/turbopack-077hmtqrhcoji.js'];
  const INSIGHTS = '<script src="/insights/script.js" async=""></script>';
  const POLYFILL = '<script src="/_next/static/chunks/polyfill.js" noModule=""></script>';
  const BOOTSTRAP = '/_next/static/chunks/171ke1mrulrwg.js';
  const PRELOAD = `<link rel="preload" as="script" fetchPriority="low" href="${BOOTSTRAP}"/>`;
  const page = (body = '<p>Hello</p>') =>
    `${head(`${PRELOAD}${CHUNKS.map((src) => `<script src="${src}" async=""></script>`).join('')}${INSIGHTS}${POLYFILL}`)}<body>${body}<script src="${BOOTSTRAP}" id="_R_" async=""></script><script>self.__next_f=[]</script></body></html>`;
  /** What the loader adds, in order: the head's blocks, then the bootstrap's. */
  const LOADED = [...CHUNKS, '/insights/script.js', BOOTSTRAP];

  /**
   * A browser for the page's loader: the scripts it adds to the head, and what the browser does next. `frame()`
   * runs the animation-frame callbacks asked for before it, then the timers due at once; `paint(name)` reports a
   * Paint Timing entry (`first-paint`, `first-contentful-paint`) to the observers, as a browser does once that
   * frame is on the screen, then runs the timers due at once; `wait(ms)` runs the timers due by then.
   * `paintTiming: false` is a browser without Paint Timing (no PerformanceObserver).
   */
  function browserFor(html: string, { paintTiming = true } = {}) {
    const blocks = scriptsOf(html).filter((script) => 'data-after-paint' in script.attribs);
    const added: { src: string; async: boolean }[] = [];
    const frames: (() => void)[] = [];
    const timers: { run: () => void; at: number }[] = [];
    const observers: ((list: { getEntriesByName: (name: string) => object[] }) => void)[] = [];
    let now = 0;
    const due = () => {
      for (;;) {
        const next = timers.filter((timer) => timer.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!next) return;
        timers.splice(timers.indexOf(next), 1);
        next.run();
      }
    };
    class PaintObserver {
      static supportedEntryTypes = ['element', 'largest-contentful-paint', 'paint', 'resource'];
      constructor(callback: (typeof observers)[number]) {
        observers.push(callback);
      }
      observe(options: object) {
        expect(options).toEqual({ type: 'paint', buffered: true });
      }
    }
    const context = createContext({
      ...(paintTiming ? { PerformanceObserver: PaintObserver } : {}),
      requestAnimationFrame: (run: () => void) => frames.push(run),
      setTimeout: (run: () => void, ms = 0) => timers.push({ run, at: now + ms }),
      document: {
        querySelectorAll: (selector: string) => {
          expect(selector).toBe('script[data-after-paint]');
          return blocks
            .filter((block) => 'data-after-paint' in block.attribs)
            .map((block) => ({ getAttribute: (name: string) => block.attribs[name], removeAttribute: (name: string) => delete block.attribs[name] }));
        },
        createElement: (name: string) => {
          expect(name).toBe('script');
          return { src: '', async: false };
        },
        head: { appendChild: (element: { src: string; async: boolean }) => added.push(element) },
      },
    });
    context.self = context;
    const loaders = scriptsOf(html).filter((script) => script.text === CHUNK_LOADER);
    expect(loaders).toHaveLength(1);
    return {
      added,
      run: () => runInContext(loaders[0]!.text, context),
      frame: () => {
        for (const run of frames.splice(0)) run();
        due();
      },
      paint: (name: string) => {
        for (const observer of observers) observer({ getEntriesByName: (wanted) => (wanted === name ? [{ name, entryType: 'paint' }] : []) });
        due();
      },
      wait: (ms: number) => {
        now += ms;
        due();
      },
    };
  }

  /** Runs the page's loader as a browser would: answers the scripts it adds once the first contentful paint is reported, and checks that none is added before. */
  function loadAfterPaint(html: string): { src: string; async: boolean }[] {
    const browser = browserFor(html);
    browser.run();
    expect(browser.added, 'nothing before the first frame').toEqual([]);
    browser.frame();
    browser.frame();
    browser.paint('first-paint');
    expect(browser.added, 'nothing before the first contentful paint is on the screen').toEqual([]);
    browser.paint('first-contentful-paint');
    expect(browser.added.length, 'the scripts once it is').toBeGreaterThan(0);
    // Run again (or reported again), it adds nothing more: each script loads once.
    browser.run();
    browser.paint('first-contentful-paint');
    browser.wait(5000);
    return browser.added;
  }

  it("moves each of Next's chunk scripts, the page-view script and the bootstrap script into an inert block, drops the bootstrap's preload, and ends the page with the loader its policy names", () => {
    const html = chunksAfterFirstPaint(page());
    const scripts = scriptsOf(html);
    expect(scripts.filter((script) => script.attribs.src !== undefined && !('nomodule' in script.attribs))).toEqual([]);
    expect(scripts.filter((script) => 'data-after-paint' in script.attribs).map((script) => [script.attribs['data-after-paint'], script.attribs.type, script.text])).toEqual(
      LOADED.map((src) => [src, 'application/json', '']),
    );
    expect(html).not.toContain('rel="preload" as="script"');
    expect(html).toContain(POLYFILL);
    expect(html).toContain('<p>Hello</p><script type=application/json data-after-paint="/_next/static/chunks/171ke1mrulrwg.js"></script><script>self.__next_f=[]</script>');
    expect(html.endsWith(`<script>${CHUNK_LOADER}</script></body></html>`)).toBe(true);
    expect(inlineScriptPolicy(html)).toBe(`script-src 'self' ${sha256(CHUNK_LOADER)}`);
  });

  it('the loader adds every script back to the head, async, in order and once each, only once the first contentful paint is on the screen', () => {
    expect(loadAfterPaint(chunksAfterFirstPaint(page()))).toEqual(LOADED.map((src) => ({ src, async: true })));
  });

  it('without Paint Timing the loader waits two frames; with it, a page that reports no paint (opened in the background) gets its scripts after 3 seconds', () => {
    const loaded = LOADED.map((src) => ({ src, async: true }));
    const old = browserFor(chunksAfterFirstPaint(page()), { paintTiming: false });
    old.run();
    old.frame();
    expect(old.added, 'nothing at the first frame').toEqual([]);
    old.frame();
    expect(old.added).toEqual(loaded);

    const hidden = browserFor(chunksAfterFirstPaint(page()));
    hidden.run();
    hidden.frame();
    hidden.wait(2999);
    expect(hidden.added, 'nothing before 3 seconds').toEqual([]);
    hidden.wait(1);
    expect(hidden.added).toEqual(loaded);
    hidden.paint('first-contentful-paint');
    expect(hidden.added, 'once each').toEqual(loaded);
  });

  it("loads nothing but Next's own chunks and the page-view script: a forged block naming another script is skipped", () => {
    const forged = ['/storage/evil.js', 'https://evil.example/x.js', '/_next/static/chunks/../../storage/x.js', 'javascript:alert(1)', '/insights/script.js?x', '/storage/insights/script.js'];
    const html = chunksAfterFirstPaint(page(forged.map((src) => `<script type=application/json data-after-paint="${src}"></script>`).join('')));
    expect(loadAfterPaint(html).map(({ src }) => src)).toEqual(LOADED);
  });

  it('reads only the head for chunk scripts: after it, only the first bootstrap script moves, a lookalike stays, and a page without chunk scripts is left whole', () => {
    const lookalikes = ['<script src="/_next/static/chunks/body.js" async=""></script>', '<script src="/insights/script.js" async=""></script>', `<script src="${BOOTSTRAP}" id="_R_x" async=""></script>`];
    const html = chunksAfterFirstPaint(page(`<p>Hello</p>${lookalikes.join('')}`));
    for (const lookalike of lookalikes) expect(html).toContain(lookalike);
    expect(loadAfterPaint(html).map(({ src }) => src)).toEqual(LOADED);
    const second = `<script src="/_next/static/chunks/second.js" id="_R_" async=""></script>`;
    expect(chunksAfterFirstPaint(`${page()}`.replace('</body>', `${second}</body>`))).toContain(second);
    const without = `${head(POLYFILL)}<body><p>Hello</p><script src="${BOOTSTRAP}" id="_R_" async=""></script></body></html>`;
    expect(chunksAfterFirstPaint(without)).toBe(without);
    expect(chunksAfterFirstPaint('<p>no head</p>')).toBe('<p>no head</p>');
  });
});

/**
 * Issue 49: a page rendered per request is rewritten as it streams out (lib/streamed-page-chunks.ts), piece by
 * piece, into the same bytes chunksAfterFirstPaint makes of the whole page.
 */
describe("a streamed page's chunks after its first paint", () => {
  const CHUNKS = ['/_next/static/chunks/0u59_mh3fb-c-.js', '/_next/static/chunks/turbopack-077hmtqrhcoji.js'];
  const head = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Talks — Café</title>${CHUNKS.map((src) => `<script src="${src}" async=""></script>`).join('')}<script src="/insights/script.js" async=""></script></head>`;
  const BOOTSTRAP = '<script src="/_next/static/chunks/171ke1mrulrwg.js" id="_R_" async=""></script>';
  const pages = [
    `${head}<body><p>Ünïcode ∑ and a lookalike <script src="/_next/static/chunks/body.js" async=""></script></p>${BOOTSTRAP}<script>self.__next_f=[]</script></body></html>`,
    `${head}<body><p>a lookalike first: <script src="/_next/static/chunks/a.js" id="_R_x" async=""></script><script src="/_next/static/chunks/b.js" id="_R_" async="" </p>${BOOTSTRAP}${BOOTSTRAP.replace('171ke', 'second')}</body></html>`,
    `${head}<body><p>ends in a bootstrap</p><script src="/_next/static/chunks/171ke1mrulrwg.js" id="_R_`,
    `${head}<body><p>no end tag</p></body>`,
    `${head}<body><p>ends on a prefix</p></b`,
    '<!DOCTYPE html><html><head><title>no chunks</title></head><body><p>x</p></body></html>',
    '<p>no head at all</p>',
  ];

  /** The page cut at the given byte offsets, streamed through the rewrite: everything it sent, in order. */
  function streamed(html: string, cuts: number[]): Buffer {
    const bytes = Buffer.from(html);
    const offsets = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
    const rewriter = new ChunksAfterPaint();
    const sent: Buffer[] = [];
    let from = 0;
    for (const to of [...offsets, bytes.length]) {
      sent.push(...rewriter.push(bytes.subarray(from, to)));
      from = to;
    }
    sent.push(...rewriter.end());
    return Buffer.concat(sent);
  }

  it('sends, however the page is cut into pieces (inside a tag, a character or </body></html>), what chunksAfterFirstPaint makes of it whole', () => {
    fc.assert(
      fc.property(fc.constantFrom(...pages), fc.array(fc.nat(), { maxLength: 12 }), (html, cuts) => {
        expect(streamed(html, cuts).toString('utf8')).toBe(chunksAfterFirstPaint(html));
      }),
      { numRuns: 400 },
    );
    expect(chunksAfterFirstPaint(pages[0]!)).not.toBe(pages[0]);
    expect(chunksAfterFirstPaint(pages[0]!).endsWith(`<script>${CHUNK_LOADER}</script></body></html>`)).toBe(true);
  });

  it('holds back nothing of a page that has no chunk scripts once its head has arrived, and after a moved head only what may begin the bootstrap script or </body></html>', () => {
    const still = new ChunksAfterPaint();
    expect(still.push(Buffer.from('<html><head><title>x</title>'))).toEqual([]);
    expect(Buffer.concat(still.push(Buffer.from('</head><body>')))).toEqual(Buffer.from('<html><head><title>x</title></head><body>'));
    expect(still.push(Buffer.from('<p>later</p></body></html>'))).toEqual([Buffer.from('<p>later</p></body></html>')]);
    expect(still.end()).toEqual([]);
    const moved = new ChunksAfterPaint();
    expect(Buffer.concat(moved.push(Buffer.from(`${head}<body><p>first</p>`))).toString()).toContain('<p>first</p>');
    expect(Buffer.concat(moved.push(Buffer.from('<p>second</p><script src="/_next/st'))).toString()).toBe('<p>second</p>');
    expect(Buffer.concat(moved.push(Buffer.from('atic/chunks/b.js" async=""></script><script src="/_next/static/chunks/r.js" id="_'))).toString()).toBe(
      '<script src="/_next/static/chunks/b.js" async=""></script>',
    );
    expect(Buffer.concat(moved.push(Buffer.from('R_" async=""></script><p>third</p></bo'))).toString()).toBe(
      '<script type=application/json data-after-paint="/_next/static/chunks/r.js"></script><p>third</p>',
    );
    expect(Buffer.concat([...moved.push(Buffer.from('dy></html>')), ...moved.end()]).toString()).toBe(`<script>${CHUNK_LOADER}</script></body></html>`);
  });

  it('lets a page without </head> in its first 256 kB go out unchanged', () => {
    const rewriter = new ChunksAfterPaint();
    const big = Buffer.alloc(300 * 1024, 'a');
    expect(Buffer.concat(rewriter.push(big)).equals(big)).toBe(true);
    expect(Buffer.concat(rewriter.push(Buffer.from(head))).toString()).toBe(head);
  });

  it('rewrites only under a policy that lets inline scripts run: not with a nonce or a hash', () => {
    expect(allowsInlineScripts([])).toBe(true);
    expect(allowsInlineScripts([contentSecurityPolicy("'unsafe-inline'")])).toBe(true);
    expect(allowsInlineScripts([contentSecurityPolicy("'unsafe-inline'"), contentSecurityPolicy("'nonce-abc'")])).toBe(false);
    expect(allowsInlineScripts([contentSecurityPolicy("'unsafe-inline'"), `script-src 'self' ${sha256(CHUNK_LOADER)}`])).toBe(false);
    expect(allowsInlineScripts(["default-src 'self'"])).toBe(false);
    expect(allowsInlineScripts(["default-src 'self' 'unsafe-inline'"])).toBe(true);
    expect(allowsInlineScripts(["default-src 'none'; script-src 'self' 'unsafe-inline' 'nonce-x'"])).toBe(false);
  });
});
