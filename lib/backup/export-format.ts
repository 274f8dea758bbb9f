import { PERSONAL_TYPES } from '@/lib/content/personal/types';
import { CONTENT_TABLES as REGISTRY_TABLES } from '@/lib/content/registry.mjs';
import { isPages, isValidIsbn, PAPER_KINDS } from '@/lib/content/research/kinds';
import { PAPER_NOTE_MAX } from '@/lib/content/research/links';
import { PAPER_STATUSES } from '@/lib/content/research/types';
import { BUCKETS, type Bucket } from '@/lib/storage/buckets';
import { safeObjectPath } from '@/lib/storage/paths';
import { normalizeOrcid } from '@/lib/scholarly/identifiers';
import { PROJECT_CATEGORIES } from '@/lib/content/projects/types';
import { ABOUT_LIMITS, isMark, isPublicEmail, isSafeImageUrl, isStoredProfileLink } from '@/lib/validation/about';
import { BLOG_LIMITS, isSlug } from '@/lib/validation/blog';
import { CV_PAPER_SIZES, CV_PROJECT_CHOICES, CV_SECTIONS } from '@/lib/cv/types';
import { TALK_ATTENDANCE, TALK_KINDS } from '@/lib/content/talks/types';
import { COURSE_ROLES, TEACHING_GROUPINGS } from '@/lib/content/courses/types';
import { COURSE_LIMITS } from '@/lib/validation/courses';
import { isTimeZone, TALK_LIMITS } from '@/lib/validation/talks';
import { COAUTHOR_LIMITS } from '@/lib/validation/coauthors';
import { CV_LIMITS, cvEndsBeforeStart, isCvDate } from '@/lib/validation/cv';
import { EXPERIENCE_LIMITS, isYearMonth } from '@/lib/validation/experience';
import { isCalendarDate, isHttpUrl } from '@/lib/validation/lists';
import { PERSONAL_LIMITS } from '@/lib/validation/personal';
import { PROJECT_LIMITS } from '@/lib/validation/projects';
import { normalizeArxivId, normalizeDoi, RESEARCH_LIMITS } from '@/lib/validation/research';
import { checkSocialImageUrl, SETTINGS_LIMITS } from '@/lib/validation/settings';
import { z } from '@/lib/validation/zod';
import { ARCHIVE_LIMITS, refuseDuplicates, sha256Schema, sizeSchema, type ArchiveFormat, type ExpectedEntry } from './archive';

/**
 * The portable content archive, `portfolio-export` version 5 (docs/export-format.md): a gzip-compressed
 * tar holding
 *
 *   manifest.json                 format, version, exportedAt, app, source, tables, files
 *   content/<table>.json          the table's rows: an array of objects keyed by column name
 *   files/<bucket>/<object path>  every stored file, byte for byte
 *
 * Content only: every content table of lib/content/registry.mjs, and the files. Accounts, sessions,
 * password hashes, roles and profiles (its NON_CONTENT_TABLES) stay with the site they belong to; admin
 * accounts are made per site.
 */

export const EXPORT_FORMAT_NAME = 'portfolio-export';
export const EXPORT_FORMAT_VERSION = 5;

/**
 * Before format version 3 the owner's identity (the header's mark, the footer's text, e-mail and profile
 * links) was part of the site's code, the same on every site, and so in no archive: an older archive's
 * profile is read as showing what that code showed. Its name and role line, when blank, showed the code's too.
 */
export const FORMAT_2_IDENTITY = {
  name: 'Alex Morgan',
  title: 'Mathematics PhD Student & Researcher',
  footer_blurb:
    'PhD student in mathematics working in analytic number theory: how the zeros of L-functions govern the way primes fall into arithmetic progressions and short intervals.',
  email: 'alex.morgan@example.com',
  links: [
    { kind: 'github', label: '', url: 'https://github.com/alex-morgan-math' },
    { kind: 'linkedin', label: '', url: 'https://www.linkedin.com/in/alex-morgan-math' },
    { kind: 'scholar', label: '', url: 'https://scholar.google.com/citations?user=alexmorgan' },
    { kind: 'orcid', label: '', url: 'https://orcid.org/0000-0002-1825-0097' },
  ],
  mark: '∂',
} as const;

