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
  BLUESKY_INVALID,
  cleanSkills,
  EMAIL_INVALID,
  LINK_INVALID,
  LINK_LABEL_REQUIRED,
  MARK_INVALID,
  MASTODON_INVALID,
  NAME_REQUIRED,
  ORCID_INVALID,
  TOO_MANY_LINKS,
  END_BEFORE_START,
  INTEREST_TITLE_REQUIRED,
  isNewSkill,
  parseYear,
  sortEducation,
  type AboutInput,
} from '@/lib/validation/about';
import { fieldErrorsOf } from '@/lib/action-result';
import { firstRunSchema, START_REQUIRED } from '@/lib/validation/first-run';

const valid: AboutInput = {
  name: '  Alex Morgan ',
  title: 'Mathematics PhD Student & Researcher',
  bio: 'First paragraph.\n\nSecond paragraph.\n',
  imageUrl: '/storage/profile-images/about/portrait.png',
  skills: ['Python'],
  education: [{ institution: 'Edinburgh', degree: 'PhD', field: 'Mathematics', startYear: 2023, endYear: null }],
  researchInterests: [{ title: 'Zeros of L-functions', description: 'Zero-density estimates.' }],
  affiliation: 'University of Edinburgh',
  footerBlurb: 'PhD student in mathematics.',
  email: 'alex.morgan@example.com',
  links: [{ kind: 'github', label: '', url: 'https://github.com/alex-morgan-math' }],
  mark: '∂',
  markImageUrl: null,
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

describe('about: the owner’s identity is refused with the field’s message when it is bad', () => {
  it('a name of 300 characters or only spaces is refused', () => {
    expect(errorsFor({ ...valid, name: 'x'.repeat(300) })).toEqual({ name: 'The name must be at most 120 characters.' });
    expect(errorsFor({ ...valid, name: '   ' })).toEqual({ name: NAME_REQUIRED });
    expect(errorsFor({ ...valid, name: '' })).toEqual({ name: NAME_REQUIRED });
  });

  it('a link with javascript: or data: is refused; any kind stores an http(s) address', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'JAVASCRIPT:alert(1)', 'ftp://example.org', 'example.org']) {
      expect(errorsFor({ ...valid, links: [{ kind: 'github', label: '', url }] }), url).toEqual({ 'links.0.url': LINK_INVALID });
      expect(errorsFor({ ...valid, links: [{ kind: 'other', label: 'Notes', url }] }), url).toEqual({ 'links.0.url': LINK_INVALID });
    }
    expect(aboutSchema.parse({ ...valid, links: [{ kind: 'website', label: ' Lab ', url: ' https://lab.example.org/ ' }] }).links).toEqual([
      { kind: 'website', label: 'Lab', url: 'https://lab.example.org/' },
    ]);
  });

  it('an ORCID iD needs its check digit; the bare iD and its address are stored as the address', () => {
    expect(errorsFor({ ...valid, links: [{ kind: 'orcid', label: '', url: '0000-0002-1825-0098' }] })).toEqual({ 'links.0.url': ORCID_INVALID });
    expect(errorsFor({ ...valid, links: [{ kind: 'orcid', label: '', url: 'https://orcid.org/0000-0002-1825-009' }] })).toEqual({ 'links.0.url': ORCID_INVALID });
    for (const url of ['0000-0002-1825-0097', 'https://orcid.org/0000-0002-1825-0097', '0000000218250097', 'http://www.orcid.org/0000-0002-1825-0097/']) {
      expect(aboutSchema.parse({ ...valid, links: [{ kind: 'orcid', label: '', url }] }).links[0]!.url, url).toBe('https://orcid.org/0000-0002-1825-0097');
    }
    expect(aboutSchema.parse({ ...valid, links: [{ kind: 'orcid', label: '', url: '0000-0002-9079-593x' }] }).links[0]!.url).toBe('https://orcid.org/0000-0002-9079-593X');
  });

  it('a Mastodon handle in the wrong shape is refused; @name@server is stored as its profile address', () => {
    for (const url of ['alex', '@alex', 'alex@', '@alex@server', '@al ex@mathstodon.xyz', 'https://mathstodon.xyz/alex']) {
      expect(errorsFor({ ...valid, links: [{ kind: 'mastodon', label: '', url }] }), url).toEqual({ 'links.0.url': MASTODON_INVALID });
    }
    for (const url of ['@alex@mathstodon.xyz', 'alex@Mathstodon.xyz', 'https://mathstodon.xyz/@alex']) {
      expect(aboutSchema.parse({ ...valid, links: [{ kind: 'mastodon', label: '', url }] }).links[0]!.url, url).toBe('https://mathstodon.xyz/@alex');
    }
  });

  it('a Bluesky handle is stored as its profile address', () => {
    expect(errorsFor({ ...valid, links: [{ kind: 'bluesky', label: '', url: 'alex' }] })).toEqual({ 'links.0.url': BLUESKY_INVALID });
    for (const url of ['alex.bsky.social', '@alex.bsky.social', 'https://bsky.app/profile/alex.bsky.social']) {
      expect(aboutSchema.parse({ ...valid, links: [{ kind: 'bluesky', label: '', url }] }).links[0]!.url, url).toBe('https://bsky.app/profile/alex.bsky.social');
    }
  });

  it('an other link needs a label', () => {
    expect(errorsFor({ ...valid, links: [{ kind: 'other', label: ' ', url: 'https://example.org' }] })).toEqual({ 'links.0.label': LINK_LABEL_REQUIRED });
  });

  it('an e-mail with a newline is refused; empty means none', () => {
    for (const email of ['alex@example.org\nBcc: x@example.org', 'alex@example.org\r', 'not an address', 'a@b', 'a b@example.org']) {
      expect(errorsFor({ ...valid, email }), email).toEqual({ email: EMAIL_INVALID });
    }
    expect(aboutSchema.parse({ ...valid, email: '  ' }).email).toBe('');
    expect(aboutSchema.parse({ ...valid, email: ' jane.doe@uni.example.org ' }).email).toBe('jane.doe@uni.example.org');
  });

  it('100 links are refused with one message; 20 are kept in the owner’s order', () => {
    const links = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'other', label: `Link ${i}`, url: `https://example.org/${i}` }));
    expect(errorsFor({ ...valid, links: links(100) })).toEqual({ links: TOO_MANY_LINKS });
    expect(aboutSchema.parse({ ...valid, links: links(20) }).links.map((link) => link.label)).toEqual(links(20).map((link) => link.label));
  });

  it('the mark is one or two characters, or an uploaded image', () => {
    for (const mark of ['∂', 'JD', 'é', '🧮', 'Ж']) expect(errorsFor({ ...valid, mark }), mark).toEqual({});
    for (const mark of ['ABC', 'J D', '∂\u0007']) expect(errorsFor({ ...valid, mark }), mark).toEqual({ mark: MARK_INVALID });
    expect(errorsFor({ ...valid, markImageUrl: 'javascript:alert(1)' })).toHaveProperty('markImageUrl');
    expect(aboutSchema.parse({ ...valid, markImageUrl: '/storage/profile-images/mark.png' }).markImageUrl).toBe('/storage/profile-images/mark.png');
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
    affiliation: '',
    footerBlurb: '',
    email: '',
    links: [{ kind: 'orcid', label: '', url: 'https://orcid.org/0000-0002-1825-0097' }],
    mark: '∂',
    markImageUrl: null,
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
      affiliation: about.affiliation,
      footerBlurb: about.footerBlurb,
      email: about.email,
      links: about.links,
      mark: about.mark,
      markImageUrl: about.markImageUrl,
    });
    expect(aboutSchema.parse(toAboutInput(form)).links).toEqual(about.links);
    expect(formFromAbout(null)).toEqual({
      name: '',
      title: '',
      affiliation: '',
      bio: '',
      imageUrl: null,
      skills: [],
      education: [],
      researchInterests: [],
      footerBlurb: '',
      email: '',
      links: [],
      mark: '',
      markImageUrl: null,
    });
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

