import { BUCKETS, type Bucket } from '@/lib/storage/buckets';
import { safeObjectPath } from '@/lib/storage/paths';
import { z } from '@/lib/validation/zod';
import { ARCHIVE_LIMITS, sha256Schema, sizeSchema, type ArchiveFormat, type ExpectedEntry } from './archive';

/**
 * The portable content archive, `portfolio-export` version 1 (docs/export-format.md): a gzip-compressed
 * tar holding
 *
 *   manifest.json                 format, version, exportedAt, app, source, tables, files
 *   content/<table>.json          the table's rows: an array of objects keyed by column name
 *   files/<bucket>/<object path>  every stored file, byte for byte
 *
 * Content only: the seven content tables and the files. Accounts, sessions, password hashes, roles and
 * profiles stay with the site they belong to; admin accounts are made per site.
 */

export const EXPORT_FORMAT_NAME = 'portfolio-export';
export const EXPORT_FORMAT_VERSION = 1;

/** In the order an import writes them. None refers to another, so the order is only for readers. */
export const CONTENT_TABLES = ['about_data', 'experience', 'projects', 'research_papers', 'blog_posts', 'personal_posts', 'site_settings'] as const;
export type ContentTable = (typeof CONTENT_TABLES)[number];

export const contentEntry = (table: ContentTable) => `content/${table}.json`;
export const fileEntry = (bucket: Bucket, objectPath: string) => `files/${bucket}/${objectPath}`;

const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a uuid');
const timestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a timestamp');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
const text = z.string();
const optionalText = z.string().nullable();
const textList = z.array(z.string());
const times = { created_at: timestamp, updated_at: timestamp };

/** A row: its id, its other known columns (each may be missing), and any others. */
function row(shape: z.ZodRawShape, id: z.ZodType = uuid) {
  return z.looseObject(shape).partial().extend({ id });
}

/**
 * Each table's row, column by column. Columns may be missing (the database's default applies) and
 * columns a later version of the site added are let through here; the import then checks that the
 * receiving database has every column an archive brings. The database's own constraints (checks,
 * unique slugs) decide the rest, inside the import's transaction.
 */
export const ROW_SCHEMAS = {
  about_data: row({
    name: text,
    title: text,
    bio: text,
    image_url: optionalText,
    skills: textList,
    education: z.array(z.unknown()),
    research_interests: z.array(z.unknown()),
    ...times,
  }),
  experience: row({
    title: text,
    company: text,
    location: text,
    start_date: text,
    end_date: optionalText,
    description: text,
    highlights: textList,
    technologies: textList,
    ...times,
  }),
  projects: row({
    title: text,
    description: text,
    category: optionalText,
    technologies: textList,
    image: text,
    link: optionalText,
    github: optionalText,
    featured: z.boolean(),
    ...times,
  }),
  research_papers: row({
    title: text,
    abstract: text,
    authors: textList,
    date: day,
    journal: text,
    link: optionalText,
    pdf_url: optionalText,
    tags: textList,
    status: text,
    doi: optionalText,
    arxiv_id: optionalText,
    ...times,
  }),
  blog_posts: row({
    title: text,
    slug: text,
    excerpt: text,
    content: text,
    date: day,
    tags: textList,
    cover_image: optionalText,
    ...times,
  }),
  personal_posts: row({
    title: text,
    content: text,
    date: day,
    type: text,
    image_urls: textList.nullable(),
    ...times,
  }),
  site_settings: row(
    {
      site_title: text,
      meta_description: text,
      social_image_url: text,
      ...times,
    },
    z.literal(true),
  ),
} satisfies Record<ContentTable, z.ZodType>;

export type ContentRow = Record<string, unknown> & { id: string | boolean };

const tableEntrySchema = z.object({ rows: sizeSchema, size: sizeSchema, sha256: sha256Schema });

const fileSchema = z
  .object({ bucket: z.enum(BUCKETS), path: z.string(), size: sizeSchema, sha256: sha256Schema })
  .refine((file) => safeObjectPath(file.path) === file.path, { error: 'is not a valid object path' });

const manifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT_NAME),
  version: z.number().int(),
  exportedAt: z.iso.datetime(),
  app: z.object({ name: z.string(), version: z.string() }),
  source: z.object({
    database: z.enum(['pglite', 'postgres']),
    storage: z.enum(['local', 'supabase']),
    /** The newest migration the exporting database had applied. */
    schemaVersion: z.string().nullable(),
    /** Each bucket's public address prefix there: an import rewrites content links to its own. */
    storageUrls: z.record(z.enum(BUCKETS), z.string()),
  }),
  tables: z.object(Object.fromEntries(CONTENT_TABLES.map((table) => [table, tableEntrySchema])) as Record<ContentTable, typeof tableEntrySchema>),
  files: z.array(fileSchema),
});

export type ExportManifest = z.infer<typeof manifestSchema>;

export const EXPORT_FORMAT: ArchiveFormat<ExportManifest> = {
  format: EXPORT_FORMAT_NAME,
  noun: 'export',
  version: EXPORT_FORMAT_VERSION,
  schema: manifestSchema,
  entries(manifest) {
    const entries = new Map<string, ExpectedEntry>();
    for (const table of CONTENT_TABLES) entries.set(contentEntry(table), manifest.tables[table]);
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