/** An about_data row of an archive older than version 3, with the identity filled in where it has none. */
export function withFormat2Identity(row: ContentRow): ContentRow {
  const filled: ContentRow = { ...row };
  for (const [column, value] of Object.entries(FORMAT_2_IDENTITY)) {
    const own = filled[column];
    const blank = own === undefined || own === null || (typeof own === 'string' && own.trim() === '') || (Array.isArray(own) && own.length === 0);
    if (blank) filled[column] = structuredClone(value);
  }
  return filled;
}

/**
 * Before format version 4 a paper had no kind and no venue but its journal, no links but its own and its PDF, no
 * note and no Selected flag (issue 45): an older archive's research_papers row is read as the migrations that
 * added them (20261128000000_paper_kinds.sql, 20261128010000_paper_links.sql, 20261128020000_paper_selected.sql)
 * read a stored paper, a preprint typed 'preprint' and every other paper a journal article, the rest empty. A
 * column the row has is kept.
 */
export const FORMAT_3_VENUE = {
  volume: '',
  issue: '',
  pages: '',
  article_number: '',
  publisher: '',
  editors: [],
  edition: '',
  isbn: '',
  institution: '',
  report_number: '',
  event_name: '',
  event_place: '',
  event_start: null,
  event_end: null,
  code_url: null,
  data_url: null,
  slides_url: null,
  video_url: null,
  poster_url: null,
  published_url: null,
  note: '',
  selected: false,
} as const;

/** A research_papers row of an archive older than version 4, typed and its venue fields filled in where it has none. */
export function withFormat3Venue(row: ContentRow): ContentRow {
  const filled: ContentRow = { ...row };
  if (filled.kind === undefined) filled.kind = row.status === 'preprint' ? 'preprint' : 'article';
  for (const [column, value] of Object.entries(FORMAT_3_VENUE)) {
    if (filled[column] === undefined) filled[column] = structuredClone(value);
  }
  return filled;
}

/**
 * A talk of an archive older than format 5, where talks were CV rows (cv_entries, category 'talk'): the row
 * the talks migration (supabase/migrations/20261128050000_talks.sql) makes of such a row, column for column.
 */
export function talkFromCvRow(row: ContentRow): ContentRow {
  const start = typeof row.start_date === 'string' ? row.start_date : '';
  const end = typeof row.end_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(row.end_date) && row.end_date >= start ? row.end_date : null;
  const title = typeof row.title === 'string' && row.title.trim() !== '' ? row.title.slice(0, TALK_LIMITS.title) : 'Untitled talk';
  const talk: ContentRow = {
    id: row.id,
    title,
    start_date: start,
    end_date: end,
    venue: typeof row.place === 'string' ? row.place.slice(0, TALK_LIMITS.venue) : '',
    event_url: typeof row.url === 'string' && row.url !== '' ? row.url : null,
    note: typeof row.description === 'string' ? row.description.slice(0, TALK_LIMITS.note) : '',
    cv_order: typeof row.position === 'number' ? row.position : null,
  };
  if (row.created_at !== undefined) talk.created_at = row.created_at;
  if (row.updated_at !== undefined) talk.updated_at = row.updated_at;
  return talk;
}

/**
 * A course of an archive older than format 5, where courses were CV rows (cv_entries, category 'teaching'): the
 * row the courses migration (supabase/migrations/20261128060000_courses.sql) makes of such a row, column for
 * column: the place as the institution, the link as the first material ('Course page'), the description as the note.
 */
