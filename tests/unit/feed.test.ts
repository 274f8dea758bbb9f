import { describe, expect, it } from 'vitest';

import { atomFeed, escapeXml, FEED_LIMIT, feedEntries, type FeedPost, type FeedSite } from '@/lib/feed';

const SITE: FeedSite = { address: 'https://alex.example', siteTitle: 'Alex Morgan', author: 'Alex Morgan' };

function post(overrides: Partial<FeedPost> = {}): FeedPost {
  return {
    slug: 'primes-in-progressions',
    title: 'Primes in progressions',
    excerpt: 'Why Dirichlet was right.',
    content: 'Let $q \\ge 1$.',
    date: '2026-03-05',
    updatedAt: '2026-03-05T10:20:30.000Z',
    tags: ['number theory'],
    ...overrides,
  };
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`A bare '&' in ${JSON.stringify(text)}`);
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, name: string) =>
    name.startsWith('#') ? String.fromCodePoint(parseInt(name.slice(name[1] === 'x' ? 2 : 1), name[1] === 'x' ? 16 : 10)) : ENTITY[name]!,
  );
}

/**
 * A strict reading of the small XML the feed is (elements, attributes, text, one declaration): throws on
 * anything not well-formed, such as a stray '<', a bare '&' or a tag closed out of order.
 */
function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="utf-8"\?>\n/, '');
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const open: XmlElement[] = [root];
  const tag = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/y;
  let at = 0;
  while (at < body.length) {
    const next = body.indexOf('<', at);
    const text = body.slice(at, next === -1 ? body.length : next);
    if (text.includes('>')) throw new Error(`A bare '>' in ${JSON.stringify(text)}`);
    open.at(-1)!.text += decode(text);
    if (next === -1) break;
    tag.lastIndex = next;
    const match = tag.exec(body);
    if (!match) throw new Error(`Not a tag at ${next}: ${body.slice(next, next + 40)}`);
    const [whole, closing, name, attributeText, selfClosing] = match;
    at = next + whole.length;
    if (closing) {
      if (open.pop()?.name !== name) throw new Error(`</${name}> closes nothing open`);
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, key, value] of attributeText!.matchAll(/([\w:.-]+)="([^"]*)"/g)) attributes[key!] = decode(value!);
    const element: XmlElement = { name: name!, attributes, children: [], text: '' };
    open.at(-1)!.children.push(element);
    if (!selfClosing) open.push(element);
  }
  if (open.length !== 1 || root.children.length !== 1 || root.text.trim()) throw new Error('Not one root element');
  return root.children[0]!;
}

const child = (element: XmlElement, name: string) => element.children.find((c) => c.name === name);
const children = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);
const entries = (feed: XmlElement) => children(feed, 'entry');

