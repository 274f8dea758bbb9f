/** A co-author (table coauthors): a name papers' author lists write, and where it links. Client-safe types. */

export interface Coauthor {
  id: string;
  /** As author lists write it ('Emmy Noether', 'Noether, Emmy'): matched by family name and initials (rules.ts). */
  name: string;
  /** An http(s) address, or null. */
  homepage: string | null;
  /** The bare iD, '0000-0002-1825-0097', its check character verified; or null. */
  orcid: string | null;
}

/** What Save All Changes answers: the stored list read back, and the server id of each new co-author. */
export interface SavedCoauthors {
  items: Coauthor[];
  /** The server id each temporary (coauthor-) id became. */
  created: Record<string, string>;
}