export function courseFromCvRow(row: ContentRow): ContentRow {
  const start = typeof row.start_date === 'string' ? row.start_date : '';
  const end = typeof row.end_date === 'string' && row.end_date !== '' && !cvEndsBeforeStart(start, row.end_date) ? row.end_date : null;
  const title = typeof row.title === 'string' && row.title.trim() !== '' ? row.title.slice(0, COURSE_LIMITS.title) : 'Untitled course';
  const url = typeof row.url === 'string' && row.url !== '' ? row.url : null;
  const course: ContentRow = {
    id: row.id,
    title,
    institution: typeof row.place === 'string' ? row.place.slice(0, COURSE_LIMITS.institution) : '',
    start_date: start,
    end_date: end,
    material_labels: url ? ['Course page'] : [],
    material_urls: url ? [url] : [],
    note: typeof row.description === 'string' ? row.description.slice(0, COURSE_LIMITS.note) : '',
    cv_order: typeof row.position === 'number' ? row.position : null,
  };
  if (row.created_at !== undefined) course.created_at = row.created_at;
  if (row.updated_at !== undefined) course.updated_at = row.updated_at;
  return course;
}

/**
 * Every content table of lib/content/registry.mjs, in its order: the order of the manifest's `tables`, of
 * the archive's content entries, and in which an import writes them. None refers to another, so the order
 * is only for readers.
 */
export const CONTENT_TABLES = REGISTRY_TABLES;
export type ContentTable = (typeof CONTENT_TABLES)[number];

/**
 * The tables added after format version 1, with the version that added them: an archive of an older version
 * has no entry for them, and is read as having no rows there (a replacing import still empties them). From
 * their version on, the manifest must list them.
 */
const TABLE_SINCE: Partial<Record<ContentTable, number>> = { cv_entries: 2, coauthors: 4, talks: 5, courses: 5 };

/** Whether an archive of format `version` carries `table`. */
export function archiveHasTable(version: number, table: ContentTable): boolean {
  return version >= (TABLE_SINCE[table] ?? 1);
}

export const contentEntry = (table: ContentTable) => `content/${table}.json`;
export const fileEntry = (bucket: Bucket, objectPath: string) => `files/${bucket}/${objectPath}`;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a uuid');
const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a timestamp');
const day = z.string().refine(isCalendarDate, 'must be a date (YYYY-MM-DD)');
/** Text no longer than the editor lets it be (lib/validation/*): an archive brings nothing an editor could not. */
const text = (max: number) => z.string().max(max);
const textList = (items: number, max: number) => z.array(z.string().max(max)).max(items);
/**
 * Text that is blank (none) or passes its editor's rule: an archive's link of `javascript:…` is refused here,
 * as the editor refuses it, and never reaches a page, a feed or a BibTeX file.
 */
const ruled = (max: number, rule: (value: string) => boolean, what: string) =>
  z
    .string()
    .max(max)
    .refine((value) => value === '' || rule(value), `must be ${what}`);
const webLink = (max: number) => ruled(max, isHttpUrl, 'an http(s) address').nullable();
const siteOrWebAddress = (max: number) => ruled(max, isSafeImageUrl, 'a site path or an http(s) address');
/** An identifier stored as its editor stores it: normalised, so normalising it again changes nothing. */
const identifier = (max: number, normalise: (value: string) => string | null, what: string) =>
  ruled(max, (value) => normalise(value) === value, what).nullable();
const times = { created_at: timestamp, updated_at: timestamp };

/** The length of a column that holds a list, 0 for a missing one (the database's default, '{}'). */
const arrayLength = (value: unknown): number => (Array.isArray(value) ? value.length : 0);

/** A row: its id, its other known columns (each may be missing), and any others. */
function row(shape: z.ZodRawShape, id: z.ZodType = uuid) {
  return z.looseObject(shape).partial().extend({ id });
}

/**
 * Each table's row, column by column, with the editors' limits and the app's enums. Columns may be
 * missing (the database's default applies) and columns a later version of the site added are let
 * through here; the import then checks that the receiving database has every column an archive brings,
 * and writes the rows once in a transaction it rolls back, so the database's own constraints (not null,
 * checks, unique slugs) refuse a row before anything is written.
 */
