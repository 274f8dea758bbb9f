// @ts-check
/**
 * The content types: one entry per content table, and the one place that says what the rest of the site
 * does with it (docs/adding-a-content-type.md). Plain JavaScript with a declaration file beside it
 * (registry.d.mts), because next.config.mjs loads lib/public-page-policy.mjs, which reads the public routes
 * from here, as it is.
 *
 * Derived from it, and from nowhere else:
 * - the public page routes: PUBLIC_PAGE_SOURCES (lib/public-page-policy.mjs, next.config.mjs's headers) and
 *   PUBLIC_PAGE (lib/public-pages.ts); proxy.ts's matcher spells them out, and tests/unit/public-page-policy.test.ts
 *   and tests/unit/content-registry.test.ts hold it to them;
 * - the header's and footer's links (lib/nav.ts) and the sitemap's list pages (lib/sitemap.ts);
 * - the admin sidebar and its ready routes (components/admin/admin-nav.ts), the dashboard's counts
 *   (lib/content/dashboard.ts, app/admin/(guarded)/page.tsx);
 * - the cache tags (TAGS, lib/content/tags.ts);
 * - the tables the sample content fills (lib/db/seed.ts) and the tables an export carries, in this order
 *   (CONTENT_TABLES, lib/backup/export-format.ts: every entry is exported);
 * - where the media library looks for a stored file's URL (lib/storage/references.ts);
 * - what site search finds (`search`: lib/search/types.ts SEARCH_TYPES and the labels, lib/search/queries.ts's
 *   SQL, each result's link, title and excerpt); the generated `search` column of supabase/migrations'
 *   search migrations must weigh exactly the declared columns (tests/integration/content-registry.test.ts);
 * - what the CV reads (`cv`: the sections each type gives, lib/cv/read.ts CV_TAGS), held to lib/cv/types.ts
 *   CV_SECTIONS by tests/unit/content-registry.test.ts.
 *
 * Every table of the public schema is an entry here or in NON_CONTENT_TABLES
 * (tests/integration/content-registry.test.ts).
 *
 * Generated from here by `npm run generate:registry` (scripts/generate-registry.ts), in marked blocks
 * tests/unit/generated-registry.test.ts holds to this file: proxy.ts's matcher (Next reads it literally),
 * registry.d.mts's list of entries, and lib/search/types.ts's and labels.ts's types and labels (so the
 * browser's search palette never bundles this file).
 *
 * The order is the public order: the header's links, the sitemap's list pages and the export's tables
 * follow it. The admin sidebar and the dashboard's counts follow `admin.position` instead.
 */

/** @typedef {import('./registry.d.mts').ContentTypeEntry} ContentTypeEntry */
/** @typedef {import('./registry.d.mts').NonContentTable} NonContentTable */

