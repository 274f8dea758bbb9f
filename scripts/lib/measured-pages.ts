import { LONG_POST } from './admin-http';
import { fail } from './cli';

/** A public page the benchmarks measure: its label in their tables and its path. */
export interface Page {
  label: string;
  path: string;
}

/** The public site's section pages, as the header lists them. */
export const SECTION_PAGES: readonly Page[] = [
  { label: 'home', path: '/' },
  { label: 'about', path: '/about' },
  { label: 'projects', path: '/projects' },
  { label: 'experience', path: '/experience' },
  { label: 'research', path: '/research' },
  { label: 'talks', path: '/talks' },
  { label: 'teaching', path: '/teaching' },
  { label: 'cv', path: '/cv' },
  { label: 'blog', path: '/blog' },
  { label: 'personal', path: '/personal' },
];

/**
 * The public pages of issue 49 that `npm run lighthouse` and `npm run bench:hydration` measure, on the sample
 * content with the long post added (addLongPost), with a post and a personal post of the sample content.
 */
export async function measuredPages(baseUrl: string): Promise<Page[]> {
  const blog = await (await fetch(`${baseUrl}/blog`)).text();
  const personal = await (await fetch(`${baseUrl}/personal`)).text();
  // The newest post of the sample content (the long post, added just before, is measured on its own).
  const post = [...blog.matchAll(/href="(\/blog\/[^"?#]+)"/g)].map((match) => match[1]).find((path) => path !== `/blog/${LONG_POST.slug}`);
  const story = /href="(\/personal\/[0-9a-f-]{36})"/.exec(personal)?.[1];
  if (!post || !story) fail('The sample content has no post or personal post to measure.');
  return [
    ...SECTION_PAGES,
    { label: 'a post', path: post },
    { label: 'a personal post', path: story },
    { label: 'a long post', path: `/blog/${LONG_POST.slug}` },
    // A search with hits in several types: the search form and its results are client components.
    { label: 'search', path: '/search?q=prime' },
    { label: '404 page', path: '/no-such-page' },
  ];
}

/** `--pages=home,a long post`: only the pages of those labels (default every page). */
export function selected(all: Page[]): Page[] {
  const flag = process.argv.find((arg) => arg.startsWith('--pages='));
  if (!flag) return all;
  const labels = flag.slice('--pages='.length).split(',').map((label) => label.trim());
  const unknown = labels.filter((label) => !all.some((page) => page.label === label));
  if (unknown.length > 0) fail(`--pages: no page labelled ${unknown.join(', ')} (the labels: ${all.map((page) => page.label).join(', ')}).`);
  return all.filter((page) => labels.includes(page.label));
}

/** `--runs=N`: how many times each page is measured (`defaultRuns` without the flag). */
export function runsPerPage(defaultRuns: number): number {
  const flag = process.argv.find((arg) => arg.startsWith('--runs='));
  const runs = flag ? Number(flag.slice('--runs='.length)) : defaultRuns;
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) fail(`--runs must be a whole number from 1 to 20, not ${flag?.slice('--runs='.length)}.`);
  return runs;
}
