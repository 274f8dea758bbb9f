import { describe, expect, it } from 'vitest';

import { degreeInField, splitParagraphs, yearRange } from '@/lib/content/about/rules';
import { monthRange } from '@/lib/content/experience/rules';
import { categoryHref, parseCategory } from '@/lib/content/projects/rules';
import { cutMarkup, highlightLabel, parseStatus, statusHref } from '@/lib/content/research/rules';

describe('about: biography and education', () => {
  it('splits the biography into paragraphs on blank lines', () => {
    expect(splitParagraphs('First line\nstill first.\n\nSecond.\r\n  \r\nThird.\n\n\n')).toEqual([
      'First line\nstill first.',
      'Second.',
      'Third.',
    ]);
    expect(splitParagraphs('')).toEqual([]);
  });

  it("shows each education entry as 'degree in field' and 'start - end', or 'Present' when the end is empty", () => {
    expect(degreeInField({ degree: 'PhD', field: 'Mathematics' })).toBe('PhD in Mathematics');
    expect(degreeInField({ degree: 'PhD', field: ' ' })).toBe('PhD');
    expect(yearRange({ startYear: 2022, endYear: 2023 })).toBe('2022 - 2023');
    expect(yearRange({ startYear: 2023, endYear: null })).toBe('2023 - Present');
  });
});

describe('experience dates', () => {
  it('shows year-month bounds in US English, Present while the end is empty', () => {
    expect(monthRange('2024-06', '2024-09')).toBe('June 2024 - September 2024');
    expect(monthRange('2023-09', null)).toBe('September 2023 - Present');
  });
});

describe('filters kept in the URL', () => {
  it('reads ?category= as one of the four categories, anything else as All Projects', () => {
    expect(parseCategory('web')).toBe('web');
    expect(parseCategory(['mobile', 'web'])).toBe('mobile');
    expect(parseCategory('games')).toBe('all');
    expect(parseCategory(undefined)).toBe('all');
    expect(categoryHref('all')).toBe('/projects');
    expect(categoryHref('academic')).toBe('/projects?category=academic');
  });

  it('reads ?status= as one of the four statuses, anything else as All Papers', () => {
    expect(parseStatus('preprint')).toBe('preprint');
    expect(parseStatus('retracted')).toBe('all');
    expect(statusHref('all')).toBe('/research');
    expect(statusHref('draft')).toBe('/research?status=draft');
  });
});

describe('research highlights', () => {
  it("labels non-published papers 'Preprint'", () => {
    expect(highlightLabel('published')).toBe('Published');
    expect(highlightLabel('preprint')).toBe('Preprint');
    expect(highlightLabel('submitted')).toBe('Preprint');
    expect(highlightLabel('draft')).toBe('Preprint');
  });

  it('cuts the abstract at 200 characters plus an ellipsis', () => {
    const text = 'a'.repeat(250);
    expect(cutMarkup(text, 200)).toBe(`${'a'.repeat(200)}...`);
    expect(cutMarkup('short', 200)).toBe('short');
  });

  it('never cuts inside a formula: the cut moves to just before it', () => {
    const source = `${'x'.repeat(190)} $\\alpha + \\beta = \\gamma$ and more text after the formula`;
    expect(cutMarkup(source, 200)).toBe(`${'x'.repeat(190)}...`);
    const display = `${'y'.repeat(195)} $$\\int_0^1 f$$ tail`;
    expect(cutMarkup(display, 200)).toBe(`${'y'.repeat(195)}...`);
  });

  it('keeps a formula that opens the text whole, and treats escaped or unclosed dollars as text', () => {
    const opening = `$${'z'.repeat(210)}$ rest`;
    expect(cutMarkup(opening, 200)).toBe(`$${'z'.repeat(210)}$...`);
    const escaped = `costs \\$5 and ${'w'.repeat(200)}`;
    expect(cutMarkup(escaped, 20)).toBe(`${escaped.slice(0, 20)}...`);
    const unclosed = `$ ${'v'.repeat(250)}`;
    expect(cutMarkup(unclosed, 200)).toBe(`${unclosed.slice(0, 200)}...`);
  });
});