/** @type {readonly ContentTypeEntry[]} */
export const CONTENT_TYPES = [
  {
    key: 'about',
    table: 'about_data',
    tag: 'about',
    route: { path: '/about', detail: false },
    nav: { group: 'professional', label: 'About' },
    admin: { path: '/admin/about/edit', label: 'About', position: 10 },
    dashboard: null,
    seeded: true,
    references: { kind: 'About', title: "nullif(name, '')", text: ['image_url', 'mark_image_url', 'bio'], lists: [] },
    search: null,
    cv: { sections: ['education', 'interests', 'skills'] },
  },
  {
    key: 'experience',
    table: 'experience',
    tag: 'experience',
    route: { path: '/experience', detail: false },
    nav: { group: 'professional', label: 'Experience' },
    admin: { path: '/admin/experience/edit', label: 'Experience', position: 20 },
    dashboard: { title: 'Experience', unit: 'entries' },
    seeded: true,
    references: { kind: 'Experience', title: 'title', text: ['description'], lists: [] },
    search: {
      position: 50,
      label: { group: 'Experience', one: 'Experience' },
      href: '/experience#{id}',
      weights: { A: ['title'], B: ['company', 'location', 'technologies'], C: ['description', 'highlights'] },
      date: 'start_date',
      where: null,
      title: 'with-company',
      text: [
        { column: 'description', read: 'simple-markup' },
        { column: 'highlights', read: 'text-list' },
      ],
    },
    cv: { sections: ['experience'] },
  },
  {
    key: 'projects',
    table: 'projects',
    tag: 'projects',
    route: { path: '/projects', detail: false },
    nav: { group: 'professional', label: 'Projects' },
    admin: { path: '/admin/projects/edit', label: 'Projects', position: 30 },
    dashboard: { title: 'Projects', unit: 'items' },
    seeded: true,
    references: { kind: 'Project', title: 'title', text: ['image', 'description', 'link'], lists: [] },
    search: {
      position: 30,
      label: { group: 'Projects', one: 'Project' },
      href: '/projects#{id}',
      weights: { A: ['title'], B: ['technologies', 'category'], C: ['description'] },
      date: null,
      where: null,
      title: 'title',
      text: [{ column: 'description', read: 'html' }],
    },
    cv: { sections: ['projects'] },
  },
  {
    key: 'research',
    table: 'research_papers',
    tag: 'research',
    route: { path: '/research', detail: true },
    nav: { group: 'professional', label: 'Research' },
    admin: { path: '/admin/research/edit', label: 'Research Papers', position: 60 },
    dashboard: { title: 'Research', unit: 'papers' },
    seeded: true,
    references: {
      kind: 'Research paper',
      title: 'title',
      text: ['pdf_url', 'link', 'abstract', 'code_url', 'data_url', 'slides_url', 'video_url', 'poster_url', 'published_url'],
      lists: [],
    },
    search: {
      position: 10,
      label: { group: 'Research papers', one: 'Paper' },
      href: '/research/{id}',
      weights: { A: ['title'], B: ['tags', 'authors', 'journal', 'publisher', 'institution', 'event_name', 'note'], C: ['abstract'] },
      date: 'date',
      // Drafts are never public.
      where: "t.status <> 'draft'",
      title: 'title',
      text: [{ column: 'abstract', read: 'markup' }],
    },
    cv: { sections: ['publications'] },
  },
  {
    // The co-authors (docs/product.md, "Admin Co-authors"): no page of their own; the research pages link the
    // author names of papers that match one (lib/content/coauthors/rules.ts, components/site/research/author-names.tsx).
    // Its own tag, as every type has: those pages read the list through its cached read, so a save re-renders
    // them and leaves what shows no co-author (the CV, its PDF, the citations) as it is.
    key: 'coauthors',
    table: 'coauthors',
    tag: 'coauthors',
    route: null,
    nav: null,
    admin: { path: '/admin/research/coauthors', label: 'Co-authors', position: 61 },
    dashboard: null,
    seeded: false,
    // A homepage is a page of the co-author's elsewhere, not one of the site's stored files.
    references: null,
    // A name with two links is nothing to find on its own: a paper is found by its authors' names already.
    search: null,
    cv: null,
  },
  {
    // Talks (docs/product.md, "Talks"): /talks lists the upcoming and the past, each talk has its page, a
    // paper's page lists its talks, and the CV's Talks section is made from them. After research in this list,
    // so an import writes the papers a talk points at first.
    key: 'talks',
    table: 'talks',
    tag: 'talks',
    route: { path: '/talks', detail: true },
    // Not every researcher gives talks: the link shows only while there are some.
    nav: { group: 'professional', label: 'Talks', whenEmpty: 'hidden' },
    admin: { path: '/admin/talks/edit', label: 'Talks', position: 62 },
    dashboard: { title: 'Talks', unit: 'talks' },
    seeded: true,
    references: { kind: 'Talk', title: 'title', text: ['slides_url', 'video_url', 'event_url', 'abstract'], lists: [] },
    search: {
      position: 15,
      label: { group: 'Talks', one: 'Talk' },
      href: '/talks/{id}',
      weights: { A: ['title'], B: ['event_name', 'venue', 'city'], C: ['abstract'] },
      date: 'start_date',
      where: null,
      title: 'title',
      text: [{ column: 'abstract', read: 'markup' }],
    },
    cv: { sections: ['talk'] },
  },
  {
    // Teaching (docs/product.md, "Teaching"): /teaching lists the courses grouped by institution or by year as
    // the owner chooses (site_settings.teaching_grouping), a course may have its page, and the CV's Teaching
    // section is made from them.
    key: 'courses',
    table: 'courses',
    tag: 'courses',
    route: { path: '/teaching', detail: true },
    // Not every researcher teaches: the link shows only while there are courses.
    nav: { group: 'professional', label: 'Teaching', whenEmpty: 'hidden' },
    admin: { path: '/admin/teaching/edit', label: 'Teaching', position: 63 },
    dashboard: { title: 'Teaching', unit: 'courses' },
    seeded: true,
    references: { kind: 'Course', title: 'title', text: ['description'], lists: ['material_urls'] },
    search: {
      position: 17,
      label: { group: 'Teaching', one: 'Course' },
      href: '/teaching/{id}',
      weights: { A: ['title'], B: ['code', 'institution', 'level', 'terms'], C: ['description'] },
      date: 'start_date',
      where: null,
      title: 'title',
      text: [{ column: 'description', read: 'markup' }],
    },
    cv: { sections: ['teaching'] },
  },
  {
    // The CV (docs/product.md, "The CV"): the page /cv shows the site's content as a CV, with /cv.pdf and
    // /cv.json beside it; this table holds only the CV-only rows (awards, service).
    key: 'cv',
    table: 'cv_entries',
    tag: 'cv',
    route: { path: '/cv', detail: false },
    nav: { group: 'professional', label: 'CV' },
    admin: { path: '/admin/cv/edit', label: 'CV', position: 65 },
    dashboard: { title: 'CV', unit: 'entries' },
    seeded: true,
    references: { kind: 'CV entry', title: 'title', text: ['url'], lists: [] },
    // Its rows are the CV's own: no page of theirs for a result to link to.
    search: null,
    cv: { sections: ['award', 'service'] },
  },
  {
    key: 'blog',
    table: 'blog_posts',
    tag: 'blog',
    route: { path: '/blog', detail: true },
    nav: { group: 'personal', label: 'Blog' },
    admin: { path: '/admin/blog/edit', label: 'Blog', position: 40 },
    dashboard: { title: 'Blog Posts', unit: 'articles' },
    seeded: true,
    references: { kind: 'Blog post', title: 'title', text: ['cover_image', 'content'], lists: [] },
    search: {
      position: 20,
      label: { group: 'Blog posts', one: 'Blog post' },
      href: '/blog/{slug}',
      weights: { A: ['title'], B: ['tags'], C: ['excerpt', 'content'] },
      date: 'date',
      where: null,
      title: 'title',
      text: [
        { column: 'excerpt', read: 'text' },
        { column: 'content', read: 'markup' },
      ],
    },
    cv: null,
  },
  {
    key: 'personal',
    table: 'personal_posts',
    tag: 'personal',
    route: { path: '/personal', detail: true },
    nav: { group: 'personal', label: 'Personal' },
    admin: { path: '/admin/personal/edit', label: 'Personal Posts', position: 50 },
    dashboard: { title: 'Personal', unit: 'posts' },
    seeded: true,
    references: { kind: 'Personal post', title: "nullif(title, '')", text: ['content'], lists: ['image_urls'] },
    search: {
      position: 40,
      label: { group: 'Personal posts', one: 'Personal post' },
      href: '/personal/{id}',
      // An untitled post is titled by its first '# ' line, which then weighs as a title.
      weights: { A: ['title', 'content'], B: [], C: ['content'] },
      date: 'date',
      where: null,
      title: 'personal',
      text: [{ column: 'content', read: 'html' }],
    },
    cv: null,
  },
  {
    // The site configuration of Admin Settings (its title, meta description and default social image, which
    // every public page uses): exported with the content, but no section of the site. It is edited on
    // /admin/settings, which the sidebar lists among its own items (components/admin/admin-nav.ts), and the
    // sample content leaves it empty (the built-in defaults apply).
    key: 'settings',
    table: 'site_settings',
    tag: 'settings',
    route: null,
    nav: null,
    admin: null,
    dashboard: null,
    seeded: false,
    references: null,
    search: null,
    // The CV's own settings (its sections, paper size, summary) are stored with the site configuration.
    cv: { sections: [] },
  },
];