export const ROW_SCHEMAS = {
  about_data: row({
    name: text(ABOUT_LIMITS.name),
    title: text(ABOUT_LIMITS.title),
    bio: text(ABOUT_LIMITS.bio),
    image_url: siteOrWebAddress(ABOUT_LIMITS.url).nullable(),
    skills: textList(ABOUT_LIMITS.skills, ABOUT_LIMITS.skill),
    education: z.array(z.unknown()).max(ABOUT_LIMITS.entries),
    research_interests: z.array(z.unknown()).max(ABOUT_LIMITS.entries),
    affiliation: text(ABOUT_LIMITS.affiliation),
    footer_blurb: text(ABOUT_LIMITS.footerBlurb),
    email: ruled(ABOUT_LIMITS.email, isPublicEmail, 'one e-mail address'),
    links: z.array(z.unknown().refine(isStoredProfileLink, 'must be a profile link the About editor would store')).max(ABOUT_LIMITS.links),
    mark: ruled(ABOUT_LIMITS.mark * 8, isMark, 'one or two characters'),
    mark_image_url: siteOrWebAddress(ABOUT_LIMITS.url).nullable(),
    ...times,
  }),
  experience: row({
    title: text(EXPERIENCE_LIMITS.text),
    company: text(EXPERIENCE_LIMITS.text),
    location: text(EXPERIENCE_LIMITS.text),
    start_date: ruled(EXPERIENCE_LIMITS.text, isYearMonth, 'a month (YYYY-MM)'),
    end_date: ruled(EXPERIENCE_LIMITS.text, isYearMonth, 'a month (YYYY-MM)').nullable(),
    description: text(EXPERIENCE_LIMITS.description),
    highlights: textList(EXPERIENCE_LIMITS.highlights, EXPERIENCE_LIMITS.highlight),
    technologies: textList(EXPERIENCE_LIMITS.technologies, EXPERIENCE_LIMITS.technology),
    ...times,
  }),
  projects: row({
    title: text(PROJECT_LIMITS.title),
    description: text(PROJECT_LIMITS.description),
    category: z.enum(PROJECT_CATEGORIES).nullable(),
    technologies: textList(PROJECT_LIMITS.technologies, PROJECT_LIMITS.technology),
    image: siteOrWebAddress(PROJECT_LIMITS.url),
    link: webLink(PROJECT_LIMITS.url),
    github: webLink(PROJECT_LIMITS.url),
    featured: z.boolean(),
    ...times,
  }),
  research_papers: row({
    title: text(RESEARCH_LIMITS.title),
    abstract: text(RESEARCH_LIMITS.abstract),
    authors: textList(RESEARCH_LIMITS.authors, RESEARCH_LIMITS.author),
    date: day,
    journal: text(RESEARCH_LIMITS.journal),
    link: webLink(RESEARCH_LIMITS.url),
    pdf_url: siteOrWebAddress(RESEARCH_LIMITS.url).nullable(),
    tags: textList(RESEARCH_LIMITS.tags, RESEARCH_LIMITS.tag),
    status: z.enum(PAPER_STATUSES),
    doi: identifier(RESEARCH_LIMITS.doi, normalizeDoi, 'a DOI such as 10.1007/BF01700692'),
    arxiv_id: identifier(RESEARCH_LIMITS.arxivId, normalizeArxivId, 'an arXiv identifier such as 2101.00001'),
    kind: z.enum(PAPER_KINDS),
    volume: text(RESEARCH_LIMITS.volume),
    issue: text(RESEARCH_LIMITS.issue),
    pages: ruled(RESEARCH_LIMITS.pages, isPages, 'pages such as 1–37, or one page or article number such as e123'),
    article_number: text(RESEARCH_LIMITS.articleNumber),
    publisher: text(RESEARCH_LIMITS.publisher),
    editors: textList(RESEARCH_LIMITS.editors, RESEARCH_LIMITS.editor),
    edition: text(RESEARCH_LIMITS.edition),
    isbn: ruled(RESEARCH_LIMITS.isbn, isValidIsbn, 'an ISBN of 10 or 13 digits whose check digit matches'),
    institution: text(RESEARCH_LIMITS.institution),
    report_number: text(RESEARCH_LIMITS.reportNumber),
    event_name: text(RESEARCH_LIMITS.eventName),
    event_place: text(RESEARCH_LIMITS.eventPlace),
    event_start: day.nullable(),
    event_end: day.nullable(),
    code_url: siteOrWebAddress(RESEARCH_LIMITS.url).nullable(),
    data_url: siteOrWebAddress(RESEARCH_LIMITS.url).nullable(),
    slides_url: siteOrWebAddress(RESEARCH_LIMITS.url).nullable(),
    video_url: siteOrWebAddress(RESEARCH_LIMITS.url).nullable(),
    poster_url: siteOrWebAddress(RESEARCH_LIMITS.url).nullable(),
    published_url: siteOrWebAddress(RESEARCH_LIMITS.url).nullable(),
    note: ruled(PAPER_NOTE_MAX, (value) => !/[\r\n]/.test(value), 'one line'),
    selected: z.boolean(),
    ...times,
  }).refine((paper) => !paper.event_start || !paper.event_end || paper.event_end >= paper.event_start, {
    path: ['event_end'],
    message: 'must not be before event_start',
  }),
  coauthors: row({
    name: z
      .string()
      .min(1)
      .max(COAUTHOR_LIMITS.name)
      .refine((value) => value === value.trim() && !/[\r\n]/.test(value), 'must be a name on one line'),
    homepage: webLink(COAUTHOR_LIMITS.homepage),
    orcid: identifier(19, normalizeOrcid, 'an ORCID iD such as 0000-0002-1825-0097'),
    position: z.number().int(),
    ...times,
  }),
  talks: row({
    title: text(TALK_LIMITS.title),
    event_name: text(TALK_LIMITS.eventName),
    event_url: webLink(TALK_LIMITS.url),
    start_date: ruled(10, isCvDate, 'a year, a month or a day (YYYY, YYYY-MM or YYYY-MM-DD)'),
    end_date: day.nullable(),
    start_time: ruled(5, (value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'a time (HH:MM)').nullable(),
    end_time: ruled(5, (value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value), 'a time (HH:MM)').nullable(),
    time_zone: ruled(TALK_LIMITS.timeZone, isTimeZone, 'a time zone such as Europe/London').nullable(),
    kind: z.enum(TALK_KINDS).nullable(),
    attendance: z.enum(TALK_ATTENDANCE),
    venue: text(TALK_LIMITS.venue),
    city: text(TALK_LIMITS.city),
    country: ruled(2, (value) => /^[A-Z]{2}$/.test(value), 'a two-letter country code').nullable(),
    place_id: z.number().int().positive().nullable(),
    lat: z.number().min(-90).max(90).nullable(),
    lng: z.number().min(-180).max(180).nullable(),
    abstract: text(TALK_LIMITS.abstract),
    slides_url: siteOrWebAddress(TALK_LIMITS.url).nullable(),
    video_url: webLink(TALK_LIMITS.url),
    paper_id: uuid.nullable(),
    note: ruled(TALK_LIMITS.note, (value) => !/[\r\n]/.test(value), 'one line'),
    cv_order: z.number().int().nullable(),
    ...times,
  }),
  courses: row({
    title: text(COURSE_LIMITS.title),
    code: ruled(COURSE_LIMITS.code, (value) => !/[\r\n]/.test(value), 'one line'),
    institution: ruled(COURSE_LIMITS.institution, (value) => !/[\r\n]/.test(value), 'one line'),
    role: z.enum(COURSE_ROLES).nullable(),
    level: ruled(COURSE_LIMITS.level, (value) => !/[\r\n]/.test(value), 'one line'),
    start_date: ruled(10, isCvDate, 'a year, a month or a day (YYYY, YYYY-MM or YYYY-MM-DD)'),
    end_date: ruled(10, isCvDate, 'a year, a month or a day (YYYY, YYYY-MM or YYYY-MM-DD)').nullable(),
    terms: textList(COURSE_LIMITS.terms, COURSE_LIMITS.term),
    description: text(COURSE_LIMITS.description),
    material_labels: z.array(ruled(COURSE_LIMITS.materialLabel, (value) => !/[\r\n]/.test(value), 'one line')).max(COURSE_LIMITS.materials),
    material_urls: z.array(siteOrWebAddress(COURSE_LIMITS.url)).max(COURSE_LIMITS.materials),
    has_page: z.boolean(),
    note: ruled(COURSE_LIMITS.note, (value) => !/[\r\n]/.test(value), 'one line'),
    cv_order: z.number().int().nullable(),
    ...times,
  })
    .refine((course) => arrayLength(course.material_labels) === arrayLength(course.material_urls), {
      path: ['material_urls'],
      message: 'must have one address for each of material_labels',
    })
    .refine((course) => typeof course.start_date !== 'string' || typeof course.end_date !== 'string' || !cvEndsBeforeStart(course.start_date, course.end_date), {
      path: ['end_date'],
      message: 'must not be before start_date',
    }),
  cv_entries: row({
    // 'talk' and 'teaching' rows are an older archive's talks and courses (before format 5): the import moves them
    // to talks and courses (talkFromCvRow, courseFromCvRow).
    category: z.enum(['award', 'talk', 'teaching', 'service']),
    start_date: ruled(10, isCvDate, 'a year, a month or a day (YYYY, YYYY-MM or YYYY-MM-DD)'),
    end_date: ruled(10, isCvDate, 'a year, a month or a day (YYYY, YYYY-MM or YYYY-MM-DD)').nullable(),
    title: text(CV_LIMITS.title),
    place: text(CV_LIMITS.place),
    url: webLink(CV_LIMITS.url),
    description: text(CV_LIMITS.description),
    position: z.number().int(),
    ...times,
  }),
  blog_posts: row({
    title: text(BLOG_LIMITS.title),
    slug: text(BLOG_LIMITS.slug).refine(isSlug, 'must be letters, numbers and hyphens'),
    excerpt: text(BLOG_LIMITS.excerpt),
    content: text(BLOG_LIMITS.content),
    date: day,
    tags: textList(BLOG_LIMITS.tags, BLOG_LIMITS.tag),
    cover_image: siteOrWebAddress(BLOG_LIMITS.url).nullable(),
    ...times,
  }),
  personal_posts: row({
    title: text(PERSONAL_LIMITS.title),
    content: text(PERSONAL_LIMITS.content),
    date: day,
    type: z.enum(PERSONAL_TYPES),
    image_urls: z.array(siteOrWebAddress(PERSONAL_LIMITS.url)).max(PERSONAL_LIMITS.images).nullable(),
    ...times,
  }),
  site_settings: row(
    {
      site_title: text(SETTINGS_LIMITS.title),
      meta_description: text(SETTINGS_LIMITS.description),
      social_image_url: ruled(SETTINGS_LIMITS.url, (value) => checkSocialImageUrl(value) === 'ok', 'an https:// address on a public host or a site path'),
      cv_sections: z.array(z.enum(CV_SECTIONS as [string, ...string[]])).max(CV_SECTIONS.length),
      cv_paper_size: z.enum(CV_PAPER_SIZES),
      cv_summary: text(CV_LIMITS.summary),
      cv_projects: z.enum(CV_PROJECT_CHOICES),
      cv_include_drafts: z.boolean(),
      time_zone: ruled(TALK_LIMITS.timeZone, isTimeZone, 'a time zone such as Europe/London'),
      teaching_grouping: z.enum(TEACHING_GROUPINGS),
      ...times,
    },
    z.literal(true),
  ),
} satisfies Record<ContentTable, z.ZodType>;

export type ContentRow = Record<string, unknown> & { id: string | boolean };

const tableEntrySchema = z.strictObject({ rows: sizeSchema, size: sizeSchema, sha256: sha256Schema });

const fileSchema = z
  .strictObject({ bucket: z.enum(BUCKETS), path: z.string(), size: sizeSchema, sha256: sha256Schema })
  .refine((file) => safeObjectPath(file.path) === file.path, { error: 'is not a valid object path' });

/** Strict: a key this version does not know is refused, named, rather than dropped unread. */
const manifestSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT_NAME),
  version: z.number().int(),
  exportedAt: z.iso.datetime(),
  app: z.strictObject({ name: z.string(), version: z.string() }),
  source: z.strictObject({
    database: z.enum(['pglite', 'postgres']),
    storage: z.enum(['local', 'supabase']),
    /** The newest migration the exporting database had applied. */
    schemaVersion: z.string().nullable(),
    /** Each bucket's public address prefix there: an import rewrites content links to its own. */
    storageUrls: z.record(z.enum(BUCKETS), z.string()),
  }),
  tables: z.strictObject(
    Object.fromEntries(CONTENT_TABLES.map((table) => [table, archiveHasTable(1, table) ? tableEntrySchema : tableEntrySchema.optional()])) as Record<
      ContentTable,
      z.ZodOptional<typeof tableEntrySchema>
    >,
  ),
  files: z.array(fileSchema).superRefine(refuseDuplicates((file) => `${file.bucket}/${file.path}`)),
}).superRefine((manifest, context) => {
  for (const table of CONTENT_TABLES) {
    if (archiveHasTable(manifest.version, table) && !manifest.tables[table]) {
      context.addIssue({ code: 'custom', path: ['tables', table], message: `is missing (format version ${manifest.version} lists it)` });
    }
  }
});

