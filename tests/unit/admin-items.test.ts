import { describe, expect, it } from 'vitest';

import { BLOG_REQUIRED, SLUG_CHARACTERS, checkBlogPost, normaliseSlug } from '@/lib/validation/blog';
import { isCalendarDate, splitCommaList, todayDate } from '@/lib/validation/lists';
import { PERSONAL_REQUIRED, checkPersonalPost } from '@/lib/validation/personal';
import { PAPER_LINK_INVALID, PAPER_REQUIRED, checkPaper, emptyPaperForm } from '@/lib/validation/research';

const post = { title: 'Counting primes', slug: 'counting-primes', excerpt: '', tags: '', coverImage: '', content: 'Body with $x^2$' };

describe('blog posts (docs/product.md §5)', () => {
  it('normalises the slug: trimmed, lower-cased, whitespace runs as one hyphen', () => {
    expect(normaliseSlug('  Counting   Primes\tQuickly ')).toBe('counting-primes-quickly');
    const checked = checkBlogPost({ ...post, slug: ' The Prime Number  Theorem ' });
    expect(checked.ok && checked.data.slug).toBe('the-prime-number-theorem');
  });

  it('refuses slugs that would not be one path segment', () => {
    for (const slug of ['a/b', 'x?y', 'hash#tag', '..%2f', 'dot.dot']) {
      const checked = checkBlogPost({ ...post, slug });
      expect(checked.ok, slug).toBe(false);
      expect(!checked.ok && checked.fieldErrors.slug, slug).toBe(SLUG_CHARACTERS);
    }
    expect(checkBlogPost({ ...post, slug: 'zéta-函数_2' }).ok).toBe(true);
  });

  it('requires title, slug and content after trimming, with the message of docs/product.md §5 and an error beside each', () => {
    const checked = checkBlogPost({ ...post, title: '  ', slug: ' ', content: '\n \n' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error).toBe(BLOG_REQUIRED);
    expect(Object.keys(checked.fieldErrors).sort()).toEqual(['content', 'slug', 'title']);
  });

  it('splits tags on commas, trims them and drops empties; a blank cover is none', () => {
    const checked = checkBlogPost({ ...post, tags: ' number theory, ,primes,  ', coverImage: '  ' });
    expect(checked.ok && checked.data.tags).toEqual(['number theory', 'primes']);
    expect(checked.ok && checked.data.coverImage).toBeNull();
    expect(checkBlogPost({ ...post, coverImage: 'javascript:alert(1)' }).ok).toBe(false);
  });

  it('keeps the content as written (no trimming of its markup)', () => {
    const content = '  indented code\n\n$$\nx\n$$\n';
    const checked = checkBlogPost({ ...post, content });
    expect(checked.ok && checked.data.content).toBe(content);
  });
});

const paper = { title: 'On zeros', journal: 'Annals', authors: 'A. Author', date: '2026-03-05', abstract: '', link: '', pdfUrl: '', tags: '', status: 'published' };

describe('research papers (docs/product.md §5)', () => {
  it('requires title, authors and journal with the message of docs/product.md §5', () => {
    const checked = checkPaper({ ...paper, title: ' ', authors: ' , ', journal: '' });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.error).toBe(PAPER_REQUIRED);
    expect(Object.keys(checked.fieldErrors).sort()).toEqual(['authors', 'journal', 'title']);
  });

  it('splits authors and tags on commas, saves an empty link as null, falls back to published', () => {
    const checked = checkPaper({ ...paper, authors: ' Ada Lovelace, , Bernhard Riemann ', tags: 'zeta,, primes ', link: ' ', status: 'retracted' });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data.authors).toEqual(['Ada Lovelace', 'Bernhard Riemann']);
    expect(checked.data.tags).toEqual(['zeta', 'primes']);
    expect(checked.data.link).toBeNull();
    expect(checked.data.status).toBe('published');
    const preprint = checkPaper({ ...paper, status: 'preprint' });
    expect(preprint.ok && preprint.data.status).toBe('preprint');
  });

  it('accepts only http(s) links and real dates', () => {
    const link = checkPaper({ ...paper, link: 'javascript:alert(1)' });
    expect(!link.ok && link.fieldErrors.link).toBe(PAPER_LINK_INVALID);
    expect(checkPaper({ ...paper, date: '2026-02-30' }).ok).toBe(false);
    expect(checkPaper({ ...paper, pdfUrl: '/storage/research-papers/a.pdf' }).ok).toBe(true);
  });

  it('starts a new form as published, dated today', () => {
    expect(emptyPaperForm(new Date(2026, 10, 23))).toMatchObject({ status: 'published', date: '2026-11-23', title: '' });
  });
});

const personal = { title: 'A walk', type: 'story', content: '<p>By the river.</p>', imageUrls: [] as string[] };

describe('personal posts (docs/product.md §5)', () => {
  it('requires a title and content with the message of docs/product.md §5; empty markup is no content', () => {
    const checked = checkPersonalPost({ ...personal, title: ' ', content: '<p><br></p>' });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.error).toBe(PERSONAL_REQUIRED);
  });

  it("takes the first '# ' line of the content as the title when the title is empty", () => {
    expect(checkPersonalPost({ ...personal, title: '', content: '<p># Sieves</p><p>Brun.</p>' }).ok).toBe(true);
  });

  it('saves an empty image list as null, and an unknown type as a story', () => {
    const checked = checkPersonalPost({ ...personal, type: 'rant' });
    expect(checked.ok && checked.data.imageUrls).toBeNull();
    expect(checked.ok && checked.data.type).toBe('story');
    const withImages = checkPersonalPost({ ...personal, type: 'update', imageUrls: ['/storage/personal-images/a.png'] });
    expect(withImages.ok && withImages.data).toMatchObject({ type: 'update', imageUrls: ['/storage/personal-images/a.png'] });
    expect(checkPersonalPost({ ...personal, imageUrls: ['javascript:alert(1)'] }).ok).toBe(false);
  });
});

describe('shared list rules', () => {
  it('splits comma text and recognises calendar dates', () => {
    expect(splitCommaList(' a, ,b ,')).toEqual(['a', 'b']);
    expect(splitCommaList(['a, b', ' c'])).toEqual(['a', 'b', 'c']);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-2-1')).toBe(false);
    expect(todayDate(new Date(2026, 0, 9))).toBe('2026-01-09');
  });
});
