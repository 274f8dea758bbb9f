import { z } from '@/lib/validation/zod';
import { isSafeImageUrl } from './about';
import { boundedText, checkWith, requiredFirst, splitCommaList } from './lists';

/** The Blog Management editor's input (docs/product.md §§3, 5 and 9), shared by the form and its actions. Client-safe. */

export const BLOG_LIMITS = {
  title: 300,
  slug: 200,
  excerpt: 1_000,
  content: 200_000,
  tags: 30,
  tag: 80,
  url: 2_048,
} as const;

export const BLOG_REQUIRED = 'Title, slug, and content are required';
export const SLUG_CHARACTERS = 'Use letters, numbers and hyphens in the slug.';

/** docs/product.md §5: the slug is trimmed, lower-cased, and each run of whitespace becomes a hyphen. */
export function normaliseSlug(slug: string): string {
  return slug.trim().toLowerCase().replace(/\s+/g, '-');
}

/** A slug is one path segment of /blog/{slug}: letters (any script), digits, hyphens, underscores. */
export function isSlug(slug: string): boolean {
  return /^[\p{L}\p{N}_-]+$/u.test(slug);
}

export const blogPostSchema = z.object({
  title: boundedText(BLOG_LIMITS.title, 'The title').min(1, { error: 'Enter the title.' }),
  slug: z
    .string({ error: 'The slug must be text.' })
    .transform(normaliseSlug)
    .pipe(
      z
        .string()
        .min(1, { error: 'Enter the slug: the post is published at /blog/{slug}.' })
        .max(BLOG_LIMITS.slug, { error: `The slug must be at most ${BLOG_LIMITS.slug} characters.` })
        .refine(isSlug, { error: SLUG_CHARACTERS }),
    ),
  excerpt: boundedText(BLOG_LIMITS.excerpt, 'The excerpt'),
  /** docs/product.md §5: comma-separated, each trimmed, empties dropped. */
  tags: z
    .union([z.string(), z.array(z.string())], { error: 'Tags must be text.' })
    .transform(splitCommaList)
    .pipe(
      z
        .array(z.string().max(BLOG_LIMITS.tag, { error: `Each tag must be at most ${BLOG_LIMITS.tag} characters.` }))
        .max(BLOG_LIMITS.tags, { error: `At most ${BLOG_LIMITS.tags} tags.` }),
    ),
  /** An uploaded image or an http(s) address; blank is no cover. */
  coverImage: boundedText(BLOG_LIMITS.url, 'The cover image address')
    .refine((value) => value === '' || isSafeImageUrl(value), { error: 'Use an uploaded image or an http(s) address.' })
    .nullable()
    .transform((value) => value || null),
  content: z
    .string({ error: 'The content must be text.' })
    .max(BLOG_LIMITS.content, { error: `The content must be at most ${BLOG_LIMITS.content.toLocaleString('en-US')} characters.` })
    .refine((value) => value.trim() !== '', { error: 'Write the content of the post.' }),
});

export type BlogPostValues = z.output<typeof blogPostSchema>;

/** The refusal of docs/product.md §5: its message when a required field is missing. */
export const blogPostRefusal = requiredFirst(['title', 'slug', 'content'], BLOG_REQUIRED);

/** The form's check, as the actions check (blogPostSchema, blogPostRefusal). */
export function checkBlogPost(input: unknown) {
  return checkWith(blogPostSchema, input, blogPostRefusal);
}

/** The message beside the slug when another post already has it. */
export function slugTaken(slug: string): string {
  return `Another post already uses the slug "${slug}". Choose a different one.`;
}
