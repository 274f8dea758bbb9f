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
  /** 'hidden': the link shows only while the type has content (talks: not every researcher gives them). */
  readonly whenEmpty?: 'hidden';
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
export interface ContentTypeEntry<
  Key extends string = string,
  Table extends string = string,
  Tag extends string = string,
  Counted extends boolean = boolean,
  Searched extends boolean = boolean,
> {
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
  /** Whether and how site search finds it: null when it is not searched. */
  readonly search: Searched extends true ? SearchDecision : null;
  /** Whether the CV reads it, and the sections it gives: null when the CV does not. */
  readonly cv: CvDecision | null;
}

/** How site search reads a text column for a result's excerpt (lib/search/queries.ts). */
export type SearchTextRead =
  /** The site's markup (Markdown with mathematics), as its page renders it. */
  | 'markup'
  /** The simple markup of experience descriptions. */
  | 'simple-markup'
  /** Sanitised HTML (projects, personal posts): its text. */
  | 'html'
  /** Plain text. */
  | 'text'
  /** A text[] column: each entry, plain text. */
  | 'text-list';

/**
 * Whether and how site search finds a content type: its results' group, link and title, what their excerpt
 * is read from, and the columns its generated `search` column weighs (A the title, B the labels, C the body).
 */
export interface SearchDecision {
  /** Ascending: the order of the results page's groups and of the type filter. */
  readonly position: number;
  /** The group heading on the results page, and one result's kind in the palette. */
  readonly label: { readonly group: string; readonly one: string };
  /** The result's address: '{id}' and '{slug}' are the row's columns. */
  readonly href: string;
  /** The columns the migration's generated `search` column weighs, by weight. */
  readonly weights: { readonly A: readonly string[]; readonly B: readonly string[]; readonly C: readonly string[] };
  /** The column that dates a result (newer first among equal ranks), or null. */
  readonly date: string | null;
  /** A SQL condition on the row (the row is `t`) that a result must meet, or null. */
  readonly where: string | null;
  /** The result's title: the row's title; with its company after a comma; a personal post's by its rule. */
  readonly title: 'title' | 'with-company' | 'personal';
  /** What the excerpt is made of, in order. */
  readonly text: readonly { readonly column: string; readonly read: SearchTextRead }[];
}

/** Whether the CV reads a content type, and which of its sections (lib/cv/types.ts CV_SECTIONS) it gives. */
export interface CvDecision {
  readonly sections: readonly string[];
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
 * counts it, whether search finds it. TypeScript does not read the JavaScript itself, so `npm run
 * generate:registry` writes these lines from it (tests/unit/generated-registry.test.ts holds them to it).
 */
// <generated by `npm run generate:registry` from lib/content/registry.mjs: do not edit>
type Entries = readonly [
  ContentTypeEntry<'about', 'about_data', 'about', false, false>,
  ContentTypeEntry<'experience', 'experience', 'experience', true, true>,
  ContentTypeEntry<'projects', 'projects', 'projects', true, true>,
  ContentTypeEntry<'research', 'research_papers', 'research', true, true>,
  ContentTypeEntry<'coauthors', 'coauthors', 'coauthors', false, false>,
  ContentTypeEntry<'talks', 'talks', 'talks', true, true>,
  ContentTypeEntry<'courses', 'courses', 'courses', true, true>,
  ContentTypeEntry<'cv', 'cv_entries', 'cv', true, false>,
  ContentTypeEntry<'blog', 'blog_posts', 'blog', true, true>,
  ContentTypeEntry<'personal', 'personal_posts', 'personal', true, true>,
  ContentTypeEntry<'settings', 'site_settings', 'settings', false, false>,
];
// </generated>

type Entry = Entries[number];
type TablesOf<T extends readonly ContentTypeEntry[]> = { readonly [I in keyof T]: T[I] extends ContentTypeEntry ? T[I]['table'] : never };

export type ContentKey = Entry['key'];
export type ContentTable = Entry['table'];
export type ContentTag = Entry['tag'];
/** The content types the dashboard counts. */
export type CountedKey = Extract<Entry, { readonly dashboard: DashboardCount }>['key'];
/** The content types site search finds. */
export type SearchedKey = Extract<Entry, { readonly search: SearchDecision }>['key'];

export const CONTENT_TYPES: Entries;
export const NON_CONTENT_TABLES: readonly NonContentTable[];
export const CONTENT_TABLES: TablesOf<Entries>;
export const SEARCHED_TYPES: readonly Extract<Entry, { readonly search: SearchDecision }>[];
export const ADMIN_EDITORS: readonly (Entry & { readonly admin: AdminEditor })[];
