import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expect, test } from './fixtures/auth';
import { card as cardIn, confirmDialog, expand, expectFieldErrors, openEditor as openEditorAt, publicText, toast, unique } from './fixtures/editors';
import { hydrated } from './fixtures/hydration';

const EDITOR = '/admin/talks/edit';
const card = (page: Page, title: string) => cardIn(page, 'Talks', title);

/** The VEVENTs of a calendar, parsed by ical.js (an iCalendar parser nobody here wrote). */
function events(text: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
}

test.describe('Talks', () => {
  test('a talk added in the admin is upcoming on /talks, has its page with Event markup and a calendar file, is in /talks.ics, on its paper and the CV; moved to the past it leaves the calendars; deleted it is gone', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const id = unique();
    const title = `Zeros near the line ${id}`;
    // Next July, when London keeps summer time: 16:00 there is 15:00 UTC.
    const day = `${new Date().getUTCFullYear() + 1}-07-12`;
    await openEditorAt(page, EDITOR, 'Edit Talks', 'All Talks');
    await hydrated(page.getByRole('tab', { name: 'Create New Talk' }));
    await page.getByRole('tab', { name: 'Create New Talk' }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add Talk' }) });
    await form.getByLabel('Title', { exact: true }).fill(`${title} for $L$-functions`);
    await form.getByLabel('Kind', { exact: true }).selectOption('invited');
    await form.getByLabel('Event', { exact: true }).fill('Number Theory Day');
    await form.getByLabel('Event Address', { exact: true }).fill('javascript:alert(1)');
    await form.getByLabel('Date', { exact: true }).fill(day);
    await form.getByLabel('Start Time', { exact: true }).fill('16:00');
    await form.getByLabel('End Time', { exact: true }).fill('15:00');
    await form.getByLabel('Time Zone', { exact: true }).fill('Europe/London');
    await form.getByLabel('Venue', { exact: true }).fill('Mathematical Institute');
    // The city from the offline gazetteer, by keyboard: its country and coordinates come with it.
    const city = form.getByRole('combobox', { name: 'City' });
    await city.pressSequentially('Oxfor');
    await expect(form.getByRole('option', { name: 'Oxford, United Kingdom' })).toBeVisible();
    await city.press('ArrowDown');
    await expect(city).toHaveAttribute('aria-activedescendant', /place-0$/);
    await city.press('Enter');
    await expect(city).toHaveValue('Oxford');
    await expect(form.getByLabel('Country', { exact: true })).toHaveValue('GB');
    await expect(city).toHaveAccessibleDescription(/On the map \(GeoNames\): Oxford, GB\./);
    await form.getByLabel('Abstract', { exact: true }).fill('Zeros of $\\zeta(s)$ and primes.');
    // A public paper (a draft's talk shows no link to it).
    const paperTitle = (await form.getByLabel('Paper', { exact: true }).locator('option').allTextContents()).find((text) => text !== 'None' && !text.endsWith('(draft)'))!;
    await form.getByLabel('Paper', { exact: true }).selectOption({ label: paperTitle });
    await page.getByRole('button', { name: 'Add Talk' }).click();
    // Refused beside the fields, and nothing typed is lost.
    await expectFieldErrors(form, {
      'Event Address': 'Enter a full http:// or https:// address, or leave it blank.',
      'End Time': 'The talk cannot end before it starts.',
    });
    await expect(form.getByLabel('Abstract', { exact: true })).toHaveValue('Zeros of $\\zeta(s)$ and primes.');
    await form.getByLabel('Event Address', { exact: true }).fill('https://example.org/ntday');
    await form.getByLabel('End Time', { exact: true }).fill('17:00');
    await page.getByRole('button', { name: 'Add Talk' }).click();
    await expect(card(page, title)).toContainText('New');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Your talks have been saved successfully.')).toBeVisible();

    const visitor = await browser.newContext({ baseURL });
    const reader = await visitor.newPage();
    await reader.goto('/talks');
    const upcoming = reader.getByRole('region', { name: /^Upcoming/ });
    const item = upcoming.getByRole('article').filter({ hasText: title });
    await expect(item).toContainText('Invited talk');
    await expect(item).toContainText('12 Jul');
    await expect(item).toContainText('16:00–17:00 (Europe/London)');
    await expect(item).toContainText('Mathematical Institute, Oxford, United Kingdom');
    const talkId = (await item.getAttribute('id'))!;
    // On the map: Oxford among the places (a list, and a dot on the server-drawn map), which lists its talks.
    const places = reader.getByRole('list', { name: 'Places' });
    await expect(places.getByRole('link', { name: 'Oxford, United Kingdom' })).toHaveAttribute('href', '/talks?place=2640729');
    await expect(reader.locator('section[aria-labelledby="map-heading"] script')).toHaveCount(0);
    const map = await reader.request.get('/talks/map.svg');
    expect(map.headers()['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(await map.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><title>Map of the world<\/title><path d="[^"]+"\/><\/svg>$/);
    // For docs/screenshots: the talks page with its map.
    await reader.setViewportSize({ width: 1280, height: 1100 });
    await reader.screenshot({ path: 'docs/screenshots/talks-page.png' });
    await reader.goto('/talks?place=2640729');
    await expect(reader.getByText('Talks in Oxford, United Kingdom')).toBeVisible();
    await expect(reader.getByRole('article').filter({ hasText: title })).toBeVisible();
    await expect(reader.getByRole('article').filter({ hasText: 'Primes in short intervals' })).toHaveCount(0);
    // The kind filter is in the address.
    await reader.goto('/talks?kind=invited');
    await expect(reader.getByRole('article').filter({ hasText: title })).toBeVisible();
    await reader.goto('/talks?kind=poster');
    await expect(reader.getByRole('article').filter({ hasText: title })).toHaveCount(0);

    await reader.goto(`/talks/${talkId}`);
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(`${title} for L-functions`);
    await expect(reader.getByRole('link', { name: paperTitle })).toHaveAttribute('href', /^\/research\//);
    const markup = (await reader.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(markup.find((data) => data['@type'] === 'Event')).toMatchObject({
      name: `${title} for L-functions`,
      startDate: day,
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', address: { addressLocality: 'Oxford', addressCountry: 'GB' } },
      superEvent: { name: 'Number Theory Day', url: 'https://example.org/ntday' },
    });
    const ics = await reader.request.get(`/talks/${talkId}/talk.ics`);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const [event] = events(await ics.text());
    expect(event!.getFirstPropertyValue('uid')).toBe(talkId);
    expect(event!.getFirstPropertyValue('dtstart')!.toString()).toBe(`${day}T15:00:00Z`);
    expect(event!.getFirstPropertyValue('dtend')!.toString()).toBe(`${day}T16:00:00Z`);
    await expect(reader.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/talks/${talkId}/talk.ics`);
    const feed = await publicText(reader.request, '/talks.ics');
    expect(events(feed).map((one) => one.getFirstPropertyValue('uid'))).toContain(talkId);

    // Its paper's page lists it, and the CV has it among the talks.
    await reader.getByRole('link', { name: paperTitle }).click();
    await expect(reader.getByRole('region', { name: 'Talks' }).getByRole('link', { name: `${title} for L-functions` })).toBeVisible();
    expect(await publicText(reader.request, '/cv')).toContain(title);

    // Moved to the past: under its year, out of the calendar feed.
    await expand(page, 'Talks', title);
    await card(page, title).getByRole('button', { name: 'Edit Talk' }).click();
    await card(page, title).getByLabel('Date', { exact: true }).fill('2020-05-05');
    await card(page, title).getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await reader.goto('/talks');
    await expect(reader.getByRole('region', { name: '2020' }).getByRole('article').filter({ hasText: title })).toBeVisible();
    expect(events(await publicText(reader.request, '/talks.ics')).map((one) => one.getFirstPropertyValue('uid'))).not.toContain(talkId);
    // UID unchanged across the edit.
    expect(events(await (await reader.request.get(`/talks/${talkId}/talk.ics`)).text())[0]!.getFirstPropertyValue('uid')).toBe(talkId);

    // Deleted at once.
    await expand(page, 'Talks', title);
    await card(page, title).getByRole('button', { name: 'Delete' }).click();
    await confirmDialog(page);
    await expect(toast(page, 'Talk deleted successfully')).toBeVisible();
    await reader.goto(`/talks/${talkId}`);
    await expect(reader.getByRole('heading', { name: 'Talk not found' })).toBeVisible();
    await visitor.close();
  });
});
