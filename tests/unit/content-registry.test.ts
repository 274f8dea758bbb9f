import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { ADMIN_NAV, isAdminRouteReady } from '@/components/admin/admin-nav';
import { CONTENT_TABLES as EXPORTED_TABLES } from '@/lib/backup/export-format';
import { ADMIN_EDITORS, CONTENT_TABLES, CONTENT_TYPES, NON_CONTENT_TABLES } from '@/lib/content/registry.mjs';
import { TAGS } from '@/lib/content/tags';
import { PERSONAL_LINKS, PROFESSIONAL_LINKS } from '@/lib/nav';
import { PUBLIC_PAGE_SOURCES } from '@/lib/public-page-policy.mjs';
import { PUBLIC_PAGE } from '@/lib/public-pages';
import { CV_SECTIONS } from '@/lib/cv/types';
import { sitemapEntries } from '@/lib/sitemap';
import { config as proxyConfig } from '@/proxy';

/**
 * The content registry (lib/content/registry.mjs, docs/adding-a-content-type.md) is the one list of content
 * types: these hold it together, and hold what is derived from it to it. That every table of the schema is
 * in it is tests/integration/content-registry.test.ts.
 */

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;
const ROUTE = /^\/[a-z][a-z0-9-]*$/;

const unique = (values: readonly unknown[]) => new Set(values).size === values.length;

describe('the content registry', () => {
  it('its declaration file names every entry in its order, with its table, tag, whether the dashboard counts it and whether search finds it', () => {
    // TypeScript types the registry from registry.d.mts and never reads the JavaScript: its one line per
    // entry must say what the entry says.
    const declarations = readFileSync(path.join(process.cwd(), 'lib/content/registry.d.mts'), 'utf8');
    const entries = declarations.slice(declarations.indexOf('type Entries = readonly ['));
    const declared = [...entries.slice(0, entries.indexOf('];')).matchAll(/ContentTypeEntry<'([^']*)', '([^']*)', '([^']*)', (true|false), (true|false)>/g)].map(
      ([, key, table, tag, counted, searched]) => ({ key, table, tag, counted: counted === 'true', searched: searched === 'true' }),
    );
    expect(declared).toEqual(CONTENT_TYPES.map(({ key, table, tag, dashboard, search }) => ({ key, table, tag, counted: dashboard !== null, searched: search !== null })));
  });

  it('names each key, table, tag, route and editor once; keys, tables and columns are plain SQL names', () => {
    const tables = [...CONTENT_TABLES, ...NON_CONTENT_TABLES.map((entry) => entry.table)];
    expect(unique(CONTENT_TYPES.map((type) => type.key))).toBe(true);
    expect(unique(CONTENT_TYPES.map((type) => type.tag))).toBe(true);
    expect(unique(tables)).toBe(true);
    for (const name of [...CONTENT_TYPES.map((type) => type.key), ...tables]) expect(name).toMatch(IDENTIFIER);

    const routes = CONTENT_TYPES.flatMap((type) => (type.route ? [type.route.path] : []));
    expect(unique(routes)).toBe(true);
    for (const route of routes) expect(route).toMatch(ROUTE);

    const editors = CONTENT_TYPES.flatMap((type) => (type.admin ? [type.admin] : []));
    expect(unique(editors.map((editor) => editor.path))).toBe(true);
    expect(unique(editors.map((editor) => editor.position))).toBe(true);
    for (const editor of editors) expect(editor.path).toMatch(/^\/admin\/[a-z][a-z0-9-/]*$/);

    for (const { table, references } of [...CONTENT_TYPES, ...NON_CONTENT_TABLES]) {
      if (!references) continue;
      expect(references.text.length + references.lists.length, table).toBeGreaterThan(0);
      for (const column of [...references.text, ...references.lists]) expect(column, table).toMatch(IDENTIFIER);
      expect(references.kind, table).not.toBe('');
    }
  });

  it('a header link needs a page, and a dashboard count an editor (its card links there)', () => {
    for (const type of CONTENT_TYPES) {
      if (type.nav) expect(type.route, type.key).not.toBeNull();
      if (type.dashboard) expect(type.admin, type.key).not.toBeNull();
    }
  });
});

