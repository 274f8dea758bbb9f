import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { APIRequestContext, Page } from '@playwright/test';
import { FAKE_ORCID } from '../helpers/fake-scholarly-server';
import { expect, test } from './fixtures/auth';
import { card as cardIn, confirmDialog, openEditor as openEditorAt, publicText, toast } from './fixtures/editors';

/**
 * "Add by identifier" and "Refresh from source" in the Research Papers editor (issue 34), against the
 * worker's fake scholarly sources (tests/helpers/fake-scholarly-server.ts, which replays responses shaped
 * as Crossref's, DataCite's, arXiv's and ORCID's documented APIs): paste identifiers, preview, add, see
 * them on /research on the next request; duplicates refused; a stored paper refreshed field by field.
 */

const EDITOR = '/admin/research/edit';
const card = (page: Page, title: string) => cardIn(page, 'Research papers', title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Research Papers Management', 'All Papers');

const CROSSREF_TITLE = 'Toward a Unified Theory of High-Energy Metaphysics: Silly String Theory';
const ARXIV_TITLE = 'Silly String Theory at Low Energies';
const DATACITE_TITLE = 'Cracked pots and cracked theories';
const CONTACT = 'lookups@university.example';

/** The editor (signed in already), with the Add by identifier panel open. */
async function openPanel(page: Page) {
  await page.goto(EDITOR);
  await expect(page.getByRole('heading', { name: 'Research Papers Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Add by identifier' }).click();
  return page.getByRole('region', { name: 'Add by identifier' });
}

/** Deletes a paper through the editor (selecting its card first unless it is selected). */
async function deletePaper(page: Page, title: string) {
  const remove = card(page, title).getByRole('button', { name: 'Delete' });
  if (!(await remove.isVisible())) await card(page, title).getByRole('button', { name: title }).click();
  await remove.click();
  await confirmDialog(page);
  await expect(card(page, title)).toHaveCount(0);
}

/**
 * Every page of /research's list, as text: it shows a few papers a page, newest first, so on a server other
 * specs have added papers to, an older paper (the 2008 one here) is on a later page.
 */
async function researchListText(request: APIRequestContext): Promise<string> {
  const pages: string[] = [];
  for (let path: string | undefined = '/research'; path && pages.length < 50; ) {
    const html = await publicText(request, path);
    pages.push(html);
    path = /href="(\/research\/list\/page\/\d+)"[^>]*>Older papers</.exec(html)?.[1];
  }
  return pages.join('\n');
}

test.describe('Research Papers: add by identifier', () => {
  test('three identifiers from three sources, previewed, added in one go and on /research on the next request; a second lookup finds them on the site', async ({
    page,
    request,
    scholarly,
  }) => {
    await openEditor(page);

    // The contact address Crossref asks for, from Settings, goes with every lookup.
    await page.goto('/admin/settings');
    await page.getByLabel('Contact E-mail').fill(CONTACT);
    await page.getByRole('button', { name: 'Save Lookups' }).click();
    await expect(toast(page, 'Publication lookups saved')).toBeVisible();

    const panel = await openPanel(page);
    await panel
      .getByLabel('Identifiers')
      .fill(`https://doi.org/10.5555/12345678, arXiv:2403.01234v2\n10.5072/example-preprint\n10.5555/unknown 0000-0002-1825-0098 not-an-id`);
    const asked = scholarly.requests.length;
    await panel.getByRole('button', { name: 'Look up' }).click();

    const found = panel.getByRole('list', { name: 'Papers found' }).getByRole('listitem');
    await expect(found).toHaveCount(3);
    await expect(found.filter({ hasText: CROSSREF_TITLE })).toContainText('from Crossref');
    await expect(found.filter({ hasText: CROSSREF_TITLE }).locator('[data-slot="badge"]').first()).toHaveText('Published');
    await expect(found.filter({ hasText: ARXIV_TITLE })).toContainText('from arXiv');
    await expect(found.filter({ hasText: ARXIV_TITLE }).locator('[data-slot="badge"]').first()).toHaveText('Preprint');
    await expect(found.filter({ hasText: DATACITE_TITLE })).toContainText('from DataCite');

    // What gave nothing says why; the ORCID iD with a wrong check digit was never sent anywhere.
    const problems = panel.getByRole('list', { name: 'Identifiers that could not be added' });
    await expect(problems.getByRole('listitem').filter({ hasText: '10.5555/unknown' })).toContainText('Neither Crossref nor DataCite has a record of the DOI 10.5555/unknown.');
    await expect(problems.getByRole('listitem').filter({ hasText: '0000-0002-1825-0098' })).toContainText('check digit');
    await expect(problems.getByRole('listitem').filter({ hasText: 'not-an-id' })).toBeVisible();
    const sent = scholarly.requests.slice(asked);
    expect(sent.some((request) => request.path.includes('0000-0002-1825-0098'))).toBe(false);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const request of sent) expect(request.headers['user-agent']).toContain(`mailto:${CONTACT}`);

    // Nothing is stored before Add: /research does not have them yet.
    expect(await researchListText(request)).not.toContain(ARXIV_TITLE);

    await expect(panel.getByRole('radio', { name: 'Published or preprint, as their source says' })).toBeChecked();
    await panel.getByRole('button', { name: 'Add 3 papers' }).click();
    await expect(toast(page, 'Added 3 papers')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Add by identifier' })).toHaveCount(0);
    for (const title of [CROSSREF_TITLE, ARXIV_TITLE, DATACITE_TITLE]) await expect(card(page, title)).toHaveCount(1);

    const research = await researchListText(request);
    for (const title of [CROSSREF_TITLE, ARXIV_TITLE, DATACITE_TITLE]) expect(research).toContain(title);

    // The same identifiers again: each is on the site already and cannot be ticked; nothing to add.
    const again = await openPanel(page);
    await again.getByLabel('Identifiers').fill('10.5555/12345678 2403.01234 arXiv:2101.00001');
    await again.getByRole('button', { name: 'Look up' }).click();
    const repeated = again.getByRole('list', { name: 'Papers found' }).getByRole('listitem');
    await expect(repeated).toHaveCount(3);
    for (const item of await repeated.all()) {
      await expect(item).toContainText('Not added: on the site already as');
      await expect(item.getByRole('checkbox')).toBeDisabled();
    }
    await expect(again.getByRole('button', { name: /^Add \d/ })).toHaveCount(0);
    await again.getByRole('button', { name: 'Close Add by identifier' }).click();

    for (const title of [CROSSREF_TITLE, ARXIV_TITLE, DATACITE_TITLE]) await deletePaper(page, title);
  });

  test('an ORCID iD lists the profile’s 30 works to choose from; added as drafts they show as drafts; the panel has no accessibility violations', async ({
    page,
  }) => {
    await openEditor(page);
    const panel = await openPanel(page);
    await panel.getByLabel('Identifiers').fill(`https://orcid.org/${FAKE_ORCID}`);
    await panel.getByRole('button', { name: 'Look up' }).click();
    await expect(panel.getByRole('status').filter({ hasText: `ORCID ${FAKE_ORCID}` })).toContainText('30 works');
    const works = panel.getByRole('list', { name: 'Papers found' }).getByRole('listitem');
    // Thirty works: one without a title cannot be a paper and says so; one listed twice in the profile is flagged, not offered.
    await expect(works).toHaveCount(29);
    await expect(panel.getByRole('list', { name: 'Identifiers that could not be added' }).getByRole('listitem')).toHaveText(/It has no title\./);
    await expect(works.filter({ hasText: 'Not added: earlier in this lookup as' })).toHaveCount(1);
    await expect(works.filter({ hasText: 'Not added: earlier in this lookup as' }).getByRole('checkbox')).toBeDisabled();

    const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(axeSource);
    const violations = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: { run(context: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run(
        document.querySelector('section[aria-labelledby]'),
      );
      return result.violations.map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
    });
    expect(violations).toEqual([]);

    // Untick all but two, add them as drafts.
    const offered = works.filter({ has: page.getByRole('checkbox', { checked: true }) });
    const titles: string[] = [];
    const count = await offered.count();
    for (let index = count - 1; index >= 2; index -= 1) await offered.nth(index).getByRole('checkbox').uncheck();
    await expect(offered).toHaveCount(2);
    for (const item of await offered.all()) titles.push((await item.locator('label').first().textContent())!.trim());
    await panel.getByRole('radio', { name: 'Drafts, to check before they show on the site' }).check();
    await expect(offered.first().locator('[data-slot="badge"]').first()).toHaveText('Draft');
    await panel.getByRole('button', { name: 'Add 2 papers' }).click();
    await expect(toast(page, 'Added 2 papers')).toBeVisible();
    for (const title of titles) {
      await expect(card(page, title)).toHaveCount(1);
      if (!(await card(page, title).getByRole('button', { name: 'Delete' }).isVisible())) await card(page, title).getByRole('button', { name: title }).click();
      await expect(card(page, title)).toContainText('Draft');
      await deletePaper(page, title);
    }
  });

  test('Refresh from source shows what differs from Crossref, field by field, and saves only what is ticked', async ({ page }) => {
    await openEditor(page);
    const panel = await openPanel(page);
    await panel.getByLabel('Identifiers').fill('10.5555/12345678');
    await panel.getByRole('button', { name: 'Look up' }).click();
    await panel.getByRole('button', { name: 'Add 1 paper' }).click();
    await expect(toast(page, 'Added 1 paper')).toBeVisible();

    // The owner changes the title and the journal by hand.
    const changed = 'Silly String Theory, as the owner titles it';
    await card(page, CROSSREF_TITLE).getByRole('button', { name: CROSSREF_TITLE }).click();
    await card(page, CROSSREF_TITLE).getByRole('button', { name: /^Edit/ }).click();
    const form = card(page, CROSSREF_TITLE);
    await form.getByLabel('Title', { exact: true }).fill(changed);
    await form.getByLabel('Journal/Publication', { exact: true }).fill('Owner’s Journal');
    await form.getByLabel('Tags (comma separated)', { exact: true }).fill('kept-tag');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Research paper updated successfully')).toBeVisible();

    const item = card(page, changed);
    if ((await item.getByRole('button', { name: 'Refresh from source' }).count()) === 0) await item.getByRole('button', { name: changed }).click();
    await item.getByRole('button', { name: 'Refresh from source' }).click();
    const diff = item.getByRole('region', { name: 'What Crossref says now' });
    await expect(diff.locator('[data-refresh-field="title"]')).toContainText(CROSSREF_TITLE);
    await expect(diff.locator('[data-refresh-field="journal"]')).toBeVisible();
    // Only the title is taken: the journal stays as the owner wrote it; tags are never the source's.
    await diff.locator('[data-refresh-field="journal"]').getByRole('checkbox').uncheck();
    await diff.getByRole('button', { name: 'Save changes' }).click();
    // (The toast says what the manual save's did; the card's new title is what shows this save landed.)
    await expect(diff).toHaveCount(0);
    const refreshed = card(page, CROSSREF_TITLE);
    await expect(refreshed).toHaveCount(1);
    await expect(refreshed).toContainText('Owner’s Journal');
    await expect(refreshed).toContainText('kept-tag');
    await deletePaper(page, CROSSREF_TITLE);
  });
});
