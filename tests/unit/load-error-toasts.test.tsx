import { isValidElement, type ComponentProps, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';

import { LoadErrorToast } from '@/components/site/load-error-toast';

import HomePage from '@/app/(site)/page';
import AboutPage from '@/app/(site)/about/page';
import ProjectsPage from '@/app/(site)/projects/page';
import ExperiencePage from '@/app/(site)/experience/page';
import ResearchPage from '@/app/(site)/research/page';
import BlogPage from '@/app/(site)/blog/page';
import BlogPostPage from '@/app/(site)/blog/[slug]/page';
import PersonalPage from '@/app/(site)/personal/page';
import PersonalPostPage from '@/app/(site)/personal/[id]/page';

/** What a read throws when the database cannot be reached (node-postgres' error for a server that is down). */
function databaseDown(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
}

/** Every read (`get…`) of a content module fails; everything else the module exports stays real. */
async function failingReads(original: Record<string, unknown>): Promise<Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(original).map(([name, value]) =>
      typeof value === 'function' && name.startsWith('get') ? [name, () => Promise.reject(databaseDown())] : [name, value],
    ),
  );
}

vi.mock('@/lib/content/about/queries', async (importOriginal) => failingReads(await importOriginal()));
vi.mock('@/lib/content/blog/queries', async (importOriginal) => failingReads(await importOriginal()));
vi.mock('@/lib/content/experience/queries', async (importOriginal) => failingReads(await importOriginal()));
vi.mock('@/lib/content/personal/queries', async (importOriginal) => failingReads(await importOriginal()));
vi.mock('@/lib/content/projects/queries', async (importOriginal) => failingReads(await importOriginal()));
vi.mock('@/lib/content/research/queries', async (importOriginal) => failingReads(await importOriginal()));
// A failed read's page lifetime is set inside a 'use cache' function, which runs here as a plain one.
vi.mock('next/cache', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/cache')>()),
  cacheLife: () => undefined,
  cacheTag: () => undefined,
}));
// Pages call connection() to wait for a request; here every render is one.
vi.mock('next/server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/server')>()),
  connection: () => Promise.resolve(),
}));

type ToastProps = ComponentProps<typeof LoadErrorToast>;

/**
 * Renders a server page as far as its reads go and answers the load-error toasts it would show: async
 * components (the ones that read) are awaited, every other element is only looked into through its
 * children. Client components are never called, so no hook runs outside React.
 */
async function toastsOf(node: ReactNode | Promise<ReactNode>): Promise<ToastProps[]> {
  const resolved = await node;
  if (Array.isArray(resolved)) return (await Promise.all(resolved.map((child: ReactNode) => toastsOf(child)))).flat();
  if (!isValidElement<{ children?: ReactNode }>(resolved)) return [];
  if (resolved.type === LoadErrorToast) return [resolved.props as ToastProps];
  const type = resolved.type;
  if (typeof type === 'function' && type.constructor.name === 'AsyncFunction') {
    return toastsOf((type as (props: unknown) => Promise<ReactNode>)(resolved.props));
  }
  return toastsOf(resolved.props.children);
}

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
});

describe('public load toasts: each public page shows its toast when its read fails', () => {
  it.each([
    { route: '/about', render: () => AboutPage(), message: 'Failed to load page data' },
    { route: '/projects', render: () => ProjectsPage(), message: 'Failed to load projects' },
    { route: '/experience', render: () => ExperiencePage(), message: 'Failed to load experience data. Please try again later.' },
    { route: '/research', render: () => ResearchPage(), message: 'Failed to load research papers' },
    { route: '/blog', render: () => BlogPage(), message: 'Failed to load blog posts' },
    { route: '/personal', render: () => PersonalPage(), message: 'Failed to load personal posts' },
  ])('$route shows $message and stays on the page', async ({ render, message }) => {
    expect(await toastsOf(render())).toEqual([{ message }]);
    // The failure is recorded, not only shown.
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ code: 'ECONNREFUSED' }));
  });

  it("home shows 'Failed to load page data' for each section it could not load (one toast on screen: same id)", async () => {
    const toasts = await toastsOf(HomePage());
    // Selected Publications, Featured Projects, Recent Articles and Research Highlights each read on their own.
    expect(toasts).toEqual([
      { message: 'Failed to load page data' },
      { message: 'Failed to load page data' },
      { message: 'Failed to load page data' },
      { message: 'Failed to load page data' },
    ]);
  });

  it("/blog/{slug} shows 'Failed to load blog post' and then goes to /blog", async () => {
    const page = BlogPostPage({ params: Promise.resolve({ slug: 'why-the-prime-number-theorem-still-surprises-me' }) });
    expect(await toastsOf(page)).toEqual([{ message: 'Failed to load blog post', redirectTo: '/blog' }]);
  });

  it("/personal/{id} shows 'Failed to load personal post' and then goes to /personal", async () => {
    const page = PersonalPostPage({ params: Promise.resolve({ id: '6f1c1d1e-8f5e-4d4b-9a55-0d3c2f4b7a10' }) });
    expect(await toastsOf(page)).toEqual([{ message: 'Failed to load personal post', redirectTo: '/personal' }]);
  });
});
