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
