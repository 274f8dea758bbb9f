import type { Page } from '@playwright/test';
import { ADMIN, expect, signIn, test } from './fixtures/auth';
import { card as cardIn, expand as expandIn, openEditor as openEditorAt, toast, unique } from './fixtures/editors';

const EDITOR = '/admin/experience/edit';
const card = (page: Page, title: string) => cardIn(page, 'Experience items', title);
const expand = (page: Page, title: string) => expandIn(page, 'Experience items', title);
const openEditor = (page: Page) => openEditorAt(page, EDITOR, 'Edit Experience Page', 'All Experience');

test.describe('admin Experience editor', () => {
  test('create, edit and delete an item; each save shows on /experience on the next request', async ({ page, browser, baseURL }) => {
    const id = unique();
    const title = `Postdoctoral Fellow ${id}`;
    await openEditor(page);

    // The create tab starts with the spec's defaults.
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

    // Edit: the end month; the item's own Save Changes publishes it.
    await expand(page, title);
    await card(page, title).getByRole('button', { name: 'Edit' }).click();
    await card(page, title).getByLabel('End Date').fill('2025-06');
    await expect(page.getByText('Unsaved changes: Save All Changes to publish them.')).toBeVisible();
    await card(page, title).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await reader.reload();
    await expect(entry).toContainText('September 2023 - June 2025');

    // Delete: gone from the list at once, from the site at the next save.
    await expand(page, title);
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await expect(card(page, title)).toHaveCount(0);
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await reader.reload();
    await expect(reader.getByRole('heading', { name: 'Experience', level: 1 })).toBeVisible();
    await expect(reader.getByRole('heading', { name: title })).toHaveCount(0);
    await visitor.close();
  });

  test('an end before the start is refused beside the field, and the typed work survives a reload', async ({ page }) => {
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
    await expect(page.getByText('The end date cannot be before the start date.')).toBeVisible();
    await expect(page.getByLabel('End Date')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Job Title')).toHaveValue(title);

    // A blank title is refused too; fixing the end clears its error.
    await page.getByLabel('Job Title').fill('  ');
    await page.getByLabel('End Date').fill('2025-05');
    await expect(page.getByText('The end date cannot be before the start date.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Add New Experience' }).last().click();
    await expect(page.getByText('Enter a job title.')).toBeVisible();
    await page.getByLabel('Job Title').fill(title);
    await expect(page.getByLabel('Job Title')).toHaveValue(title);

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

  test('the dashboard count follows a created item', async ({ page }) => {
    const title = `Visiting Researcher ${unique()}`;
    await signIn(page, ADMIN, '/admin/login');
    const count = page.getByRole('region', { name: 'Content counts' }).getByText(/^\d+$/).first();
    const before = Number(await count.textContent());
    await page.goto(EDITOR);
    await page.getByRole('tab', { name: 'Create New Experience' }).click();
    await page.getByLabel('Job Title').fill(title);
    await page.getByRole('button', { name: 'Add New Experience' }).last().click();
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await page.goto('/admin');
    await expect(count).toHaveText(String(before + 1));
    // Leave the list as it was.
    await page.goto(EDITOR);
    await expand(page, title);
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Save All Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
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
});