describe('the blog feed (Atom)', () => {
  it('is a well-formed Atom feed with its id, title, last change, self and alternate links and author', () => {
    const feed = parseXml(atomFeed(SITE, feedEntries(SITE.address, [post({ updatedAt: '2026-03-01T00:00:00.000Z' }), post({ slug: 'b', updatedAt: '2026-04-02T08:00:00.000Z' })])));
    expect(feed.name).toBe('feed');
    expect(feed.attributes.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(child(feed, 'id')!.text).toBe('https://alex.example/feed.xml');
    expect(child(feed, 'title')!.text).toBe('Alex Morgan — Blog');
    expect(child(feed, 'updated')!.text).toBe('2026-04-02T08:00:00.000Z');
    expect(children(feed, 'link').map((link) => link.attributes)).toEqual([
      { rel: 'self', type: 'application/atom+xml', href: 'https://alex.example/feed.xml' },
      { rel: 'alternate', type: 'text/html', href: 'https://alex.example/blog' },
    ]);
    expect(child(child(feed, 'author')!, 'name')!.text).toBe('Alex Morgan');
  });

  it("gives each post one entry: its address as id and link, title, date published, last update, excerpt as summary, tags as categories", () => {
    const feed = parseXml(atomFeed(SITE, feedEntries(SITE.address, [post({ slug: 'zeta zeros', tags: ['analysis', 'primes'] }), post()])));
    expect(entries(feed)).toHaveLength(2);
    const entry = entries(feed)[0]!;
    expect(child(entry, 'id')!.text).toBe('https://alex.example/blog/zeta%20zeros');
    expect(child(entry, 'link')!.attributes).toEqual({ rel: 'alternate', type: 'text/html', href: 'https://alex.example/blog/zeta%20zeros' });
    expect(child(entry, 'title')!.text).toBe('Primes in progressions');
    expect(child(entry, 'published')!.text).toBe('2026-03-05T00:00:00.000Z');
    expect(child(entry, 'updated')!.text).toBe('2026-03-05T10:20:30.000Z');
    expect(child(entry, 'summary')!.text).toBe('Why Dirichlet was right.');
    expect(children(entry, 'category').map((category) => category.attributes.term)).toEqual(['analysis', 'primes']);
  });

  it('escapes markup characters in titles, excerpts and tags, and drops characters XML cannot carry', () => {
    const title = `Less <b>than</b> & "quotes" 'too'\u0000\u001b`;
    const xml = atomFeed(SITE, feedEntries(SITE.address, [post({ title, excerpt: 'a < b && c > d', tags: ['"x" & <y>'] })]));
    const entry = entries(parseXml(xml))[0]!;
    expect(child(entry, 'title')!.text).toBe(`Less <b>than</b> & "quotes" 'too'`);
    expect(child(entry, 'summary')!.text).toBe('a < b && c > d');
    expect(child(entry, 'category')!.attributes.term).toBe('"x" & <y>');
    expect(xml).not.toContain('<b>');
    expect(escapeXml(`<&>"'\u0007\uFFFE😀`)).toBe('&lt;&amp;&gt;&quot;&apos;😀');
  });

  it('carries each post in full as escaped HTML, its mathematics typeset as MathML', () => {
    const content = '# Setting\n\nLet $x^2 \\le q$ and\n\n$$\n\\sum_{n \\le x} \\Lambda(n) \\sim x\n$$\n\n- one\n- two';
    const feed = parseXml(atomFeed(SITE, feedEntries(SITE.address, [post({ content })])));
    const html = child(entries(feed)[0]!, 'content')!;
    expect(html.attributes.type).toBe('html');
    expect(html.children).toEqual([]);
    expect(html.text).toContain('<h2>Setting</h2>');
    expect(html.text).toMatch(/<math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML"><semantics><mrow><msup><mi>x<\/mi><mn>2<\/mn><\/msup>/);
    expect(html.text).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">');
    expect(html.text).toContain('<annotation encoding="application/x-tex">\\sum_{n \\le x} \\Lambda(n) \\sim x</annotation>');
    expect(html.text).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html.text).not.toContain('$');
  });

  it("makes the content's relative links and images absolute, so they work in a feed reader", () => {
    const content = '[the list](/blog) and [a note](#later), ![a plot](/storage/blog-images/plot.png) and [elsewhere](https://example.org/x)';
    const html = child(entries(parseXml(atomFeed(SITE, feedEntries(SITE.address, [post({ content })]))))[0]!, 'content')!.text;
    expect(html).toContain('<a href="https://alex.example/blog">the list</a>');
    expect(html).toContain('<a href="https://alex.example/blog/primes-in-progressions#later">a note</a>');
    expect(html).toContain('<img src="https://alex.example/storage/blog-images/plot.png" alt="a plot">');
    expect(html).toContain('<a href="https://example.org/x">elsewhere</a>');
  });

  it('puts no script into the feed from hostile markup: raw HTML is dropped, script addresses refused', () => {
    const content = [
      '<script>alert(1)</script>',
      '<img src="x" onerror="alert(2)">',
      '[click](javascript:alert(3)) ![pic](javascript:alert(4))',
      '$\\href{javascript:alert(5)}{x}$ $\\htmlClass{x}{y}$',
    ].join('\n\n');
    const html = child(entries(parseXml(atomFeed(SITE, feedEntries(SITE.address, [post({ content })]))))[0]!, 'content')!.text;
    expect(html).not.toMatch(/<script|onerror|="javascript:|<img src="x"/i);
    // The refused link keeps its text; a formula's \href is shown as source, never made a link.
    expect(html.match(/<a\b[^>]*>/g)).toEqual(['<a>']);
    expect(html).toContain('<a>click</a>');
  });

  it(`lists only the newest ${FEED_LIMIT} posts, newest first`, () => {
    const posts = Array.from({ length: FEED_LIMIT + 5 }, (_, i) => post({ slug: `post-${i}` }));
    const feed = parseXml(atomFeed(SITE, feedEntries(SITE.address, posts)));
    expect(entries(feed)).toHaveLength(FEED_LIMIT);
    expect(child(entries(feed)[0]!, 'id')!.text).toBe('https://alex.example/blog/post-0');
  });

  it('is a valid feed with no posts, dated now', () => {
    const feed = parseXml(atomFeed(SITE, [], new Date('2026-05-01T12:00:00Z')));
    expect(entries(feed)).toEqual([]);
    expect(child(feed, 'updated')!.text).toBe('2026-05-01T12:00:00.000Z');
  });
});
