import { describe, expect, it } from 'vitest';
import { distinctTags, filterPosts, matchesSearch, relatedPosts } from '@/lib/content/blog/rules';

const post = (id: string, title: string, excerpt: string, tags: string[]) => ({ id, title, excerpt, tags });

const POSTS = [
  post('1', 'Why the Prime Number Theorem Still Surprises Me', 'Zeros of the zeta function.', ['number theory', 'analysis']),
  post('2', 'Computing Zeros with Python', 'A hands-on walk with mpmath.', ['number theory', 'python']),
  post('3', 'Notes from My First Conference Talk', 'Forty slides too many.', ['academia']),
  post('4', 'Spectral Graph Theory', 'Eigenvalues and expanders.', ['Linear algebra', 'expository']),
];

describe('blog tag filter buttons', () => {
  it('lists every distinct tag once, sorted alphabetically', () => {
    expect(distinctTags(POSTS)).toEqual(['academia', 'analysis', 'expository', 'Linear algebra', 'number theory', 'python']);
  });

  it('ignores blank tags', () => {
    expect(distinctTags([{ tags: ['', ' ', 'a'] }])).toEqual(['a']);
  });
});

describe('blog search matches title or excerpt, case-insensitive', () => {
  it('matches the title regardless of case', () => {
    expect(matchesSearch(POSTS[0], 'PRIME number')).toBe(true);
  });

  it('matches the excerpt', () => {
    expect(matchesSearch(POSTS[1], 'mpmath')).toBe(true);
  });

  it('does not match tags or other text', () => {
    expect(matchesSearch(POSTS[2], 'academia')).toBe(false);
  });

  it('an empty or blank search matches every post', () => {
    expect(filterPosts(POSTS, '   ', null)).toHaveLength(4);
  });
});

describe('blog search combined with the tag filter', () => {
  it('keeps posts that match both', () => {
    expect(filterPosts(POSTS, 'zeros', 'python').map((p) => p.id)).toEqual(['2']);
    expect(filterPosts(POSTS, 'zeros', null).map((p) => p.id)).toEqual(['1', '2']);
    expect(filterPosts(POSTS, '', 'number theory').map((p) => p.id)).toEqual(['1', '2']);
  });

  it('finds nothing when search and tag exclude each other', () => {
    expect(filterPosts(POSTS, 'conference', 'python')).toEqual([]);
  });
});

describe('related articles', () => {
  it('are other posts sharing a tag, up to 2', () => {
    const candidates = [POSTS[1], POSTS[2], POSTS[0], post('5', 'More', '', ['analysis'])];
    expect(relatedPosts(POSTS[0], candidates).map((p) => p.id)).toEqual(['2', '5']);
  });

  it('never include the post itself', () => {
    expect(relatedPosts(POSTS[0], [POSTS[0]])).toEqual([]);
  });

  it('are empty when no other post shares a tag', () => {
    expect(relatedPosts(POSTS[3], POSTS)).toEqual([]);
  });
});
