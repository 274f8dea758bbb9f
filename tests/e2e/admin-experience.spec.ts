import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/auth';
import {
  card as cardIn,
  dashboardCount,
  expand as expandIn,
  expectFieldErrors,
  failServerActions,
  openEditor as openEditorAt,
  toast,
  unique,
} from './fixtures/editors';

const EDITOR = '/admin/experience/edit';
const card = (page: Page, title: string) => cardIn(page, 'Experience items', title);
const expand = (page: Page, title: string) => expandIn(page, 'Experience items', title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Edit Experience Page', 'All Experience');

test.describe('admin Experience editor', () => {
  test('create an item, edit every field, delete it; /experience and the dashboard count follow each save on the next request', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = unique();
    const title = `Postdoctoral Fellow ${id}`;
    await openEditor(page);
    const countBefore = await dashboardCount(page, 'experience');

    // The create tab starts with the defaults of docs/product.md §9.
    await page.getByRole('tab', { name: 'Create New Experience' }).click();
    await expect(page.getByLabel('Job Title')).toHaveValue('New Position');
    await expect(page.getByLabel('Company')).toHaveValue('Company Name');
    await expect(page.getByLabel('Location')).toHaveValue('Location');
    const now = new Date();
    const thisMonth = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    await expect(page.getByLabel('Start Date')).toHaveValue(thisMonth);
    await expect(page.getByLabel('End Date')).toHaveValue('');
    await expect(page.getByLabel('Description')).toHaveValue('Job description goes here');

    await page.getByLabel('Job Title').fill(title);
    await page.getByLabel('Company').fill('Institute for Advanced Study');
    await page.getByLabel('Location').fill('Princeton, NJ');
    await page.getByLabel('Start Date').fill('2023-09');
    await page.getByLabel('Description').fill('Research in ');
    await page.getByLabel('Description').press('End');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('analytic number theory');
    await page.getByLabel('Highlight 1', { exact: true }).fill(`Proved a lemma ${id}`);
    await page.getByLabel('Technologies', { exact: true }).fill('Lean 4');
    await page.getByLabel('Technologies', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Add New Experience' }).last().click();

    // Back on the list, the new item waits for Save All Changes.
    await expect(page.getByRole('tab', { name: 'All Experience' })).toHaveAttribute('aria-selected', 'true');
    await expect(card(page, title)).toContainText('New');
    await expect(card(page, title)).toContainText('Institute for Advanced Study • September 2023 - Present');
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(page.getByText('All changes saved.')).toBeVisible();

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto('/experience');
    const entry = reader.getByRole('article').filter({ has: reader.getByRole('heading', { name: title }) });
    await expect(entry).toContainText('September 2023 - Present');
    await expect(entry.locator('strong', { hasText: 'analytic number theory' })).toBeVisible();
    await expect(entry).toContainText(`Proved a lemma ${id}`);
    await expect(entry).toContainText('Lean 4');
    expect(await dashboardCount(page, 'experience')).toBe(countBefore + 1);

    // Edit every field; the item's own Save Changes publishes it.
    const edited = `Research Fellow ${id}`;
    await expand(page, title);
    await card(page, title).getByRole('button', { name: 'Edit' }).click();
    const form = card(page, title);
    await form.getByLabel('Company').fill('Max Planck Institute for Mathematics');
    await form.getByLabel('Location').fill('Bonn, Germany');
    await form.getByLabel('Start Date').fill('2022-10');
    await form.getByLabel('End Date').fill('2025-06');
    await form.getByLabel('Description').fill(`Worked on *sieve methods* ${id}.`);
    await form.getByLabel('Highlight 1', { exact: true }).fill(`Gave a seminar ${id}`);
    await form.getByRole('button', { name: 'Add Highlight' }).click();
    await form.getByLabel('Highlight 2', { exact: true }).fill(`Organised a workshop ${id}`);
    await form.getByRole('button', { name: 'Remove Lean 4' }).click();
    await form.getByLabel('Technologies', { exact: true }).fill('SageMath');
    await form.getByLabel('Technologies', { exact: true }).press('Enter');
    // The card's header follows the title as it is typed, so the title goes last.
    await form.getByLabel('Job Title').fill(edited);
    await expect(page.getByText('Unsaved changes: Save All Changes to publish them.')).toBeVisible();
    await card(page, edited).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await expect(card(page, edited)).toContainText('Max Planck Institute for Mathematics • October 2022 - June 2025');

    await reader.reload();
    const revised = reader.getByRole('article').filter({ has: reader.getByRole('heading', { name: edited }) });
    await expect(revised).toContainText('Max Planck Institute for Mathematics');
    await expect(revised).toContainText('Bonn, Germany');
    await expect(revised).toContainText('October 2022 - June 2025');
    await expect(revised.locator('em', { hasText: 'sieve methods' })).toBeVisible();
    await expect(revised).toContainText(`Gave a seminar ${id}`);
    await expect(revised).toContainText(`Organised a workshop ${id}`);
    await expect(revised).not.toContainText(`Proved a lemma ${id}`);
    await expect(revised).toContainText('SageMath');
    await expect(revised).not.toContainText('Lean 4');
    await expect(reader.getByRole('heading', { name: title })).toHaveCount(0);

    // Delete: gone from the list at once, from the site and the dashboard count at the next save.
    await expand(page, edited);
    await card(page, edited).getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, edited)).toHaveCount(0);
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await reader.reload();
    await expect(reader.getByRole('heading', { name: 'Experience', level: 1 })).toBeVisible();
    await expect(reader.getByRole('heading', { name: edited })).toHaveCount(0);
    expect(await dashboardCount(page, 'experience')).toBe(countBefore);
    await visitor.close();
  });

  test('an end before the start and a missing title or company are refused beside the fields, and the typed work survives a reload', async ({ page }) => {
    const id = unique();
    const title = `Teaching Assistant ${id}`;
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Experience' }).click();
    await expect(page.getByLabel('End Date')).toHaveAttribute('min', /^\d{4}-\d{2}$/);
    await page.getByLabel('Job Title').fill(title);
    await page.getByLabel('Start Date').fill('2024-09');
    await page.getByLabel('End Date').fill('2021-01');
    await expect(page.getByLabel('End Date')).toHaveAttribute('min', '2024-09');
    await page.getByRole('button', { name: 'Add New Experience' }).last().click();
    await expectFieldErrors(page, { 'End Date': 'The end date cannot be before the start date.' });
    await expect(page.getByLabel('Job Title')).toHaveValue(title);

    // A blank title is refused too; fixing the end clears its error.
    await page.getByLabel('Job Title').fill('  ');
    await page.getByLabel('End Date').fill('2025-05');
    await expect(page.getByText('The end date cannot be before the start date.')).toHaveCount(0);
    await page.getByLabel('Company').fill('');
    await page.getByRole('button', { name: 'Add New Experience' }).last().click();
    await expectFieldErrors(page, { 'Job Title': 'Enter a job title.', Company: 'Enter the company.' });
    await page.getByLabel('Job Title').fill(title);
    await expect(page.getByLabel('Job Title')).toHaveValue(title);
    await page.getByLabel('Company').fill('University of Bonn');

    // Reload: the draft (create form included) is offered back.
    await page.reload();
    await expect(page.getByText(/Unsaved changes from .* were restored\./)).toBeVisible();
    await page.getByRole('tab', { name: 'Create New Experience' }).click();
    await expect(page.getByLabel('Job Title')).toHaveValue(title);
    await expect(page.getByLabel('End Date')).toHaveValue('2025-05');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByLabel('Job Title')).toHaveValue('New Position');
    await page.reload();
    await expect(page.getByText(/were restored/)).toHaveCount(0);
  });

  test('leaving with unsaved changes asks first; the draft stays either way', async ({ page }) => {
    await openEditor(page);
    await page.getByRole('tab', { name: 'Create New Experience' }).click();
    await page.getByLabel('Job Title', { exact: true }).fill('Unsaved position');
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    const dashboard = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Dashboard' });
    await dashboard.click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('unsaved changes');
    await expect(page).toHaveURL(/\/admin\/experience\/edit$/);
    await expect(page.getByLabel('Job Title', { exact: true })).toHaveValue('Unsaved position');

    page.once('dialog', (dialog) => void dialog.accept());
    await dashboard.click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.goto(EDITOR);
    await expect(page.getByText(/Unsaved changes from .* were restored\./)).toBeVisible();
    await page.getByRole('button', { name: 'Discard changes' }).click();
  });
  test('a save while the network fails keeps the list as typed and says so; the next save stores the item once', async ({ page }) => {
    const title = `Offline Lecturer ${unique()}`;
    await openEditor(page);
    const countBefore = await dashboardCount(page, 'experience');
    await page.getByRole('tab', { name: 'Create New Experience' }).click();
    await page.getByLabel('Job Title').fill(title);
    await page.getByLabel('Company').fill('Open University');
    await page.getByRole('button', { name: 'Add New Experience' }).last().click();

    const restore = await failServerActions(page);
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(toast(page, 'Save failed')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Save failed.' })).toContainText(
      'The server could not be reached. Your changes are kept here; please try again.',
    );
    await expect(card(page, title)).toContainText('New');
    await expect(card(page, title)).toContainText('Open University');
    await expect(page.getByText('Unsaved changes: Save All Changes to publish them.')).toBeVisible();

    await restore();
    await page.getByRole('button', { name: 'Save All Changes' }).dblclick();
    await expect(toast(page, 'Changes saved')).toBeVisible();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await page.reload();
    await expect(card(page, title)).toHaveCount(1);
    expect(await dashboardCount(page, 'experience')).toBe(countBefore + 1);
    await expand(page, title);
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
  });
});
