/** A personal post (table personal_posts): client-safe types and the type list. */

export const PERSONAL_TYPES = ['story', 'update', 'thought'] as const;
export type PersonalType = (typeof PERSONAL_TYPES)[number];

export function isPersonalType(value: unknown): value is PersonalType {
  return typeof value === 'string' && (PERSONAL_TYPES as readonly string[]).includes(value);
}

export interface PersonalPost {
  id: string;
  /** As stored: may be empty (see personalTitle in ./rules.ts). */
  title: string;
  /** HTML, sanitised on save; sanitise again before rendering. */
  content: string;
  /** yyyy-mm-dd */
  date: string;
  type: PersonalType;
  imageUrls: string[];
  createdAt: string;
}
