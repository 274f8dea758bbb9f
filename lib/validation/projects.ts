import { PLACEHOLDER_IMAGE, PROJECT_CATEGORIES } from '@/lib/content/projects/types';
import { z } from '@/lib/validation/zod';
import { isSafeImageUrl } from './about';
import { boundedText, isHttpUrl, listItemId, newTemporaryId, textList, uniqueEntries } from './lists';

/**
 * The Projects editor's input (docs/product.md §§3, 5 and 9), shared by the editor and its server actions.
 * Client-safe.
 */

export const PROJECT_LIMITS = {
  items: 200,
  title: 200,
  description: 20_000,
  technologies: 50,
  technology: 80,
  url: 2_048,
} as const;

/** Unsaved projects carry a temporary id starting proj- (docs/product.md §3); saved ones their uuid. */
export const TEMPORARY_PROJECT_PREFIX = 'proj-';

export function isTemporaryProjectId(id: string): boolean {
  return id.startsWith(TEMPORARY_PROJECT_PREFIX);
}

export const PROJECT_TITLE_REQUIRED = 'Enter a project title.';
export const PROJECT_URL_INVALID = 'Enter a full http:// or https:// address, or leave it blank.';

/** An optional link: blank is no link (null); anything else must be an http(s) address. */
function optionalUrl(label: string) {
  return boundedText(PROJECT_LIMITS.url, label)
    .refine((value) => value === '' || isHttpUrl(value), { error: PROJECT_URL_INVALID })
    .nullable()
    .transform((value) => value || null);
}

export const projectItemSchema = z.object({
  id: listItemId(TEMPORARY_PROJECT_PREFIX, 'project'),
  title: boundedText(PROJECT_LIMITS.title, 'The title').min(1, { error: PROJECT_TITLE_REQUIRED }),
  /** HTML from the editor; sanitised before it is stored and again before it is shown. */
  description: boundedText(PROJECT_LIMITS.description, 'The description'),
  category: z.enum(PROJECT_CATEGORIES, { error: 'Choose a category: academic, web, mobile or other.' }),
  technologies: textList('technology', PROJECT_LIMITS.technologies, PROJECT_LIMITS.technology, uniqueEntries),
  /** An uploaded file or an http(s) address; blank shows the placeholder. */
  image: boundedText(PROJECT_LIMITS.url, 'The image address')
    .refine((value) => value === '' || isSafeImageUrl(value), { error: 'Use an uploaded image or an http(s) address.' })
    .transform((value) => value || PLACEHOLDER_IMAGE),
  link: optionalUrl('The live site address'),
  github: optionalUrl('The repository address'),
  featured: z.boolean({ error: 'Featured must be true or false.' }),
});

export const projectListSchema = z.object({
  items: z
    .array(projectItemSchema, { error: 'The project list must be a list.' })
    .max(PROJECT_LIMITS.items, { error: `At most ${PROJECT_LIMITS.items} projects.` })
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { error: 'Two projects have the same id.' }),
});

export type ProjectItemValues = z.output<typeof projectItemSchema>;

/** docs/product.md §9: what a new project starts with. */
export function newProjectDefaults(id = newTemporaryId(TEMPORARY_PROJECT_PREFIX)): ProjectItemValues {
  return {
    id,
    title: 'New Project',
    description: 'Project description goes here',
    category: 'web',
    technologies: ['Technology 1'],
    image: PLACEHOLDER_IMAGE,
    link: null,
    github: null,
    featured: false,
  };
}
