import { describe, expect, it } from 'vitest';

import {
  aboutFormSchema,
  errorsByRow,
  formFromAbout,
  newEducationRow,
  sameContent,
  toAboutInput,
  withCurrent,
  type AboutForm,
} from '@/components/admin/about/form';
import { clearDraft, readDraft, writeDraft } from '@/components/admin/drafts';
import type { About } from '@/lib/content/about/types';
import {
  aboutSchema,
  cleanSkills,
  END_BEFORE_START,
  INTEREST_TITLE_REQUIRED,
  isNewSkill,
  parseYear,
  sortEducation,
  type AboutInput,
} from '@/lib/validation/about';
import { fieldErrorsOf } from '@/lib/action-result';

const valid: AboutInput = {
  name: '  Alex Morgan ',
  title: 'Mathematics PhD Student & Researcher',
  bio: 'First paragraph.\n\nSecond paragraph.\n',
  imageUrl: '/storage/profile-images/about/portrait.png',
  skills: ['Python'],
  education: [{ institution: 'Edinburgh', degree: 'PhD', field: 'Mathematics', startYear: 2023, endYear: null }],
  researchInterests: [{ title: 'Zeros of L-functions', description: 'Zero-density estimates.' }],
};

function errorsFor(input: unknown): Record<string, string> {
  const parsed = aboutSchema.safeParse(input);
  if (parsed.success) return {};
  return fieldErrorsOf(parsed.error);
}

describe('about: the saved profile is validated on the server', () => {
  it('accepts a complete profile and trims every text', () => {
    const parsed = aboutSchema.parse(valid);
    expect(parsed.name).toBe('Alex Morgan');
    expect(parsed.bio).toBe('First paragraph.\n\nSecond paragraph.');
    expect(parsed.education[0]).toEqual({ institution: 'Edinburgh', degree: 'PhD', field: 'Mathematics', startYear: 2023, endYear: null });
  });

  it('skills are trimmed; empty or duplicate ones are ignored', () => {
    const parsed = aboutSchema.parse({ ...valid, skills: [' Python ', '', '   ', 'python', 'LaTeX', 'Python', 'SageMath '] });
    expect(parsed.skills).toEqual(['Python', 'LaTeX', 'SageMath']);
    expect(cleanSkills([])).toEqual([]);
    expect(isNewSkill(['Python'], ' PYTHON ')).toBe(false);
    expect(isNewSkill(['Python'], '  ')).toBe(false);
    expect(isNewSkill(['Python'], 'Haskell')).toBe(true);
  });

  it('education years are whole numbers; the end year may not come before the start year', () => {
    const entry = valid.education[0];
    expect(errorsFor({ ...valid, education: [{ ...entry, startYear: 2023, endYear: 2021 }] })).toEqual({ 'education.0.endYear': END_BEFORE_START });
    expect(errorsFor({ ...valid, education: [{ ...entry, startYear: 2023, endYear: 2023 }] })).toEqual({});
    expect(errorsFor({ ...valid, education: [{ ...entry, startYear: 2023.5 }] })).toHaveProperty('education.0.startYear');
    expect(errorsFor({ ...valid, education: [{ ...entry, startYear: '2023' }] })).toHaveProperty('education.0.startYear');
    // An invalid year input parses to 0 (docs/product.md §5), which is then refused with a message.
    expect(errorsFor({ ...valid, education: [{ ...entry, startYear: 0 }] })['education.0.startYear']).toBe('Enter a start year between 1900 and 2100.');
    expect(errorsFor({ ...valid, education: [{ ...entry, endYear: 3000 }] })['education.0.endYear']).toBe('Enter an end year between 1900 and 2100.');
  });

  it('a null end year means current', () => {
    expect(aboutSchema.parse({ ...valid, education: [{ ...valid.education[0], endYear: null }] }).education[0].endYear).toBeNull();
  });

  it('on save, education is sorted: current first, then by end year descending', () => {
    const entry = valid.education[0];
    const parsed = aboutSchema.parse({
      ...valid,
      education: [
        { ...entry, institution: 'BSc', startYear: 2016, endYear: 2019 },
        { ...entry, institution: 'PhD', startYear: 2023, endYear: null },
        { ...entry, institution: 'MSc', startYear: 2019, endYear: 2022 },
        { ...entry, institution: 'Visiting', startYear: 2024, endYear: null },
      ],
    });
    expect(parsed.education.map((e) => e.institution)).toEqual(['PhD', 'Visiting', 'MSc', 'BSc']);
    expect(sortEducation([])).toEqual([]);
  });

  it('a research interest needs a title; its description may be empty', () => {
    expect(errorsFor({ ...valid, researchInterests: [{ title: '   ', description: 'x' }] })).toEqual({
      'researchInterests.0.title': INTEREST_TITLE_REQUIRED,
    });
    expect(errorsFor({ ...valid, researchInterests: [{ title: 'Spectral graphs', description: '' }] })).toEqual({});
  });

  it('texts have upper bounds', () => {
    expect(errorsFor({ ...valid, name: 'x'.repeat(121) })).toHaveProperty('name');
    expect(errorsFor({ ...valid, bio: 'x'.repeat(20_001) })).toHaveProperty('bio');
    expect(errorsFor({ ...valid, skills: ['x'.repeat(81)] })).toHaveProperty('skills.0');
    expect(errorsFor({ ...valid, skills: Array.from({ length: 101 }, (_, i) => `skill ${i}`) })).toHaveProperty('skills');
    expect(errorsFor({ ...valid, researchInterests: [{ title: 't', description: 'x'.repeat(2001) }] })).toHaveProperty('researchInterests.0.description');
  });

  it('the image is an uploaded path or an http(s) address, and empty means none', () => {
    expect(aboutSchema.parse({ ...valid, imageUrl: '  ' }).imageUrl).toBeNull();
    expect(aboutSchema.parse({ ...valid, imageUrl: null }).imageUrl).toBeNull();
    expect(aboutSchema.parse({ ...valid, imageUrl: 'https://cdn.example.com/me.png' }).imageUrl).toBe('https://cdn.example.com/me.png');
    for (const bad of ['javascript:alert(1)', '//evil.example/x.png', 'data:image/png;base64,AAAA', 'not a url']) {
      expect(errorsFor({ ...valid, imageUrl: bad })).toHaveProperty('imageUrl');
    }
  });

  it('refuses input that is not a profile at all', () => {
    expect(errorsFor('hello')).toHaveProperty('form');
    expect(errorsFor({ ...valid, skills: 'Python' })).toHaveProperty('skills');
    expect(errorsFor({})).toHaveProperty('name');
  });
});

