/** The owner's profile (table about_data): client-safe types. The profile is also the owner's identity on every page. */

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

/** The profiles the About editor knows by name, in the order its menu lists them; `other` is any labelled link. */
export const PROFILE_KINDS = ['github', 'gitlab', 'linkedin', 'scholar', 'orcid', 'researchgate', 'mastodon', 'bluesky', 'x', 'website', 'other'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

/** Each kind's name as the footer, the CV and the editor say it. */
export const PROFILE_KIND_LABELS: Record<ProfileKind, string> = {
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin: 'LinkedIn',
  scholar: 'Google Scholar',
  orcid: 'ORCID',
  researchgate: 'ResearchGate',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  x: 'X',
  website: 'Website',
  other: 'Link',
};

/** One profile link, stored as an http(s) address whatever form it was typed in (an ORCID iD as https://orcid.org/iD). */
export interface ProfileLink {
  kind: ProfileKind;
  /** The owner's own label; blank for a named kind (its name is used), required for `other`. */
  label: string;
  url: string;
}

export interface About {
  id: string;
  /** The owner's display name: the header brand, page titles, the footer's copyright, the feed's author. */
  name: string;
  /** The role line: the home page's heading. */
  title: string;
  affiliation: string;
  bio: string;
  imageUrl: string | null;
  skills: string[];
  education: Education[];
  researchInterests: ResearchInterest[];
  footerBlurb: string;
  /** The public e-mail address, or '' for none. */
  email: string;
  /** In the owner's order. */
  links: ProfileLink[];
  /** The header's mark: one or two characters, unless markImageUrl is set. */
  mark: string;
  markImageUrl: string | null;
  updatedAt: string;
}

/** The owner's name as the site shows it, or '' when the profile has none: callers then name no one. */
export function ownerNameOf(about: Pick<About, 'name'> | null | undefined): string {
  return about?.name.trim() ?? '';
}

/** A link's label: the owner's, else its kind's name. */
export function profileLabel(link: ProfileLink): string {
  return link.label.trim() || PROFILE_KIND_LABELS[link.kind];
}

const ORCID_ADDRESS = /^https:\/\/orcid\.org\/(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$/;

/** The ORCID iD of the owner's profile links ('0000-0002-1825-0097'), or null. */
export function ownerOrcid(about: Pick<About, 'links'> | null | undefined): string | null {
  for (const link of about?.links ?? []) {
    const match = link.kind === 'orcid' ? ORCID_ADDRESS.exec(link.url) : null;
    if (match) return match[1]!;
  }
  return null;
}

/** Everything the About editor writes. */
export type AboutUpdate = Omit<About, 'id' | 'updatedAt'>;
