import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, gotoAsOwner, test } from './fixtures/auth';
import { callAction, paperInput, serverActions, sessionCookieHeader } from './fixtures/actions';
import { toast } from './fixtures/editors';

/**
 * Citation counts and new works (issue 46), on the worker's server against its fake scholarly sources
 * (tests/helpers/fake-scholarly-server.ts: OpenAlex answers any DOI 10.5555/bench.{n} as "Bench paper {n}",
 * and the sample owner's ORCID iD is its 30-work profile): Refresh now in Settings reads the counts, the
 * paper's page shows its count and its chart once the owner shows them, the dashboard shows the run and the
 * works found, and the editor adds or dismisses them.
 */

async function axeViolations(page: Page): Promise<{ id: string; nodes: unknown[] }[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run();
    return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target) }));
  });
}

/** Settings → Citations: the ticks set, saved; then Refresh now, waiting for the run to end. */
async function citationSettings(page: Page, showOnSite: boolean) {
  await gotoAsOwner(page, '/admin/settings');
  const section = page.getByRole('region', { name: /^Citations/ });
  await section.getByLabel('Show citation counts on the site').setChecked(showOnSite);
  await section.getByRole('button', { name: 'Save Citations' }).click();
  await expect(toast(page, 'Citation settings saved')).toBeVisible();
  return section;
}

test.describe('Citations and new works', () => {
  test('Refresh now reads the counts; the paper page shows "Cited by" and its chart, /research the totals; the dashboard the run and the works found', async ({
    page,
    context,
    baseURL,
    request,
    scholarly,
  }) => {
    test.setTimeout(120_000);
    const n = Math.floor(Math.random() * 1e8) + 1;
    const title = `Bench paper ${n}`;
    await gotoAsOwner(page, '/admin');
    const create = serverActions('app/admin/(guarded)/research').find((action) => action.name === 'createPaperAction')!;
    const answer = await callAction(request, baseURL!, create.id, [{ ...paperInput(title), doi: `10.5555/bench.${n}` }], await sessionCookieHeader(context));
    const id = /"id":"([0-9a-f-]{36})"/.exec(answer)?.[1];
    expect(id, answer).toBeTruthy();

    // Not shown until the owner turns it on; the run reads it all the same.
    const section = await citationSettings(page, true);
    const asked = scholarly.requests.length;
    await section.getByRole('button', { name: 'Refresh now' }).click();
    await expect(toast(page, 'Refresh started')).toBeVisible();
    await expect(section.getByText(/^Last run .*: \d+ papers? checked/)).toBeVisible({ timeout: 60_000 });
    const openalex = scholarly.requests.slice(asked).filter((sent) => sent.path.startsWith('/openalex/works/doi:'));
    expect(openalex.map((sent) => decodeURIComponent(sent.path))).toContain(`/openalex/works/doi:10.5555/bench.${n}?select=id,doi,display_name,cited_by_count,counts_by_year`);

    // The fake's count for bench.{n}: (n·7919) mod 1000, spread over 2023–2025.
    const cited = (n * 7919) % 1000;
    await page.goto(`/research/${id}`);
    const line = page.locator('.cited-by');
    await expect(line).toHaveText(new RegExp(`^Cited by ${cited.toLocaleString('en-US')} · OpenAlex, \\d{1,2} [A-Z][a-z]{2} \\d{4}$`));
    await expect(line.getByRole('link')).toHaveAttribute('href', /^https:\/\/openalex\.org\/works\?filter=cites:W\d+$/);
    const chart = page.getByRole('figure', { name: 'Citations per year' });
    await expect(chart.getByRole('img', { name: `Citations per year of ${title}, 2023–2025` })).toBeVisible();
    expect(await axeViolations(page), 'axe-core on a paper page with its counts').toEqual([]);
    await page.locator('article').first().screenshot({ path: 'docs/screenshots/citations-paper.png' });
    await expect(page.locator('script[src*="chart"]')).toHaveCount(0);

    // /research: the totals over the site's papers.
    await page.goto('/research');
    await expect(page.locator('.citation-totals')).toHaveText(/^Citations [\d,]+ · h-index \d+ \(\d+ papers? counted by OpenAlex/);

    // The dashboard: the run, and the sample owner's ORCID works that are not on the site.
    await page.goto('/admin');
    const citations = page.getByRole('region', { name: 'Citations and new works' });
    await expect(citations.getByText(/^Last run .*\(asked from Settings\)/)).toBeVisible();
    const found = citations.getByRole('link', { name: /^\d+ new works? found on your ORCID profile$/ });
    await expect(found).toBeVisible();
    await citations.screenshot({ path: 'docs/screenshots/citations-dashboard.png' });

    // The works, in the editor: one dismissed is gone for good; reviewing looks the rest up for the preview.
    await found.click();
    await expect(page).toHaveURL(/\/admin\/research\/edit#found-works$/);
    const works = page.getByRole('region', { name: /new works? found on your ORCID profile$/ });
    const list = works.getByRole('list', { name: 'Works found on your ORCID profile' });
    const first = list.getByRole('listitem').first();
    await expect(first).toBeVisible();
    const before = await list.getByRole('listitem').count();
    expect(before).toBeGreaterThan(1);
    const key = await first.getAttribute('data-found-work');
    await first.getByRole('button', { name: /^Dismiss/ }).click();
    await expect(toast(page, 'Work dismissed')).toBeVisible();
    await expect(list.locator(`[data-found-work="${key}"]`)).toHaveCount(0);
    await page.reload();
    await expect(page.locator(`[data-found-work="${key}"]`)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Works found on your ORCID profile' }).getByRole('listitem')).toHaveCount(before - 1);
    await page.getByRole('button', { name: /^Review \d+ works?$/ }).click();
    await expect(page.getByRole('list', { name: 'Papers found' }).getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });

    // Hidden again: the pages leave the counts out on the next request.
    await citationSettings(page, false);
    await page.goto(`/research/${id}`);
    await expect(page.locator('.cited-by')).toHaveCount(0);
    await expect(page.getByRole('figure', { name: 'Citations per year' })).toHaveCount(0);
  });
});
