import { describe, expect, it } from 'vitest';

import { errorsByItem } from '@/components/admin/use-list-editor';
import { applyMarker } from '@/lib/markup/toolbar';
import {
  END_BEFORE_START_MONTH,
  currentYearMonth,
  endsBeforeStart,
  experienceItemSchema,
  experienceListSchema,
  isTemporaryExperienceId,
  newExperienceDefaults,
} from '@/lib/validation/experience';
import { isHttpUrl, isNewEntry, nonBlankEntries, storedIdSchema as projectIdSchema, uniqueEntries } from '@/lib/validation/lists';
import { PROJECT_URL_INVALID, isTemporaryProjectId, newProjectDefaults, projectItemSchema, projectListSchema } from '@/lib/validation/projects';

const STORED = '3f2b8c1e-5d4a-4e6b-9c7d-8a1b2c3d4e5f';

const position = {
  id: STORED,
  title: '  Postdoctoral Fellow ',
  company: 'IAS',
  location: 'Princeton',
  startDate: '2023-09',
  endDate: '',
  description: 'Research in **number theory**',
  highlights: ['  Proved a lemma ', '', 'Proved a lemma'],
  technologies: ['Lean 4', ' lean 4 ', 'SageMath', ''],
};

describe('experience items (docs/product.md §§3, 5, 9)', () => {
  it('trims texts, reads a blank end as current (null), drops blank highlights and repeated technologies', () => {
    const parsed = experienceItemSchema.parse(position);
    expect(parsed.title).toBe('Postdoctoral Fellow');
    expect(parsed.endDate).toBeNull();
    expect(parsed.highlights).toEqual(['Proved a lemma', 'Proved a lemma']);
    expect(parsed.technologies).toEqual(['Lean 4', 'SageMath']);
    expect(experienceItemSchema.parse({ ...position, endDate: null }).endDate).toBeNull();
  });

  it('refuses an end month before the start, beside the end field; the same month is fine', () => {
    const result = experienceItemSchema.safeParse({ ...position, endDate: '2021-01' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['endDate'], message: END_BEFORE_START_MONTH })]);
    expect(experienceItemSchema.safeParse({ ...position, endDate: '2023-09' }).success).toBe(true);
    expect(endsBeforeStart('2023-09', '2023-08')).toBe(true);
    expect(endsBeforeStart('2023-09', null)).toBe(false);
  });

  it('requires a title and company, and a real year-month', () => {
    expect(experienceItemSchema.safeParse({ ...position, title: '   ' }).error?.issues[0]?.message).toBe('Enter a job title.');
    expect(experienceItemSchema.safeParse({ ...position, company: '' }).error?.issues[0]?.message).toBe('Enter the company.');
    for (const startDate of ['2023-13', '2023-9', '23-09', '1899-12', '2023-09-01', '']) {
      expect(experienceItemSchema.safeParse({ ...position, startDate }).success, startDate).toBe(false);
    }
  });

  it('takes stored uuids and exp- temporary ids only, each once per list', () => {
    expect(experienceItemSchema.safeParse({ ...position, id: 'exp-abc-1' }).success).toBe(true);
    for (const id of ['proj-abc', '1; drop table experience', 'exp-<script>', 'x'.repeat(100)]) {
      expect(experienceItemSchema.safeParse({ ...position, id }).success, id).toBe(false);
    }
    expect(experienceListSchema.safeParse({ items: [position, position] }).success).toBe(false);
    expect(experienceListSchema.safeParse({ items: [position] }).success).toBe(true);
  });

  it('gives a new item the defaults of docs/product.md §9, the current month and a temporary id', () => {
    const item = newExperienceDefaults(new Date(2026, 10, 23));
    expect(item).toMatchObject({
      title: 'New Position',
      company: 'Company Name',
      location: 'Location',
      startDate: '2026-11',
      endDate: null,
      description: 'Job description goes here',
    });
    expect(item.highlights).toHaveLength(1);
    expect(item.technologies).toHaveLength(1);
    expect(isTemporaryExperienceId(item.id)).toBe(true);
    expect(newExperienceDefaults().id).not.toBe(newExperienceDefaults().id);
    expect(experienceItemSchema.safeParse(item).success).toBe(true);
    expect(currentYearMonth(new Date(2026, 0, 5))).toBe('2026-01');
  });
});

const project = {
  id: STORED,
  title: 'Modular forms explorer',
  description: '<strong>q</strong>-expansions',
  category: 'academic',
  technologies: ['SageMath'],
  image: '',
  link: '  ',
  github: 'https://github.com/example/modular',
  featured: true,
};

