import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { Markdown } from '@/components/site/markdown';
import { SimpleMarkup } from '@/components/site/simple-markup';

/** Markup images: an upload of the site is loaded through the optimiser (srcset), never as the original. */
describe('images in stored markup', () => {
  it('a blog post image of the site keeps its address and gets an optimised, lazy srcset', () => {
    const html = renderToStaticMarkup(<Markdown source="![figure](/storage/blog-images/1-a.png)" />);
    expect(html).toContain('src=/storage/blog-images/1-a.png ');
    expect(html).toContain("srcset='/_next/image?url=%2Fstorage%2Fblog-images%2F1-a.png&amp;w=1920&amp;q=75 1x'");
    expect(html).toContain('loading=lazy');
  });

  it('an outside address or an SVG is left as it is', () => {
    const html = renderToStaticMarkup(<Markdown source={'![a](https://example.org/a.png)\n\n![b](/placeholder.svg)'} />);
    expect(html).not.toMatch(/srcset/i);
  });

  it('an experience description image of the site is optimised the same way', () => {
    const html = renderToStaticMarkup(<SimpleMarkup source="![chart](/storage/project-images/projects/2-b.webp)" />);
    expect(html).toContain('srcSet="/_next/image?url=%2Fstorage%2Fproject-images%2Fprojects%2F2-b.webp&amp;w=1920&amp;q=75 1x"');
  });
});
