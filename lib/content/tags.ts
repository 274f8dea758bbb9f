/** Every cache tag, one per entity: a write to an entity expires exactly its tag. */
export const TAGS = {
  about: 'about',
  experience: 'experience',
  projects: 'projects',
  research: 'research',
  blog: 'blog',
  personal: 'personal',
} as const;

export type Tag = (typeof TAGS)[keyof typeof TAGS];
