/** The owner's profile (table about_data): client-safe types. */

export interface Education {
  institution: string;
  degree: string;
  field: string;
  startYear: number;
  /** null while the programme is current. */
  endYear: number | null;
}

export interface ResearchInterest {
  title: string;
  description: string;
}

export interface About {
  id: string;
  name: string;
  title: string;
  bio: string;
  imageUrl: string | null;
  skills: string[];
  education: Education[];
  researchInterests: ResearchInterest[];
  updatedAt: string;
}

/** Everything the About editor writes. */
export type AboutUpdate = Omit<About, 'id' | 'updatedAt'>;
