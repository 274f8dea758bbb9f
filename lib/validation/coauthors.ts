import { normalizeOrcid } from '@/lib/scholarly/identifiers';
import { z } from '@/lib/validation/zod';
import { boundedText, entryKey, isHttpUrl, listItemId, newTemporaryId } from './lists';

/**
 * The Co-authors editor's input (docs/product.md, "Admin Co-authors"), shared by the editor and its server
 * action. Client-safe.
 */

/** `orcid` bounds what may be typed (an iD's orcid.org address is 42 characters); it is stored bare. */
export const COAUTHOR_LIMITS = { items: 500, name: 200, homepage: 2_048, orcid: 100 } as const;

/** Unsaved co-authors carry a temporary id starting coauthor-; saved ones their uuid. */
export const TEMPORARY_COAUTHOR_PREFIX = 'coauthor-';

export function isTemporaryCoauthorId(id: string): boolean {
  return id.startsWith(TEMPORARY_COAUTHOR_PREFIX);
}

export const COAUTHOR_NAME_REQUIRED = 'Enter the name as author lists write it, such as Emmy Noether.';
export const COAUTHOR_NAME_ONE_LINE = 'The name is one line: remove the line breaks.';
export const COAUTHOR_HOMEPAGE_INVALID = 'Enter a full http:// or https:// address, or leave it blank.';
export const COAUTHOR_ORCID_INVALID =
  'Enter an ORCID iD such as 0000-0002-1825-0097 (or its https://orcid.org/ address) whose last character, the check digit, matches, or leave it blank.';
export const TOO_MANY_COAUTHORS = `At most ${COAUTHOR_LIMITS.items} co-authors; remove one before adding another.`;
export const COAUTHORS_REFUSED = 'Please correct the highlighted fields.';

/** A second co-author of a name already listed, whatever its case: every match of the name would be ambiguous. */
export function coauthorOnListAlready(name: string): string {
  return `${name} is on the list already.`;
}

export const coauthorItemSchema = z.object({
  id: listItemId(TEMPORARY_COAUTHOR_PREFIX, 'co-author'),
  name: boundedText(COAUTHOR_LIMITS.name, 'The name')
    .min(1, { error: COAUTHOR_NAME_REQUIRED })
    .refine((value) => !/[\r\n]/.test(value), { error: COAUTHOR_NAME_ONE_LINE }),
  homepage: boundedText(COAUTHOR_LIMITS.homepage, 'The homepage')
    .refine((value) => value === '' || isHttpUrl(value), { error: COAUTHOR_HOMEPAGE_INVALID })
    .nullable()
    .transform((value) => value || null),
  /** Blank is none; anything else must be an ORCID iD whose check character matches, stored bare. */
  orcid: boundedText(COAUTHOR_LIMITS.orcid, 'The ORCID iD')
    .nullable()
    .transform((value, context) => {
      if (!value) return null;
      const orcid = normalizeOrcid(value);
      if (orcid === null) context.addIssue({ code: 'custom', message: COAUTHOR_ORCID_INVALID });
      return orcid;
    }),
});

/**
 * Save All Changes: the whole list in the editor's order (its position); what is absent from it is deleted.
 * A name listed twice (after trimming, ignoring case) is refused beside the second.
 */
export const coauthorListSchema = z.object({
  items: z
    .array(coauthorItemSchema, { error: 'The co-author list must be a list.' })
    .max(COAUTHOR_LIMITS.items, { error: TOO_MANY_COAUTHORS })
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, { error: 'Two co-authors have the same id.' })
    .superRefine((items, context) => {
      const listed = new Set<string>();
      items.forEach((item, index) => {
        const key = entryKey(item.name);
        if (listed.has(key)) context.addIssue({ code: 'custom', message: coauthorOnListAlready(item.name), path: [index, 'name'] });
        listed.add(key);
      });
    }),
});

/**
 * The toast for a refused list: what the list itself is refused for (too many co-authors), which no field
 * shows, else the plea to correct the fields marked beside them.
 */
export function coauthorListRefusal(error: z.ZodError): string {
  return error.issues.find((issue) => issue.path.length === 1)?.message ?? COAUTHORS_REFUSED;
}

export type CoauthorItemValues = z.output<typeof coauthorItemSchema>;

/** What a new co-author starts with: nothing but a temporary id (a placeholder name would be matched like one). */
export function newCoauthorDefaults(now: Date = new Date(), id = newTemporaryId(TEMPORARY_COAUTHOR_PREFIX, now.getTime())): CoauthorItemValues {
  return { id, name: '', homepage: null, orcid: null };
}