/**
 * The tables of the public schema that are not content: they belong to the accounts of the site that made
 * them, so no export carries them, no public page shows them and the sample content leaves them alone.
 * (The `auth`, `storage` and `supabase_migrations` schemas are Supabase's, or the built-in auth's stand-in
 * for it: never content.)
 * @type {readonly NonContentTable[]}
 */
export const NON_CONTENT_TABLES = [
  { table: 'roles', why: 'the roles an account may hold (one: admin)', references: null },
  { table: 'user_roles', why: 'which account holds which role', references: null },
  {
    table: 'profiles',
    why: "each account's display name, bio and avatar",
    references: { kind: 'Admin profile', title: "coalesce(full_name, 'Unnamed Admin')", text: ['avatar_url'], lists: [] },
  },
  {
    table: 'admin_settings',
    why: 'the admins\' private configuration: the contact address given to Crossref, DataCite, arXiv and ORCID with each lookup, and whether the first run is answered',
    references: null,
  },
  { table: 'paper_citations', why: "each paper's citation count, read again from OpenAlex or Crossref by every run (issue 46)", references: null },
  { table: 'found_works', why: "the works on the owner's ORCID profile that the site does not have, found again by every run", references: null },
  { table: 'citation_settings', why: 'whether the citation counts show on the site and the CV, and how often they are read', references: null },
  { table: 'refresh_state', why: 'the citation run: its lease, its progress, its last counts and errors', references: null },
  { table: 'analytics_events', why: "the readers' page views and downloads of the last days, each with a day's hash instead of an address (issue 48)", references: null },
  { table: 'analytics_daily', why: "each day's counts of page views, visitors, downloads and referring sites", references: null },
  { table: 'analytics_seen', why: "which visitor hashes each of the day's counts has seen, deleted with the day's salt", references: null },
  { table: 'analytics_salts', why: "the day's salt for the visitor hashes, deleted when the day is over", references: null },
  { table: 'analytics_settings', why: 'whether readers are counted, and how long raw events are kept', references: null },
];

/** Every content table, in the order above: what an export carries and an import writes. */
export const CONTENT_TABLES = CONTENT_TYPES.map((type) => type.table);

/** The content types site search finds, in the order of its results' groups (`search.position`). */
export const SEARCHED_TYPES = CONTENT_TYPES.filter((type) => type.search !== null).sort((a, b) => (a.search?.position ?? 0) - (b.search?.position ?? 0));

/** The content types with an admin editor, in the sidebar's order (`admin.position`). */
export const ADMIN_EDITORS = CONTENT_TYPES.filter((type) => type.admin !== null).sort((a, b) => (a.admin?.position ?? 0) - (b.admin?.position ?? 0));
