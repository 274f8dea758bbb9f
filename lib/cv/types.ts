/**
 * The CV (docs/product.md, "The CV"): one model, read once from the site's content, that the `/cv` page, the
 * `/cv.pdf` file and the `/cv.json` JSON Resume are all written from. Client-safe types and constants.
 */
import type { Education, ProfileKind, ResearchInterest } from '@/lib/content/about/types';
import type { Experience } from '@/lib/content/experience/types';
import type { Project } from '@/lib/content/projects/types';
import type { ResearchPaper } from '@/lib/content/research/types';
import type { CitationTotals } from '@/lib/content/research/citation-rules';

/** The CV-only rows' categories (table cv_entries), in the order their sections are offered. */
export const CV_ENTRY_CATEGORIES = ['award', 'service'] as const;
export type CvEntryCategory = (typeof CV_ENTRY_CATEGORIES)[number];

/**
 * The sections made of dated rows (date, title, place, link, one line): the CV-only rows' categories, the talks
 * (lib/content/talks) and the courses (lib/content/courses), which are content types of their own and give their
 * rows to the CV as these.
 */
export const CV_ROW_SECTIONS = ['award', 'talk', 'teaching', 'service'] as const;
export type CvRowSection = (typeof CV_ROW_SECTIONS)[number];

/** A section's heading on the page and in the PDF. */
export const CV_SECTION_TITLES = {
  education: 'Education',
  experience: 'Experience',
  publications: 'Publications',
  projects: 'Projects',
  interests: 'Research Interests',
  skills: 'Skills',
  award: 'Honours & Awards',
  talk: 'Talks',
  teaching: 'Teaching',
  service: 'Service',
} as const;

export type CvSectionKey = keyof typeof CV_SECTION_TITLES;

/** Every section, in the default order (an owner who never chose shows all of them, in this order). */
export const CV_SECTIONS: readonly CvSectionKey[] = [
  'education',
  'experience',
  'publications',
  'projects',
  'interests',
  'skills',
  'award',
  'talk',
  'teaching',
  'service',
];

export function isCvSectionKey(value: unknown): value is CvSectionKey {
  return typeof value === 'string' && (CV_SECTIONS as readonly string[]).includes(value);
}

/** One dated CV row: a CV-only row (table cv_entries: an award, a piece of service), a talk or a course taught. */
export interface CvEntry {
  id: string;
  category: CvRowSection;
  /** 'yyyy', 'yyyy-mm' or 'yyyy-mm-dd'. */
  start: string;
  /** Same forms, not before `start`; null for a single date or year. */
  end: string | null;
  title: string;
  /** Where: a university, a conference, a journal (may be ''). */
  place: string;
  /** An http(s) address or a site path, or null. */
  url: string | null;
  /** One line of plain text (may be ''). */
  description: string;
}

/** What Save All Changes of the CV editor answers. */
export interface SavedCvEntries {
  items: CvEntry[];
  /** The server id each temporary (cv-) id became. */
  created: Record<string, string>;
}

export const CV_PAPER_SIZES = ['a4', 'letter'] as const;
export type CvPaperSize = (typeof CV_PAPER_SIZES)[number];

export const CV_PROJECT_CHOICES = ['featured', 'all'] as const;
export type CvProjectChoice = (typeof CV_PROJECT_CHOICES)[number];

/** The CV part of Admin Settings (columns cv_* of site_settings). */
export interface CvSettings {
  /** The sections shown, in their order; a section absent from the list is hidden. */
  sections: CvSectionKey[];
  paperSize: CvPaperSize;
  /** One paragraph of plain text under the name ('' for none). */
  summary: string;
  projects: CvProjectChoice;
  /** Whether papers with the status draft are listed under "In preparation" (off: drafts never appear). */
  includeDrafts: boolean;
}

export const DEFAULT_CV_SETTINGS: CvSettings = {
  sections: [...CV_SECTIONS],
  paperSize: 'a4',
  summary: '',
  projects: 'featured',
  includeDrafts: false,
};

export interface CvProfile {
  platform: ProfileKind;
  label: string;
  url: string;
}

/** The publication groups, in the order the CV lists them. */
export const CV_PUBLICATION_GROUPS = [
  { key: 'published', title: 'Published', statuses: ['published'] },
  { key: 'review', title: 'Under review & preprints', statuses: ['submitted', 'preprint'] },
  { key: 'preparation', title: 'In preparation', statuses: ['draft'] },
] as const;
export type CvPublicationGroupKey = (typeof CV_PUBLICATION_GROUPS)[number]['key'];

export interface CvPublicationGroup {
  key: CvPublicationGroupKey;
  title: string;
  /** Newest first; `number` counts down across all groups so the newest paper has the highest number. */
  papers: { number: number; paper: ResearchPaper }[];
}

/**
 * Everything a CV shows, already chosen and ordered: drafts left out (unless the owner lists them as in
 * preparation), projects featured or all as chosen, sections in the owner's order.
 */
export interface CvData {
  name: string;
  /** The About title, e.g. 'PhD Candidate in Mathematics' ('' for none). */
  title: string;
  email: string;
  /** The site's own address when SITE_URL is set, else null. */
  website: string | null;
  profiles: CvProfile[];
  summary: string;
  settings: CvSettings;
  education: Education[];
  experience: Experience[];
  publications: CvPublicationGroup[];
  /** The citations of the papers listed and their h-index, when the owner shows them on the CV; else null. */
  citations?: CitationTotals | null;
  projects: Project[];
  interests: ResearchInterest[];
  skills: string[];
  /** The dated rows by section: the CV-only rows in the owner's order (the CV editor's), the talks and courses newest first. */
  entries: Record<CvRowSection, CvEntry[]>;
  /** When the newest of the facts above was saved (ISO), for the PDF's metadata; null when unknown. */
  updatedAt: string | null;
}