describe('projects (docs/product.md §§3, 5, 9)', () => {
  it('reads blank links as none and a blank image as the placeholder', () => {
    const parsed = projectItemSchema.parse(project);
    expect(parsed.link).toBeNull();
    expect(parsed.image).toBe('/placeholder.svg');
    expect(parsed.github).toBe('https://github.com/example/modular');
  });

  it('accepts only http(s) addresses for links, and site paths or http(s) for the image', () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.org', 'example.org', '//evil.example', 'https://']) {
      const result = projectItemSchema.safeParse({ ...project, link });
      expect(result.success, link).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['link'], message: PROJECT_URL_INVALID });
    }
    expect(projectItemSchema.safeParse({ ...project, image: '/storage/project-images/projects/a.png' }).success).toBe(true);
    expect(projectItemSchema.safeParse({ ...project, image: 'javascript:alert(1)' }).success).toBe(false);
    expect(projectItemSchema.safeParse({ ...project, image: '//evil.example/a.png' }).success).toBe(false);
  });

  it('takes one of the four categories and a stored or proj- id', () => {
    expect(projectItemSchema.safeParse({ ...project, category: 'physics' }).success).toBe(false);
    expect(projectItemSchema.safeParse({ ...project, id: 'proj-x1-2' }).success).toBe(true);
    expect(projectItemSchema.safeParse({ ...project, id: 'exp-x1-2' }).success).toBe(false);
    expect(projectIdSchema.safeParse('proj-x1').success).toBe(false);
    expect(projectIdSchema.safeParse(STORED).success).toBe(true);
    expect(projectListSchema.safeParse({ items: [project, { ...project }] }).success).toBe(false);
  });

  it('gives a new project the defaults of docs/product.md §9', () => {
    const item = newProjectDefaults();
    expect(item).toMatchObject({
      title: 'New Project',
      description: 'Project description goes here',
      category: 'web',
      image: '/placeholder.svg',
      technologies: ['Technology 1'],
      featured: false,
    });
    expect(isTemporaryProjectId(item.id)).toBe(true);
    expect(projectItemSchema.safeParse({ ...item, link: '', github: '' }).success).toBe(true);
  });
});

describe('list rules', () => {
  it('cleans lists and checks addresses', () => {
    expect(uniqueEntries([' a ', 'A', '', 'b'])).toEqual(['a', 'b']);
    expect(nonBlankEntries([' a ', '', 'a'])).toEqual(['a', 'a']);
    expect(isNewEntry(['Lean'], ' lean ')).toBe(false);
    expect(isNewEntry(['Lean'], '   ')).toBe(false);
    expect(isHttpUrl('https://example.org/x')).toBe(true);
    expect(isHttpUrl('mailto:a@example.org')).toBe(false);
  });

  it('keys server errors by item id, so they stay with their item', () => {
    const items = [{ id: 'a' }, { id: 'b' }];
    expect(errorsByItem({ 'items.1.endDate': 'bad end', 'items.1.title': 'no title', 'items.9.title': 'gone', form: 'x' }, items)).toEqual({
      b: { endDate: 'bad end', title: 'no title' },
    });
  });
});

describe('the simple editor toolbar', () => {
  it('wraps the selection in bold and italic markers and selects the wrapped text', () => {
    expect(applyMarker('bold', 'a word here', 2, 6)).toEqual({ value: 'a **word** here', selectionStart: 4, selectionEnd: 8 });
    expect(applyMarker('italic', 'x', 1, 1)).toEqual({ value: 'x*italic text*', selectionStart: 2, selectionEnd: 13 });
  });

  it('makes list items of the selected lines, or inserts one', () => {
    expect(applyMarker('listItem', 'one\ntwo', 0, 7).value).toBe('- one\n- two');
    expect(applyMarker('listItem', '- one\ntwo', 0, 9).value).toBe('- one\n- two');
    expect(applyMarker('listItem', 'intro\n', 6, 6).value).toBe('intro\n- List item');
  });

  it('selects the address of a new link or image', () => {
    const link = applyMarker('link', 'see paper', 4, 9);
    expect(link.value).toBe('see [paper](https://)');
    expect(link.value.slice(link.selectionStart, link.selectionEnd)).toBe('https://');
    const image = applyMarker('image', '', 0, 0);
    expect(image.value).toBe('![image description](/storage/)');
    expect(image.value.slice(image.selectionStart, image.selectionEnd)).toBe('/storage/');
  });
});
