import type { APIRequestContext, Page, Request } from '@playwright/test';
import { SAMPLES } from '../helpers/storage-samples';
import { expect, gotoAsOwner, register, signIn, test } from './fixtures/auth';
import { failServerActions, toast, unique } from './fixtures/editors';
import { hydrated } from './fixtures/hydration';

const EDITOR = '/admin/about/edit';

async function openEditor(page: Page) {
  await gotoAsOwner(page, EDITOR);
  await expect(page.getByRole('heading', { name: 'Edit About Information' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
  // The server's HTML is editable before React listens: a click on Add Education then adds nothing (the
  // fresh-clone CI, three runs of three, under the whole suite's load).
  await hydrated(page.getByRole('button', { name: 'Add Education' }));
}

/** One anonymous GET: the page's HTML and whether Next's route cache answered it (HIT) or rendered it (MISS). */
async function fetchPage(request: APIRequestContext, path: string): Promise<{ html: string; cache: string | undefined }> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  return { html: await response.text(), cache: response.headers()['x-nextjs-cache'] };
}

/**
 * The stored row ('Education 2', 'Research Interest 1') whose first field holds `text`, by its name, so
 * the locator still finds it once that field is edited.
 */
async function rowHolding(page: Page, kind: 'Education' | 'Research Interest', text: string) {
  const rows = page.getByRole('group', { name: new RegExp(`^${kind} \\d+$`) });
  await expect(rows.first()).toBeVisible();
  const values = await rows.evaluateAll((groups) => groups.map((group) => group.querySelector('input')?.value ?? ''));
  const index = values.indexOf(text);
  expect(index, `a ${kind} row holding "${text}"`).toBeGreaterThanOrEqual(0);
  return page.getByRole('group', { name: `${kind} ${index + 1}`, exact: true });
}

test.describe('admin About editor', () => {
  test('a save through lib/content and its tag expiry shows on the public pages on the very next request', async ({ page, browser, baseURL }) => {
    const id = unique();
    const name = `Ada Lovelace ${id}`;
    const firstParagraph = `Fresh biography ${id} about analytic number theory.`;
    const skill = `Ergodic theory ${id}`;

    // An anonymous visitor reads /about and / before the edit: the second request of each is answered
    // from the cache, so the edit below has a cached copy to replace.
    const visitor = await browser.newContext({ baseURL });
    for (const path of ['/about', '/']) {
      await fetchPage(visitor.request, path);
      const cached = await fetchPage(visitor.request, path);
      expect(cached.cache, `${path} is cached before the edit`).toBe('HIT');
      expect(cached.html).not.toContain(name);
    }

    // From the dashboard through the sidebar, which marks About as the current page.
    await gotoAsOwner(page, '/admin');
    const about = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'About', exact: true });
    await (await hydrated(about)).click();
    await expect(page).toHaveURL(new RegExp(`${EDITOR}$`));
    await expect(about).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
    const role = (await page.locator('#about-title').inputValue()).trim();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Bio').fill(`${firstParagraph}\n\nA second paragraph ${id}.`);
    await page.getByLabel('Skills').fill(skill);
    await page.getByLabel('Skills').press('Enter');
    const skills = page.getByRole('list', { name: 'Skill list' });
    await expect(skills.getByText(skill, { exact: true })).toBeVisible();
    // Blank and repeated skills are ignored.
    await page.getByLabel('Skills').fill(`  ${skill.toUpperCase()}  `);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByLabel('Skills').fill('   ');
    await page.getByLabel('Skills').press('Enter');
    await expect(skills.getByText(new RegExp(id, 'i'))).toHaveCount(1);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'About information saved successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);

    // The very next anonymous request renders the new profile: the cached copies are gone.
    const aboutPage = await fetchPage(visitor.request, '/about');
    expect(aboutPage.cache).toBe('MISS');
    expect(aboutPage.html).toContain(name);
    expect(aboutPage.html).toContain(firstParagraph);
    expect(aboutPage.html).toContain(skill);
    const home = await fetchPage(visitor.request, '/');
    expect(home.cache).toBe('MISS');
    expect(home.html).toContain(name);

    // And as a browser shows them: /about's profile, the home page's title and description.
    const reader = await visitor.newPage();
    await reader.goto('/about');
    await expect(reader.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(reader.getByRole('region', { name: 'Skills' })).toContainText(skill);
    await expect(reader.getByText(firstParagraph)).toBeVisible();
    await expect(reader).toHaveTitle(new RegExp(`^About ${name}`));
    await reader.goto('/');
    await expect(reader).toHaveTitle(role ? `${name} · ${role}` : name);
    await expect(reader.locator('meta[name="description"]')).toHaveAttribute('content', firstParagraph);
    await visitor.close();

    // The editor opens on what was saved, with no draft left behind.
    await page.goto(EDITOR);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(page.getByText(/were restored/)).toHaveCount(0);
  });

  test('education, skills and research interests: added, edited in every field, shown on /about, then removed and gone from /about', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = unique();
    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    const save = async () => {
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'About information saved successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
    };

    // Added: a skill, an education entry and a research interest.
    await openEditor(page);
    await page.getByLabel('Skills').fill(`Sieve theory ${id}`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Add Education' }).click();
    const entry = page.getByRole('group', { name: /^Education \d+$/ }).last();
    await entry.getByLabel('Institution').fill(`University of Göttingen ${id}`);
    await entry.getByLabel('Degree').fill('MSc');
    await entry.getByLabel('Field of Study').fill('Mathematics');
    await entry.getByLabel('Start Year').fill('2018');
    await entry.getByLabel('Current / In Progress').uncheck();
    await entry.getByLabel('End Year').fill('2020');
    await page.getByRole('button', { name: 'Add Research Interest' }).click();
    const interest = page.getByRole('group', { name: /^Research Interest \d+$/ }).last();
    await interest.getByLabel('Title').fill(`Additive combinatorics ${id}`);
    await interest.getByLabel('Description').fill(`Sumsets and their structure ${id}.`);
    await save();

    await reader.goto('/about');
    const education = reader.getByRole('region', { name: 'Education' });
    await expect(reader.getByRole('region', { name: 'Skills' })).toContainText(`Sieve theory ${id}`);
    await expect(education.getByRole('listitem').filter({ hasText: `University of Göttingen ${id}` })).toContainText('MSc in Mathematics');
    await expect(education.getByRole('listitem').filter({ hasText: `University of Göttingen ${id}` })).toContainText('2018 - 2020');
    const interests = reader.getByRole('region', { name: 'Research Interests' });
    await expect(interests.getByRole('heading', { name: `Additive combinatorics ${id}` })).toBeVisible();
    await expect(interests).toContainText(`Sumsets and their structure ${id}.`);

    // Edited: every field of the entry and the interest; the skill replaced.
    await page.goto(EDITOR);
    await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
    await page.getByRole('button', { name: `Remove Sieve theory ${id}` }).click();
    await page.getByLabel('Skills').fill(`Large sieve ${id}`);
    await page.getByLabel('Skills').press('Enter');
    const saved = await rowHolding(page, 'Education', `University of Göttingen ${id}`);
    await saved.getByLabel('Institution').fill(`University of Bonn ${id}`);
    await saved.getByLabel('Degree').fill('PhD');
    await saved.getByLabel('Field of Study').fill('Number Theory');
    await saved.getByLabel('Start Year').fill('2021');
    await saved.getByLabel('Current / In Progress').check();
    await expect(saved.getByLabel('End Year')).toBeDisabled();
    const savedInterest = await rowHolding(page, 'Research Interest', `Additive combinatorics ${id}`);
    await savedInterest.getByLabel('Description').fill(`Inverse theorems ${id}.`);
    await savedInterest.getByLabel('Title').fill(`Higher-order Fourier analysis ${id}`);
    await save();

    await reader.reload();
    await expect(reader.getByRole('region', { name: 'Skills' })).toContainText(`Large sieve ${id}`);
    await expect(reader.getByRole('region', { name: 'Skills' })).not.toContainText(`Sieve theory ${id}`);
    const bonn = education.getByRole('listitem').filter({ hasText: `University of Bonn ${id}` });
    await expect(bonn).toContainText('PhD in Number Theory');
    await expect(bonn).toContainText('2021 - Present');
    await expect(education).not.toContainText(`University of Göttingen ${id}`);
    await expect(interests.getByRole('heading', { name: `Higher-order Fourier analysis ${id}` })).toBeVisible();
    await expect(interests).toContainText(`Inverse theorems ${id}.`);
    await expect(interests).not.toContainText(`Additive combinatorics ${id}`);

    // Removed: the skill, the entry and the interest are gone from /about at the next request.
    await page.goto(EDITOR);
    await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
    await page.getByRole('button', { name: `Remove Large sieve ${id}` }).click();
    const bonnEntry = await rowHolding(page, 'Education', `University of Bonn ${id}`);
    await bonnEntry.getByRole('button', { name: /^Remove education/ }).click();
    const fourier = await rowHolding(page, 'Research Interest', `Higher-order Fourier analysis ${id}`);
    await fourier.getByRole('button', { name: /^Remove research interest/ }).click();
    await save();

    await reader.reload();
    await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(reader.locator('main')).not.toContainText(`Large sieve ${id}`);
    await expect(reader.locator('main')).not.toContainText(`University of Bonn ${id}`);
    await expect(reader.locator('main')).not.toContainText(`Higher-order Fourier analysis ${id}`);
    await visitor.close();
  });

  test('a save while the network fails keeps the form as typed and says so; the next save stores it', async ({ page }) => {
    const name = `Offline name ${unique()}`;
    await openEditor(page);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Add Research Interest' }).click();
    const interest = page.getByRole('group', { name: /^Research Interest \d+$/ }).last();
    await interest.getByLabel('Title').fill(`Typed offline ${name}`);

    const restore = await failServerActions(page);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Failed to save about data')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to save about data.' })).toContainText(
      'The server could not be reached. Your changes are kept here; please try again.',
    );
    await expect(page).toHaveURL(new RegExp(`${EDITOR}$`));
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    await expect(interest.getByLabel('Title')).toHaveValue(`Typed offline ${name}`);
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeEnabled();

    await restore();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'About information saved successfully')).toBeVisible();
    await page.goto(EDITOR);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    // Leave the profile without the interest typed here.
    await (await rowHolding(page, 'Research Interest', `Typed offline ${name}`)).getByRole('button', { name: /^Remove/ }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'About information saved successfully')).toBeVisible();
  });

  test('an invalid save shows the error beside the field and keeps everything typed, even across a reload', async ({ page }) => {
    await openEditor(page);
    const savedName = await page.getByLabel('Name', { exact: true }).inputValue();
    await page.getByLabel('Name', { exact: true }).fill('Typed but not saved');
    await page.getByRole('button', { name: 'Add Education' }).click();
    const entry = page.getByRole('group', { name: /^Education \d+$/ }).last();
    await expect(entry.getByLabel('Start Year')).toHaveValue(String(new Date().getFullYear()));
    await expect(entry.getByLabel('Current / In Progress')).toBeChecked();
    await expect(entry.getByLabel('End Year')).toBeDisabled();
    await entry.getByLabel('Institution').fill('University of Nowhere');
    await entry.getByLabel('Current / In Progress').uncheck();
    await expect(entry.getByLabel('End Year')).toHaveValue(String(new Date().getFullYear()));
    await entry.getByLabel('Start Year').fill('2024');
    await entry.getByLabel('End Year').fill('2020');
    await page.getByRole('button', { name: 'Add Research Interest' }).click();
    const interest = page.getByRole('group', { name: /^Research Interest \d+$/ }).last();
    await interest.getByLabel('Description').fill('A description without a title');

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Failed to save about data')).toBeVisible();
    await expect(entry.getByLabel('End Year')).toHaveAccessibleDescription('The end year cannot be before the start year.');
    await expect(entry.getByLabel('End Year')).toHaveAttribute('aria-invalid', 'true');
    await expect(interest.getByText('Enter a title for this research interest.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${EDITOR}$`));
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Typed but not saved');
    await expect(entry.getByLabel('Institution')).toHaveValue('University of Nowhere');
    await expect(entry.getByLabel('End Year')).toHaveValue('2020');
    await expect(interest.getByLabel('Description')).toHaveValue('A description without a title');

    // Editing a field clears its error.
    await entry.getByLabel('End Year').fill('2025');
    await expect(entry.getByText('The end year cannot be before the start year.')).toHaveCount(0);
    await expect(interest.getByText('Enter a title for this research interest.')).toBeVisible();

    // The typed work is a draft in this browser: a reload brings it back.
    await page.reload();
    await expect(page.getByText(/Unsaved changes from .* were restored\./)).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Typed but not saved');
    await expect(page.getByRole('group', { name: /^Education \d+$/ }).last().getByLabel('End Year')).toHaveValue('2025');

    // Discarding the draft returns to what is saved.
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(savedName);
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(savedName);
    await expect(page.getByText(/were restored/)).toHaveCount(0);
  });

  test('the profile image is part of the save: Delete Image and Cancel keep the stored file; a saved replacement removes the old upload', async ({
    page,
  }) => {
    const preview = page.getByRole('img', { name: 'Profile image preview' });
    /** Uploads one portrait in the open editor (one per page load, so the upload toast is unique). */
    const uploadPortrait = async (name: string) => {
      // The last upload box is the Profile Image card's (the Identity and Links section's, for the mark, comes first).
      await page.getByTestId('file-upload-input').last().setInputFiles([{ name, mimeType: 'image/png', buffer: Buffer.from(SAMPLES.png) }]);
      await page.getByRole('button', { name: 'Upload', exact: true }).last().click();
      await expect(toast(page, 'Successfully uploaded 1 file(s).')).toBeVisible();
      await expect(preview).toHaveAttribute('src', /^\/storage\/profile-images\/about\/\d{13}-[0-9a-z]{12}\.png$/);
      const url = (await preview.getAttribute('src'))!;
      expect((await page.request.get(url)).status()).toBe(200);
      return url;
    };
    const status = async (url: string) => (await page.request.get(url)).status();
    const save = async () => {
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'About information saved successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
    };

    // Delete Image only clears the form: the file stays until the profile is saved without it.
    await openEditor(page);
    const discarded = await uploadPortrait('portrait.png');
    await page.getByRole('button', { name: 'Delete Image' }).click();
    await expect(toast(page, 'Profile image deleted successfully.')).toBeVisible();
    await expect(preview).toHaveAttribute('src', '/placeholder.svg');
    expect(await status(discarded)).toBe(200);
    await page.getByRole('button', { name: 'Delete Image' }).click();
    await expect(toast(page, 'No image to delete')).toBeVisible();
    // Cancel stores nothing and removes nothing (the discarded upload stays in the bucket, for the media library).
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    expect(await status(discarded)).toBe(200);

    // Saved with a first image, then with a replacement: the first upload is removed after the save.
    await page.goto(EDITOR);
    await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
    const first = await uploadPortrait('first.png');
    await save();
    await page.goto(EDITOR);
    await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
    await expect(preview).toHaveAttribute('src', first);
    const second = await uploadPortrait('second.png');
    expect(await status(first)).toBe(200);
    await save();
    expect(await status(first)).toBe(404);
    expect(await status(second)).toBe(200);

    // Delete Image and Save: the profile has no image, and its file is gone.
    await page.goto(EDITOR);
    await expect(page.getByLabel('Name', { exact: true })).toBeEditable();
    await expect(preview).toHaveAttribute('src', second);
    await page.getByRole('button', { name: 'Delete Image' }).click();
    await expect(toast(page, 'Profile image deleted successfully.')).toBeVisible();
    expect(await status(second)).toBe(200);
    await save();
    expect(await status(second)).toBe(404);
    await page.goto(EDITOR);
    await expect(preview).toHaveAttribute('src', '/placeholder.svg');
  });

  test('a direct POST of the save action without a session, or with a non-admin session, is refused and changes nothing', async ({
    page,
    browser,
    baseURL,
  }) => {
    const intruder = `intruder-${unique()}@example.com`;
    const defaced = `Defaced ${unique()}`;
    await register(page, intruder, 'intruder-password');

    // Learn the action's id from a real call by the admin (refused by validation: no title).
    await openEditor(page);
    const captured = new Promise<Request>((resolve) =>
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.headers()['next-action']) resolve(request);
      }),
    );
    await page.getByRole('button', { name: 'Add Research Interest' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const actionId = (await captured).headers()['next-action'];
    const body = JSON.stringify([
      { name: defaced, title: '', bio: defaced, imageUrl: null, skills: [], education: [], researchInterests: [] },
    ]);
    const headers = { 'next-action': actionId, 'content-type': 'text/plain;charset=UTF-8', accept: 'text/x-component' };

    const anonymous = await browser.newContext({ baseURL });
    const anonymousAnswer = await anonymous.request.post(EDITOR, { headers, data: body, maxRedirects: 0 });
    expect(await anonymousAnswer.text()).toContain('You need to be signed in to access this area');

    const readerContext = await browser.newContext({ baseURL });
    const reader = await readerContext.newPage();
    await signIn(reader, { email: intruder, password: 'intruder-password' });
    await expect(reader).toHaveURL(/\/admin\/unauthorized$/);
    const readerAnswer = await readerContext.request.post(EDITOR, { headers, data: body, maxRedirects: 0 });
    expect(await readerAnswer.text()).toContain("Your account doesn't have permission to access this area.");
    await readerContext.close();

    const about = await fetchPage(anonymous.request, '/about');
    expect(about.html).not.toContain(defaced);
    await anonymous.close();
  });
});
