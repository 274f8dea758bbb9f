import { SITE } from '@/lib/site';

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
/** The owner's name as the site shows it: the profile's, else the configured owner (lib/site.ts). */
export function ownerNameOf(about: Pick<About, 'name'> | null | undefined): string {
  return about?.name.trim() || SITE.ownerName;
}

export type AboutUpdate = Omit<About, 'id' | 'updatedAt'>;
