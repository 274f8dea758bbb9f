import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';

import { ArrowRight, PUBLIC_ICONS } from '@/components/site/icons';
import { iconsCss } from '../../scripts/lib/icons-css';

describe("the public pages' icons", () => {
  it('app/icons.css is what `npm run icons` makes of the list in components/site/icons.tsx', async () => {
    const committed = readFileSync(path.join(process.cwd(), 'app', 'icons.css'), 'utf8');
    expect(committed).toBe(await iconsCss(PUBLIC_ICONS));
    for (const name of PUBLIC_ICONS) expect(committed).toContain(`.i-${name} {`);
  });

  it('draw an empty, hidden element with no path data in the page', () => {
    expect(renderToStaticMarkup(createElement(ArrowRight, { className: 'size-4' }))).toBe('<span aria-hidden="true" class="icon i-arrow-right size-4"></span>');
  });
});
