/** A project (table projects): client-safe types and the category list. */

/** The project categories, in the order the filters show them; the table's check constraint is the database's copy. */
export const PROJECT_CATEGORIES = ['academic', 'web', 'mobile', 'other'] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

export interface Project {
  id: string;
  title: string;
  description: string;
  category: ProjectCategory;
  technologies: string[];
  image: string;
  /** Live site URL. */
  link: string | null;
  /** Repository URL. */
  github: string | null;
  featured: boolean;
}

export function isProjectCategory(value: unknown): value is ProjectCategory {
  return typeof value === 'string' && (PROJECT_CATEGORIES as readonly string[]).includes(value);
}

/** What a project without an image shows. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

/** What saving the Projects editor answers: the stored list read back, each new project's server id, and each description as safe HTML. */
export interface SavedProjects {
  items: Project[];
  /** The server id each temporary (proj-) id became. */
  created: Record<string, string>;
  /** Project id → its description, sanitised, for the editor's expanded cards. */
  previews: Record<string, string>;
}
