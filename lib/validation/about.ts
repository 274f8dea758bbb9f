import { PROFILE_KINDS, type ProfileKind } from '@/lib/content/about/types';
import { normalizeOrcid } from '@/lib/scholarly/identifiers';
import { z } from '@/lib/validation/zod';
import { boundedText, isHttpUrl, isNewEntry, uniqueEntries } from './lists';

/**
 * The About editor's input (docs/product.md §§3 and 5), shared by the editor and its server action. The
 * action trusts nothing the page sends: every text is trimmed and bounded, skills are cleaned, years
 * are whole numbers in a plausible range, and education is stored in the order of docs/product.md §5. Client-safe.
 */

export const ABOUT_LIMITS = {
  name: 120,
  title: 200,
  bio: 20_000,
  skill: 80,
  skills: 100,
  entries: 30,
  text: 200,
  description: 2_000,
  url: 2_048,
  affiliation: 200,
  footerBlurb: 500,
  email: 254,
  links: 20,
  linkLabel: 60,
  mark: 2,
} as const;

export const YEAR_RANGE = { min: 1900, max: 2100 } as const;

/** docs/product.md §5: year inputs parse to whole numbers, and anything that is not one gives 0. */
export function parseYear(text: string): number {
  const year = Number.parseInt(text.trim(), 10);
  return Number.isNaN(year) ? 0 : year;
}

/** docs/product.md §5: skills are trimmed; empty ones and repeats are dropped (the first spelling wins). */
export const cleanSkills = uniqueEntries;

/** Whether `skill` would be a new entry of `skills` (not blank, not a repeat). */
export const isNewSkill = isNewEntry;

interface Dated {
  startYear: number;
  endYear: number | null;
}

/** docs/product.md §5: on save, current entries (no end year) first, then by end year, latest first. */
export function sortEducation<T extends Dated>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => {
    if (a.endYear === null || b.endYear === null) return a.endYear === b.endYear ? 0 : a.endYear === null ? -1 : 1;
    return b.endYear - a.endYear;
  });
}

/** A site path ('/storage/…', '/placeholder.svg') or an http(s) address: nothing a browser would run. */
export function isSafeImageUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

const text = boundedText;

function year(label: 'start' | 'end') {
  const range = `Enter ${label === 'start' ? 'a' : 'an'} ${label} year between ${YEAR_RANGE.min} and ${YEAR_RANGE.max}.`;
  return z
    .number({ error: range })
    .int({ error: `The ${label} year must be a whole number.` })
    .min(YEAR_RANGE.min, { error: range })
    .max(YEAR_RANGE.max, { error: range });
}

export const END_BEFORE_START = 'The end year cannot be before the start year.';
export const INTEREST_TITLE_REQUIRED = 'Enter a title for this research interest.';

export const educationSchema = z
  .object({
    institution: text(ABOUT_LIMITS.text, 'The institution'),
    degree: text(ABOUT_LIMITS.text, 'The degree'),
    field: text(ABOUT_LIMITS.text, 'The field of study'),
    startYear: year('start'),
    /** null while the programme is current (docs/product.md §3). */
    endYear: year('end').nullable(),
  })
  .refine((entry) => entry.endYear === null || entry.endYear >= entry.startYear, { error: END_BEFORE_START, path: ['endYear'] });

export const researchInterestSchema = z.object({
  title: text(ABOUT_LIMITS.text, 'The title').min(1, { error: INTEREST_TITLE_REQUIRED }),
  description: text(ABOUT_LIMITS.description, 'The description'),
});

export const NAME_REQUIRED = 'Enter your name: the site shows it in the header, the titles and the footer.';
export const TOO_MANY_LINKS = `At most ${ABOUT_LIMITS.links} profile links; remove one before adding another.`;
export const LINK_LABEL_REQUIRED = 'Give this link a label.';
export const EMAIL_INVALID = 'Enter one e-mail address, such as name@example.org, or leave it empty.';
export const MARK_INVALID = `The mark is one or two characters (a letter or a symbol), or an uploaded image.`;
export const ORCID_INVALID = 'Enter an ORCID iD such as 0000-0002-1825-0097 (or its https://orcid.org/ address) whose last character, the check digit, matches.';
export const MASTODON_INVALID = 'Enter a Mastodon handle as @name@server.social, or its https:// profile address.';
export const BLUESKY_INVALID = 'Enter a Bluesky handle such as name.bsky.social, or its https://bsky.app/profile/ address.';
export const LINK_INVALID = 'Enter an http(s) address, such as https://example.org/.';

