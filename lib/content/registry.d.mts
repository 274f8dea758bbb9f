/** Types of registry.mjs. */

/** The two groups of the public header (the 'Personal' dropdown) and footer. */
export type NavGroup = 'professional' | 'personal';

/** A public page: `/path`, and with `detail` a page per item at `/path/:id` (or `/path/:slug`). */
export interface PublicRoute {
  readonly path: string;
  readonly detail: boolean;
}

/** A link in the public header and footer, after Home, in the registry's order within its group. */
export interface NavLinkEntry {
  readonly group: NavGroup;
  readonly label: string;
}

/** The admin editor: its route (app/admin/(guarded)/<path>/page.tsx), its sidebar label, and its place there. */
export interface AdminEditor {
  readonly path: string;
  readonly label: string;
  /** Ascending: where the sidebar and the dashboard's counts put it (About 10 … Research Papers 60). */
  readonly position: number;
}

/** A card among the dashboard's counts: its title and the unit under the number ('3 articles'). */
export interface DashboardCount {
  readonly title: string;
  readonly unit: string;
}

/**
 * Where a stored file's URL may appear in a table (lib/storage/references.ts): the media library names the
 * row as `kind` and `title` when it warns before deleting the file.
 */
export interface StorageReferences {
  /** What kind of content refers to the file: 'Blog post', 'Project', … */
  readonly kind: string;
  /** A SQL expression over the row that names it; null reads as '(untitled)'. */
  readonly title: string;
  /** `text` columns: a link, an image address, or markup or HTML that may hold one. */
  readonly text: readonly string[];
  /** `text[]` columns of addresses. */
  readonly lists: readonly string[];
}

/** One content type (see registry.mjs). The type parameters carry the literal names the rest of the code is typed with. */
export interface ContentTypeEntry<Key extends string = string, Table extends string = string, Tag extends string = string, Counted extends boolean = boolean> {
  /** The entity's name across layers: lib/content/<key>/, TAGS.<key>, the dashboard's counts.<key>. */
  readonly key: Key;
  /** Its table in the public schema. */
  readonly table: Table;
  /** Its cache tag: every cached read of the entity carries it, every write expires it. */
  readonly tag: Tag;
  /** Its public page, or null when it has none. */
  readonly route: PublicRoute | null;
  /** Its link in the public header and footer, or null. Needs a route. */
  readonly nav: NavLinkEntry | null;
  /** Its admin editor, or null when it is edited elsewhere. */
  readonly admin: AdminEditor | null;
  /** Its count on the dashboard, or null. Needs an admin editor (the card links there). */
  readonly dashboard: Counted extends true ? DashboardCount : null;
  /** Whether supabase/seed.sql fills it, so that a row in it means the site has content of its own. */
  readonly seeded: boolean;
  /** Its columns that may hold a stored file's URL, or null. */
  readonly references: StorageReferences | null;
}

/** A table of the public schema that is not content. */
export interface NonContentTable {
  readonly table: string;
  /** What it holds, for a reader of the registry. */
  readonly why: string;
  readonly references: StorageReferences | null;
}

/**
 * The entries of registry.mjs, one line each and in its order: key, table, cache tag, whether the dashboard
 * counts it. tests/unit/content-registry.test.ts holds these lines to the entries (TypeScript does not read
 * the JavaScript itself): a new entry adds its line here.
 */
type Entries = readonly [
  ContentTypeEntry<'about', 'about_data', 'about', false>,
  ContentTypeEntry<'experience', 'experience', 'experience', true>,
  ContentTypeEntry<'projects', 'projects', 'projects', true>,
  ContentTypeEntry<'research', 'research_papers', 'research', true>,
  ContentTypeEntry<'cv', 'cv_entries', 'cv', true>,
  ContentTypeEntry<'blog', 'blog_posts', 'blog', true>,
  ContentTypeEntry<'personal', 'personal_posts', 'personal', true>,
  ContentTypeEntry<'settings', 'site_settings', 'settings', false>,
];

type Entry = Entries[number];
type TablesOf<T extends readonly ContentTypeEntry[]> = { readonly [I in keyof T]: T[I] extends ContentTypeEntry ? T[I]['table'] : never };

export type ContentKey = Entry['key'];
export type ContentTable = Entry['table'];
export type ContentTag = Entry['tag'];
/** The content types the dashboard counts. */
export type CountedKey = Extract<Entry, { readonly dashboard: DashboardCount }>['key'];

export const CONTENT_TYPES: Entries;
export const NON_CONTENT_TABLES: readonly NonContentTable[];
export const CONTENT_TABLES: TablesOf<Entries>;
export const ADMIN_EDITORS: readonly (Entry & { readonly admin: AdminEditor })[];