describe('what is derived from the registry', () => {
  const routed = CONTENT_TYPES.flatMap((type) => (type.route ? [{ ...type, route: type.route }] : []));

  it('the public pages: every route, with its detail pages where it has them, and nothing below a route without', () => {
    expect(PUBLIC_PAGE_SOURCES[0]).toBe('/');
    expect(PUBLIC_PAGE.test('/')).toBe(true);
    for (const { route } of routed) {
      expect(PUBLIC_PAGE_SOURCES).toContain(route.detail ? `${route.path}/:path*` : route.path);
      expect(PUBLIC_PAGE.test(route.path), route.path).toBe(true);
      expect(PUBLIC_PAGE.test(`${route.path}/an-item`), route.path).toBe(route.detail);
      expect(PUBLIC_PAGE.test(`${route.path}x`), route.path).toBe(false);
    }
    expect(PUBLIC_PAGE_SOURCES).toHaveLength(routed.length + 1);
  });

  it('the proxy\'s matcher runs for a percent-escaped path below every route with detail pages, and no other', () => {
    // The rest of the literal matcher is held to PUBLIC_PAGE_SOURCES by tests/unit/public-page-policy.test.ts.
    const escaped = proxyConfig.matcher.filter((entry): entry is string => typeof entry === 'string' && entry.includes('%'));
    expect(escaped).toEqual(routed.filter(({ route }) => route.detail).map(({ route }) => `${route.path}/:path(.*%.*)`));
  });

  it('the header and footer: Home, then each group\'s links in the registry\'s order', () => {
    const linksOf = (group: string) => routed.filter((type) => type.nav?.group === group).map((type) => ({ href: type.route.path, label: type.nav!.label }));
    expect(PROFESSIONAL_LINKS).toEqual([{ href: '/', label: 'Home' }, ...linksOf('professional')]);
    expect(PERSONAL_LINKS).toEqual(linksOf('personal'));
  });

  it('the admin sidebar: Dashboard, every editor by position, Settings; each of them ready', () => {
    const editors = [...CONTENT_TYPES].flatMap((type) => (type.admin ? [type.admin] : [])).sort((a, b) => a.position - b.position);
    expect(ADMIN_EDITORS.map((type) => type.admin)).toEqual(editors);
    expect(ADMIN_NAV).toEqual([
      { href: '/admin', label: 'Dashboard' },
      ...editors.map((editor) => ({ href: editor.path, label: editor.label })),
      { href: '/admin/settings', label: 'Settings' },
    ]);
    for (const item of ADMIN_NAV) expect(isAdminRouteReady(item.href), item.href).toBe(true);
  });

  it('a cache tag per content type, an export entry per table, a sitemap entry per page', () => {
    expect(TAGS).toEqual(Object.fromEntries(CONTENT_TYPES.map((type) => [type.key, type.tag])));
    expect(EXPORTED_TABLES).toEqual(CONTENT_TYPES.map((type) => type.table));
    const site = 'https://example.org';
    expect(sitemapEntries(site, { posts: [], personal: [], papers: [], talks: [], courses: [] }).map((entry) => entry.url)).toEqual([
      site,
      ...routed.map(({ route }) => `${site}${route.path}`),
    ]);
  });

  it('the CV: every section of lib/cv/types.ts is given by exactly one content type, and a type gives only CV sections', () => {
    const given = CONTENT_TYPES.flatMap((type) => type.cv?.sections ?? []);
    expect([...given].sort()).toEqual([...CV_SECTIONS].sort());
    expect(new Set(given).size).toBe(given.length);
  });

  it('search: every searched type names its results, links them by its own columns, and reads its text lists last', () => {
    for (const { key, search } of CONTENT_TYPES) {
      if (!search) continue;
      expect(search.label.group, key).not.toBe('');
      expect(search.href, key).toMatch(/^\/[a-z/]*[/#]\{[a-z_]+\}$/);
      const reads = search.text.map((source) => source.read);
      expect(reads.indexOf('text-list') === -1 || reads.indexOf('text-list') === reads.length - 1, key).toBe(true);
    }
    expect(new Set(CONTENT_TYPES.flatMap((type) => (type.search ? [type.search.position] : []))).size).toBe(CONTENT_TYPES.filter((type) => type.search).length);
  });
});