const MASTODON_HANDLE = /^@?([A-Za-z0-9_]{1,30})@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+)$/;
const MASTODON_ADDRESS = /^https:\/\/([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+)\/@([A-Za-z0-9_]{1,30})\/?$/;
const BLUESKY_HANDLE = /^@?((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)$/;
const BLUESKY_ADDRESS = /^https:\/\/bsky\.app\/profile\/([^/?#\s]+)\/?$/;
/** One line, no spaces, one @, a dotted domain: what a mailto: link and a reader can use. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** An ORCID iD, bare or as its address, in the one form stored (https://orcid.org/0000-0002-1825-0097), or null. */
export function orcidAddress(value: string): string | null {
  const id = normalizeOrcid(value);
  return id ? `https://orcid.org/${id}` : null;
}

/** A Mastodon handle (@name@server) or profile address, as the profile's https address, or null. */
export function mastodonAddress(value: string): string | null {
  const text = value.trim();
  const handle = MASTODON_HANDLE.exec(text);
  if (handle) return `https://${handle[2]!.toLowerCase()}/@${handle[1]}`;
  const address = MASTODON_ADDRESS.exec(text);
  return address ? `https://${address[1]!.toLowerCase()}/@${address[2]}` : null;
}

/** A Bluesky handle or profile address, as its https://bsky.app/profile/ address, or null. */
export function blueskyAddress(value: string): string | null {
  const text = value.trim();
  const handle = BLUESKY_HANDLE.exec(BLUESKY_ADDRESS.exec(text)?.[1] ?? text);
  return handle && handle[1]!.length <= 253 ? `https://bsky.app/profile/${handle[1]!.toLowerCase()}` : null;
}

/** What each kind accepts, in the one form it is stored: an http(s) address. */
const LINK_RULES: Record<ProfileKind, { normalise: (value: string) => string | null; message: string }> = {
  ...(Object.fromEntries(PROFILE_KINDS.map((kind) => [kind, { normalise: (value: string) => (isHttpUrl(value.trim()) ? value.trim() : null), message: LINK_INVALID }])) as Record<
    ProfileKind,
    { normalise: (value: string) => string | null; message: string }
  >),
  orcid: { normalise: orcidAddress, message: ORCID_INVALID },
  mastodon: { normalise: mastodonAddress, message: MASTODON_INVALID },
  bluesky: { normalise: blueskyAddress, message: BLUESKY_INVALID },
};

/** A profile link as typed, in its stored form: the address checked by its kind's rule, the label required for `other`. */
export const profileLinkSchema = z
  .object({
    kind: z.enum(PROFILE_KINDS, { error: 'Choose what kind of link this is.' }),
    label: text(ABOUT_LIMITS.linkLabel, 'The label'),
    url: z.string({ error: 'The address must be text.' }).max(ABOUT_LIMITS.url, { error: `The address must be at most ${ABOUT_LIMITS.url} characters.` }),
  })
  .transform((link, context) => {
    const url = LINK_RULES[link.kind].normalise(link.url);
    if (url === null) context.addIssue({ code: 'custom', message: LINK_RULES[link.kind].message, path: ['url'] });
    if (link.kind === 'other' && link.label === '') context.addIssue({ code: 'custom', message: LINK_LABEL_REQUIRED, path: ['label'] });
    return { kind: link.kind, label: link.label, url: url ?? '' };
  });

/** A stored link passes this when its editor would store it unchanged: the export's check of an archive's links. */
export function isStoredProfileLink(value: unknown): boolean {
  const parsed = profileLinkSchema.safeParse(value);
  if (!parsed.success || typeof value !== 'object' || value === null || Object.keys(value).length !== 3) return false;
  const stored = value as Record<string, unknown>;
  return stored.kind === parsed.data.kind && stored.label === parsed.data.label && stored.url === parsed.data.url;
}

/** One line, a valid address, or nothing. */
export function isPublicEmail(value: string): boolean {
  return value === '' || (value.length <= ABOUT_LIMITS.email && EMAIL.test(value));
}

/** One or two characters as a reader sees them (a letter, a symbol, an emoji), no spaces or line breaks. */
export function isMark(value: string): boolean {
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(value)];
  return graphemes.length >= 1 && graphemes.length <= ABOUT_LIMITS.mark && !/[\s\p{Cc}]/u.test(value);
}

export const aboutSchema = z.object({
  name: text(ABOUT_LIMITS.name, 'The name').min(1, { error: NAME_REQUIRED }),
  title: text(ABOUT_LIMITS.title, 'The title'),
  affiliation: text(ABOUT_LIMITS.affiliation, 'The affiliation'),
  footerBlurb: text(ABOUT_LIMITS.footerBlurb, 'The footer text'),
  email: z
    .string({ error: 'The e-mail address must be text.' })
    .refine((value) => !/[\r\n]/.test(value), { error: EMAIL_INVALID })
    .transform((value) => value.trim())
    .refine(isPublicEmail, { error: EMAIL_INVALID }),
  links: z
    .array(profileLinkSchema, { error: 'Profile links must be a list.' })
    .max(ABOUT_LIMITS.links, { error: TOO_MANY_LINKS }),
  mark: z
    .string({ error: 'The mark must be text.' })
    .trim()
    .refine((value) => value === '' || isMark(value), { error: MARK_INVALID }),
  markImageUrl: z
    .string({ error: 'The mark image address must be text.' })
    .trim()
    .max(ABOUT_LIMITS.url, { error: `The mark image address must be at most ${ABOUT_LIMITS.url} characters.` })
    .refine((value) => value === '' || isSafeImageUrl(value), { error: 'Use an uploaded image or an http(s) address.' })
    .nullable()
    .transform((value) => value || null),
  bio: text(ABOUT_LIMITS.bio, 'The biography'),
  imageUrl: z
    .string({ error: 'The image address must be text.' })
    .trim()
    .max(ABOUT_LIMITS.url, { error: `The image address must be at most ${ABOUT_LIMITS.url} characters.` })
    .refine((value) => value === '' || isSafeImageUrl(value), { error: 'Use an uploaded image or an http(s) address.' })
    .nullable()
    .transform((value) => value || null),
  skills: z
    .array(text(ABOUT_LIMITS.skill, 'A skill'), { error: 'Skills must be a list.' })
    .max(ABOUT_LIMITS.skills, { error: `At most ${ABOUT_LIMITS.skills} skills.` })
    .transform(cleanSkills),
  education: z
    .array(educationSchema, { error: 'Education must be a list.' })
    .max(ABOUT_LIMITS.entries, { error: `At most ${ABOUT_LIMITS.entries} education entries.` })
    .transform(sortEducation),
  researchInterests: z
    .array(researchInterestSchema, { error: 'Research interests must be a list.' })
    .max(ABOUT_LIMITS.entries, { error: `At most ${ABOUT_LIMITS.entries} research interests.` }),
});

/** What the editor sends. */
export type AboutInput = z.input<typeof aboutSchema>;