describe('the first run (Welcome) takes the identity by the About editor’s rules, and how the site starts', () => {
  const identity = { name: 'Jane Doe', title: 'Postdoc', affiliation: '', footerBlurb: '', email: '', links: [], mark: '', markImageUrl: null };
  const welcomeErrors = (input: unknown) => {
    const parsed = firstRunSchema.safeParse(input);
    return parsed.success ? {} : fieldErrorsOf(parsed.error);
  };

  it('refuses the bad identities the About editor refuses, each with its field’s message', () => {
    expect(welcomeErrors({ ...identity, start: 'empty', name: 'x'.repeat(300) })).toEqual({ name: 'The name must be at most 120 characters.' });
    expect(welcomeErrors({ ...identity, start: 'empty', name: '   ' })).toEqual({ name: NAME_REQUIRED });
    expect(welcomeErrors({ ...identity, start: 'empty', links: [{ kind: 'website', label: '', url: 'data:text/html,x' }] })).toEqual({ 'links.0.url': LINK_INVALID });
    expect(welcomeErrors({ ...identity, start: 'empty', links: [{ kind: 'orcid', label: '', url: '0000-0002-1825-0098' }] })).toEqual({ 'links.0.url': ORCID_INVALID });
    expect(welcomeErrors({ ...identity, start: 'empty', links: Array.from({ length: 100 }, () => ({ kind: 'website', label: '', url: 'https://example.org/' })) })).toEqual({ links: TOO_MANY_LINKS });
  });

  it('needs one of the three starts, and keeps nothing else the page might send', () => {
    expect(welcomeErrors(identity)).toEqual({ start: START_REQUIRED });
    expect(welcomeErrors({ ...identity, start: 'wipe-everything' })).toEqual({ start: START_REQUIRED });
    expect(firstRunSchema.parse({ ...identity, start: 'sample', bio: 'not asked here' })).toEqual({ ...identity, start: 'sample' });
  });
});
