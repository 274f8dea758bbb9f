import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { BrandIcon } from '@/components/site/brand-icons';
import { PROFILE_KINDS, type ProfileKind } from '@/lib/content/about/types';

/**
 * The profile links' brand marks (issue 43): each marked kind draws a span the stylesheet gives a mask, and
 * the stylesheet has that kind's mark; every other kind draws the external-link icon.
 */

const MARKED: ProfileKind[] = ['github', 'gitlab', 'linkedin', 'scholar', 'orcid', 'researchgate', 'mastodon', 'bluesky', 'x'];
const UNMARKED = PROFILE_KINDS.filter((kind) => !MARKED.includes(kind));

const render = (kind: ProfileKind) => renderToStaticMarkup(createElement(BrandIcon, { kind, className: 'size-4' }));

/** The declarations of each `.brand-{kind} { … }` rule in app/globals.css. */
const css = readFileSync(path.join(import.meta.dirname, '../../app/globals.css'), 'utf8');
const rules = new Map([...css.matchAll(/\.brand-([a-z]+)\s*\{([^}]*)\}/g)].map((match) => [match[1]!, match[2]!]));

describe('BrandIcon', () => {
  it('knows every marked kind as a profile kind, and leaves Website and Link unmarked', () => {
    for (const kind of MARKED) expect(PROFILE_KINDS).toContain(kind);
    expect(UNMARKED).toEqual(expect.arrayContaining(['website', 'other']));
  });

  it.each(MARKED)('draws %s as an empty, hidden span of its brand class, with no path data in the page', (kind) => {
    expect(render(kind)).toBe(`<span aria-hidden="true" class="brand-icon brand-${kind} size-4"></span>`);
  });

  it.each(MARKED)('finds the mark of %s in app/globals.css: a 24-unit SVG path as the --brand-mark', (kind) => {
    const rule = rules.get(kind);
    expect(rule, `.brand-${kind} in app/globals.css`).toBeDefined();
    const mark = /--brand-mark:\s*url\("data:image\/svg\+xml,(.+)"\);/.exec(rule!);
    expect(mark, `.brand-${kind}'s --brand-mark`).not.toBeNull();
    const svg = decodeURIComponent(mark![1]!);
    expect(svg).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24'><path d='[^'<>]+'\/><\/svg>$/);
  });

  it.each(UNMARKED)('draws %s with the external-link icon', (kind) => {
    expect(render(kind)).toBe('<span aria-hidden="true" class="icon i-external-link size-4"></span>');
    expect(rules.has(kind), `no .brand-${kind} rule`).toBe(false);
  });

  it('has a rule in the stylesheet only for the marked kinds', () => {
    expect([...rules.keys()].filter((kind) => kind !== 'icon').sort()).toEqual([...MARKED].sort());
  });
});
