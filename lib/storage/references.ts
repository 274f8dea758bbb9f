import 'server-only';
import { CONTENT_TYPES, NON_CONTENT_TABLES, type StorageReferences } from '@/lib/content/registry.mjs';
import type { Queryable } from '@/lib/db/types';

export interface ContentReference {
  /** What kind of content refers to the file: 'Blog post', 'Project', … */
  kind: string;
  title: string;
}

/** LIKE pattern for text that contains `text` anywhere (%, _ and \ in it match themselves). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQL literal of a constant text. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** One table's branch of the search: its text columns, and each address of its text[] columns, against $1. */
function referenceBranch(table: string, { kind, title, text, lists }: StorageReferences): string {
  const matches = [
    ...text.map((column) => `${column} like $1`),
    ...lists.map((column) => `exists (select 1 from unnest(coalesce(${column}, '{}'::text[])) as u(url) where u.url like $1)`),
  ];
  return `select ${literal(kind)} as kind, ${title} as title from public.${table} where ${matches.join(' or ')}`;
}

/**
 * Every table with columns that may hold a stored file's URL: the content types' and the admin profiles'
 * (lib/content/registry.mjs, `references`). Tables, columns and titles are the registry's constants, never input.
 */
const REFERENCES_SQL = [...CONTENT_TYPES, ...NON_CONTENT_TABLES]
  .flatMap(({ table, references }) => (references ? [referenceBranch(table, references)] : []))
  .join('\nunion all\n');

/**
 * Content that still mentions a stored file, so the media library can warn before deleting it. Matches
 * '/<bucket>/<path>', which both local (/storage/…) and Supabase (…/object/public/…) URLs contain, in
 * every column that holds an image, a PDF link or rich text.
 */
export async function findContentReferences(db: Queryable, bucket: string, encodedPath: string): Promise<ContentReference[]> {
  const { rows } = await db.query<{ kind: string; title: string | null }>(REFERENCES_SQL, [containing(`/${bucket}/${encodedPath}`)]);
  return rows.map((row) => ({ kind: row.kind, title: row.title ?? '(untitled)' }));
}