export type ExportManifest = z.infer<typeof manifestSchema>;

export const EXPORT_FORMAT: ArchiveFormat<ExportManifest> = {
  format: EXPORT_FORMAT_NAME,
  noun: 'export',
  version: EXPORT_FORMAT_VERSION,
  schema: manifestSchema,
  entries(manifest) {
    const entries = new Map<string, ExpectedEntry>();
    for (const table of CONTENT_TABLES) {
      const listed = manifest.tables[table];
      if (listed) entries.set(contentEntry(table), listed);
    }
    for (const file of manifest.files) entries.set(fileEntry(file.bucket, file.path), file);
    return entries;
  },
  entryLimit(name) {
    return name.startsWith('content/') ? { bytes: ARCHIVE_LIMITS.contentBytes, what: 'content file' } : { bytes: ARCHIVE_LIMITS.fileBytes, what: 'stored file' };
  },
};

/**
 * Content links to this site's own files carry the storage's public address (/storage/<bucket>/… on
 * local disk, https://<project>.supabase.co/storage/v1/object/public/<bucket>/… on Supabase). Moving
 * a site between the two rewrites them from the source's prefix to the target's, in every text of every
 * row (markdown, HTML, lists, JSON). A site-relative prefix only matches where a link begins (not
 * inside another site's address); an absolute one names its host and matches anywhere.
 */
export function storageUrlRewriter(from: Partial<Record<Bucket, string>>, to: Record<Bucket, string>): (value: unknown) => unknown {
  const rules: { pattern: RegExp; replacement: string }[] = [];
  for (const bucket of BUCKETS) {
    const source = from[bucket];
    const target = to[bucket];
    if (!source || source === target) continue;
    const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    rules.push(
      source.startsWith('/')
        ? { pattern: new RegExp(`(^|[\\s("'=\\[<>,])${escaped}`, 'g'), replacement: `$1${target.replace(/\$/g, '$$$$')}` }
        : { pattern: new RegExp(escaped, 'g'), replacement: target.replace(/\$/g, '$$$$') },
    );
  }
  const rewrite = (value: unknown): unknown => {
    if (typeof value === 'string') return rules.reduce((text, rule) => text.replace(rule.pattern, rule.replacement), value);
    if (Array.isArray(value)) return value.map(rewrite);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v)]));
    return value;
  };
  return rules.length === 0 ? (value) => value : rewrite;
}
