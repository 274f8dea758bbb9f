import { describe, expect, it } from 'vitest';
import { isActivePath, isAnyActive, PERSONAL_LINKS } from '@/lib/nav';

describe('isActivePath', () => {
  it('/ matches only exactly', () => {
    expect(isActivePath('/', '/')).toBe(true);
    expect(isActivePath('/about', '/')).toBe(false);
    expect(isActivePath('/blog/first-post', '/')).toBe(false);
  });

  it('the others match by prefix', () => {
    expect(isActivePath('/about', '/about')).toBe(true);
    expect(isActivePath('/blog/first-post', '/blog')).toBe(true);
    expect(isActivePath('/personal/42', '/personal')).toBe(true);
    expect(isActivePath('/research', '/projects')).toBe(false);
  });

  it('the prefix stops at a segment boundary', () => {
    expect(isActivePath('/blogs', '/blog')).toBe(false);
    expect(isActivePath('/about-me', '/about')).toBe(false);
    expect(isActivePath('/personally', '/personal')).toBe(false);
  });

  it('ignores the query string and the hash', () => {
    expect(isActivePath('/?ref=home', '/')).toBe(true);
    expect(isActivePath('/#top', '/')).toBe(true);
    expect(isActivePath('/projects#p-3', '/projects')).toBe(true);
    expect(isActivePath('/research?tag=topology', '/research')).toBe(true);
    expect(isActivePath('/about?x=/blog', '/blog')).toBe(false);
  });

  it('ignores a trailing slash on either side', () => {
    expect(isActivePath('/about/', '/about')).toBe(true);
    expect(isActivePath('/about', '/about/')).toBe(true);
    expect(isActivePath('/blog/post/', '/blog')).toBe(true);
    expect(isActivePath('/about/', '/')).toBe(false);
    expect(isActivePath('', '/')).toBe(true);
  });
});

describe('navigation links', () => {
  it('the Personal trigger is active on /blog and /personal pages only', () => {
    expect(isAnyActive('/blog', PERSONAL_LINKS)).toBe(true);
    expect(isAnyActive('/blog/some-post', PERSONAL_LINKS)).toBe(true);
    expect(isAnyActive('/personal/7', PERSONAL_LINKS)).toBe(true);
    expect(isAnyActive('/projects', PERSONAL_LINKS)).toBe(false);
    expect(isAnyActive('/', PERSONAL_LINKS)).toBe(false);
  });
});