describe('about editor: the form', () => {
  const about: About = {
    id: '00000000-0000-0000-0000-000000000001',
    name: 'Alex',
    title: 'Researcher',
    bio: 'Bio',
    imageUrl: null,
    skills: ['Python'],
    education: [
      { institution: 'Edinburgh', degree: 'PhD', field: 'Mathematics', startYear: 2023, endYear: null },
      { institution: 'Imperial', degree: 'MSc', field: 'Pure Mathematics', startYear: 2022, endYear: 2023 },
    ],
    researchInterests: [{ title: 'Zeros', description: 'Of L-functions' }],
    updatedAt: '2026-01-01T00:00:00.000Z',
  };

  it('round-trips the stored profile unchanged', () => {
    const form = formFromAbout(about);
    expect(form.education[0]).toMatchObject({ startYear: '2023', endYear: '', current: true });
    expect(toAboutInput(form)).toEqual({
      name: about.name,
      title: about.title,
      bio: about.bio,
      imageUrl: null,
      skills: about.skills,
      education: about.education,
      researchInterests: about.researchInterests,
    });
    expect(formFromAbout(null)).toEqual({ name: '', title: '', bio: '', imageUrl: null, skills: [], education: [], researchInterests: [] });
  });

  it('year inputs parse to whole numbers; anything else gives 0', () => {
    expect(parseYear('2024')).toBe(2024);
    expect(parseYear(' 2024 ')).toBe(2024);
    expect(parseYear('2024.7')).toBe(2024);
    expect(parseYear('')).toBe(0);
    expect(parseYear('abc')).toBe(0);
  });

  it('a new education entry starts this year with no end year; Current toggles the end year', () => {
    const row = newEducationRow(2026);
    expect(row).toMatchObject({ startYear: '2026', endYear: '', current: true });
    const finished = withCurrent(row, false, 2026);
    expect(finished).toMatchObject({ endYear: '2026', current: false });
    expect(withCurrent({ ...finished, endYear: '2030' }, true, 2026)).toMatchObject({ endYear: '', current: true });
    expect(toAboutInput({ ...formFromAbout(null), education: [row] }).education[0].endYear).toBeNull();
    expect(newEducationRow(2026).key).not.toBe(row.key);
  });

  it('keeps server errors on their rows, by key rather than position', () => {
    const form = formFromAbout(about);
    const keyed = errorsByRow({ name: 'n', 'education.1.endYear': 'e', 'researchInterests.0.title': 't', 'education.9.endYear': 'gone' }, form);
    expect(keyed).toEqual({
      name: 'n',
      [`education:${form.education[1].key}.endYear`]: 'e',
      [`researchInterests:${form.researchInterests[0].key}.title`]: 't',
      'education.9.endYear': 'gone',
    });
  });

  it('tells unchanged content from changes', () => {
    const form = formFromAbout(about);
    expect(sameContent(form, formFromAbout(about))).toBe(true);
    expect(sameContent(form, { ...form, name: 'Alexandra' })).toBe(false);
  });
});

describe('about editor: the unsaved draft', () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
      items,
    };
  }

  it('is kept per editor, read back with its shape checked, and cleared', () => {
    const storage = memoryStorage();
    const value: AboutForm = { ...formFromAbout(null), name: 'Typed but not saved' };
    writeDraft('about', { value, savedAt: '2026-01-01T10:00:00.000Z', basedOn: null }, storage);
    expect(readDraft('about', aboutFormSchema, storage)).toEqual({ value, savedAt: '2026-01-01T10:00:00.000Z', basedOn: null });
    expect(readDraft('experience', aboutFormSchema, storage)).toBeNull();

    clearDraft('about', storage);
    expect(readDraft('about', aboutFormSchema, storage)).toBeNull();
  });

  it('a damaged or outdated draft is ignored', () => {
    const storage = memoryStorage();
    writeDraft('about', { value: formFromAbout(null), savedAt: 'x', basedOn: null }, storage);
    const [key] = [...storage.items.keys()];
    storage.setItem(key, '{not json');
    expect(readDraft('about', aboutFormSchema, storage)).toBeNull();
    storage.setItem(key, JSON.stringify({ value: { name: 1 }, savedAt: 'x' }));
    expect(readDraft('about', aboutFormSchema, storage)).toBeNull();
    expect(readDraft('about', aboutFormSchema, null)).toBeNull();
  });
});
