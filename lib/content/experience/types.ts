/** A position on the Experience page (table experience): client-safe types. */

export interface Experience {
  id: string;
  title: string;
  company: string;
  location: string;
  /** Year-month, 'yyyy-mm'. */
  startDate: string;
  /** Year-month, or null while the position is current (shown as Present). */
  endDate: string | null;
  description: string;
  highlights: string[];
  technologies: string[];
}

/** What Save All Changes answers: the stored list read back, and the server id of each new item. */
export interface SavedExperience {
  items: Experience[];
  /** The server id each temporary (exp-) id became. */
  created: Record<string, string>;
}
