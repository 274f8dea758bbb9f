import type { Page } from '@playwright/test';
import { SAMPLES } from '../helpers/storage-samples';
import { expect, test } from './fixtures/auth';
import { card as cardIn, confirmDialog, expand, expectFieldErrors, openEditor as openEditorAt, publicText, toast, unique } from './fixtures/editors';
import { hydrated } from './fixtures/hydration';

const EDITOR = '/admin/teaching/edit';
const card = (page: Page, title: string) => cardIn(page, 'Courses', title);

/** Saves the Teaching editor's "Group the teaching page by" choice. */
async function groupBy(page: Page, choice: 'Institution' | 'Year') {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save Grouping' }) });
  await form.getByRole('radio', { name: choice, exact: true }).check();
  await form.getByRole('button', { name: 'Save Grouping' }).click();
  await expect(toast(page, 'Grouping saved')).toBeVisible();
  // Closed, so that the next choice's toast is the only one (a 4-second toast outlived the steps between in CI).
  await page.locator('[data-sonner-toast]').filter({ has: page.getByText('Grouping saved', { exact: true }) }).getByRole('button', { name: 'Close toast' }).click();
  await expect(toast(page, 'Grouping saved')).toHaveCount(0);
}

test.describe('Teaching', () => {
  test('a course added in the admin is on /teaching under its institution with its materials, has its page with Course markup, is on the CV; grouped by year it is under its year; without a page of its own it has none; deleted it is gone', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const id = unique();
    const title = `Analytic Number Theory ${id}`;
    const code = `MATH${id.slice(-5).toUpperCase()}`;
    const institution = `Marshbury University ${id}`;
    await openEditorAt(page, EDITOR, 'Edit Teaching', 'All Courses');
    await hydrated(page.getByRole('tab', { name: 'Create New Course' }));
    await page.getByRole('tab', { name: 'Create New Course' }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Course' }) });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Institution', { exact: true }).fill(institution);
    await form.getByLabel('Role', { exact: true }).selectOption('lecturer');
    await form.getByLabel('Level', { exact: true }).fill('Postgraduate');
    await form.getByLabel('From', { exact: true }).fill('2022');
    await form.getByLabel('To', { exact: true }).fill('2021');
    for (const term of ['Spring 2022', 'Spring 2023']) {
      await form.getByLabel('Terms', { exact: true }).fill(term);
      await form.getByLabel('Terms', { exact: true }).press('Enter');
    }
    await form.getByLabel('Description', { exact: true }).fill('Dirichlet characters and $L(s, \\chi)$.');
    // One material typed (an address a browser would run, refused), one uploaded.
    await form.getByRole('button', { name: 'Add Material' }).click();
    const first = form.getByRole('group', { name: 'Material 1', exact: true });
    await first.getByLabel('Name', { exact: true }).fill('Problem sheets');
    await first.getByLabel('Address', { exact: true }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Add Course' }).click();
    // Refused beside the fields, and nothing typed is lost.
    await expectFieldErrors(form, { To: 'The end cannot be before the start.' });
    await expect(form.getByText('Material 1: upload a PDF or enter an http(s) address.')).toBeVisible();
    await expect(form.getByLabel('Description', { exact: true })).toHaveValue('Dirichlet characters and $L(s, \\chi)$.');
    await form.getByLabel('To', { exact: true }).fill('2023');
    await first.getByLabel('Address', { exact: true }).fill('https://example.org/sheets');
    await form.getByTestId('file-upload-input').setInputFiles([{ name: 'syllabus.pdf', mimeType: 'application/pdf', buffer: Buffer.from(SAMPLES.pdf) }]);
    await form.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(toast(page, 'Successfully uploaded 1 file(s).')).toBeVisible();
    const second = form.getByRole('group', { name: 'Material 2', exact: true });
    await expect(second.getByLabel('Address', { exact: true })).toHaveValue(/^\/storage\/research-papers\/.+\.pdf$/);
    const syllabus = await second.getByLabel('Address', { exact: true }).inputValue();
    await second.getByLabel('Name', { exact: true }).fill('Syllabus');
    await page.getByRole('button', { name: 'Add Course' }).click();
    await expect(card(page, title)).toContainText('New');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Your courses have been saved successfully.')).toBeVisible();
    // Grouped by institution, whatever an earlier run left.
    await groupBy(page, 'Year');
    await groupBy(page, 'Institution');

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto('/teaching');
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Teaching');
    const item = reader.getByRole('region', { name: institution }).getByRole('article').filter({ hasText: title });
    await expect(item).toContainText('Lecturer');
    await expect(item).toContainText(code);
    await expect(item).toContainText('2022–2023');
    await expect(item).toContainText('Spring 2022, Spring 2023');
    // For docs/screenshots: the teaching page, grouped by institution.
    await reader.setViewportSize({ width: 1280, height: 1100 });
    await reader.screenshot({ path: 'docs/screenshots/teaching-page.png' });
    await expect(item).toContainText('Postgraduate');
    await expect(item.getByRole('link', { name: 'Syllabus' })).toHaveAttribute('href', syllabus);
    await expect(item.getByRole('link', { name: 'Problem sheets' })).toHaveAttribute('href', 'https://example.org/sheets');
    const courseId = (await item.getAttribute('id'))!;
    await expect(item.getByRole('link', { name: title })).toHaveAttribute('href', `/teaching/${courseId}`);

    await reader.goto(`/teaching/${courseId}`);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(reader.getByRole('region', { name: 'About the course' }).locator('.katex').first()).toBeVisible();
    await expect(reader.getByRole('region', { name: 'Materials' }).getByRole('link', { name: 'Syllabus' })).toHaveAttribute('href', syllabus);
    await expect(reader.getByRole('link', { name: 'All teaching' })).toHaveAttribute('href', '/teaching');
    const markup = (await reader.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(markup.find((data) => data['@type'] === 'Course')).toMatchObject({
      name: title,
      courseCode: code,
      description: 'Dirichlet characters and L(s, χ).',
      provider: { '@type': 'Organization', name: institution },
      hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Onsite', instructor: { '@type': 'Person' }, startDate: '2022', endDate: '2023' },
    });

    // The CV's Teaching section has it: the role, the title and the code.
    expect(await publicText(reader.request, '/cv')).toContain(`Lecturer, ${title} (${code})`);
    // Site search finds it by its code.
    await reader.goto(`/search?q=${code}`);
    await expect(reader.getByRole('list', { name: 'Teaching' }).getByRole('link', { name: title })).toHaveAttribute('href', `/teaching/${courseId}`);

    // Grouped by year: under the year it began.
    await groupBy(page, 'Year');
    await reader.goto('/teaching');
    await expect(reader.getByRole('region', { name: '2022' }).getByRole('article').filter({ hasText: title })).toBeVisible();
    await expect(reader.getByRole('region', { name: institution })).toHaveCount(0);
    await groupBy(page, 'Institution');

    // No page of its own: the list shows its description and links nowhere; its address is not found.
    await expand(page, 'Courses', title);
    await card(page, title).getByRole('button', { name: 'Edit Course' }).click();
    await card(page, title).getByLabel('Own page').uncheck();
    await card(page, title).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await reader.goto('/teaching');
    const pageless = reader.getByRole('article').filter({ hasText: title });
    await expect(pageless.getByRole('link', { name: title })).toHaveCount(0);
    await expect(pageless).toContainText('Dirichlet characters and');
    await reader.goto(`/teaching/${courseId}`);
    await expect(reader.getByRole('heading', { name: 'Course not found' })).toBeVisible();

    // Deleted at once.
    await expand(page, 'Courses', title);
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(toast(page, 'Course deleted successfully')).toBeVisible();
    await reader.goto('/teaching');
    await expect(reader.getByRole('article').filter({ hasText: title })).toHaveCount(0);
    await visitor.close();
  });
});
