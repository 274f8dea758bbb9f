import { htmlToText, personalTitle } from '@/lib/content/personal/rules';
import { PERSONAL_TYPES, isPersonalType } from '@/lib/content/personal/types';
import { z } from '@/lib/validation/zod';
import { isSafeImageUrl } from './about';
import { boundedText, checkWith, requiredFirst } from './lists';

/** The Personal Posts editor's input (docs/product.md §§3, 5 and 9), shared by the form and its actions. Client-safe. */

export const PERSONAL_LIMITS = { title: 300, content: 100_000, images: 30, url: 2_048 } as const;

export const PERSONAL_REQUIRED = 'Title and content are required.';

export const personalPostSchema = z
  .object({
    title: boundedText(PERSONAL_LIMITS.title, 'The title'),
    /** docs/product.md §4: story, update or thought; anything else is a story (the column's default). */
    type: z.unknown().transform((value) => (isPersonalType(value) ? value : 'story')),
    /** HTML from the rich editor; sanitised on save with the public page's sanitiser. */
    content: z
      .string({ error: 'The content must be text.' })
      .max(PERSONAL_LIMITS.content, { error: `The content must be at most ${PERSONAL_LIMITS.content.toLocaleString('en-US')} characters.` })
      .refine((html) => htmlToText(html) !== '' || /<img\b/i.test(html), { error: 'Write the content of the post.' }),
    /** docs/product.md §5: an empty list is saved as null. */
    imageUrls: z
      .array(
        boundedText(PERSONAL_LIMITS.url, 'An image address').refine((url) => url !== '' && isSafeImageUrl(url), {
          error: 'Use uploaded images or http(s) addresses.',
        }),
        { error: 'Images must be a list.' },
      )
      .max(PERSONAL_LIMITS.images, { error: `At most ${PERSONAL_LIMITS.images} images.` })
      .transform((urls) => (urls.length > 0 ? urls : null)),
  })
  // docs/product.md §3: a post may have no title when a '# ' line of its content serves as one.
  .refine((post) => personalTitle(post.title, post.content) !== null, { error: 'Enter the title.', path: ['title'] });

export type PersonalPostValues = z.output<typeof personalPostSchema>;

/** The refusal of docs/product.md §5: its message when the title or the content is missing. */
export const personalPostRefusal = requiredFirst(['title', 'content'], PERSONAL_REQUIRED);

/** The form's check, as the actions check (personalPostSchema, personalPostRefusal). */
export function checkPersonalPost(input: unknown) {
  return checkWith(personalPostSchema, input, personalPostRefusal);
}

export { PERSONAL_TYPES };
