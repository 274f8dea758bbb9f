import type { About } from '@/lib/content/about/types';
import { ownerNameOf, profileLabel } from '@/lib/content/about/types';
import type { Experience } from '@/lib/content/experience/types';
import type { Project } from '@/lib/content/projects/types';
import type { PaperStatus, ResearchPaper } from '@/lib/content/research/types';
import { citationTotals } from '@/lib/content/research/citation-rules';
import type { PaperCitations } from '@/lib/scholarly/citation-types';
import type { Talk } from '@/lib/content/talks/types';
import { TALK_KIND_LABELS } from '@/lib/content/talks/types';
import { coursePath } from '@/lib/content/courses/rules';
import { uniqueEntries } from '@/lib/validation/lists';
import { COURSE_ROLE_LABELS, type Course } from '@/lib/content/courses/types';
import {
  CV_PUBLICATION_GROUPS,
  CV_ROW_SECTIONS,
  type CvData,
  type CvEntry,
  type CvProfile,
  type CvRowSection,
  type CvPublicationGroup,
  type CvSettings,
} from './types';

/**
 * The papers a CV lists, grouped (published; under review and preprints; in preparation, which holds the
 * drafts only when `includeDrafts`), newest first, numbered down across the groups so the newest is [n].
 */
export function groupPublications(papers: readonly ResearchPaper[], includeDrafts: boolean): CvPublicationGroup[] {
  const shown = new Set<PaperStatus>(['published', 'submitted', 'preprint']);
  if (includeDrafts) shown.add('draft');
  const listed = papers.filter((paper) => shown.has(paper.status)).sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
  let number = listed.length;
  const groups: CvPublicationGroup[] = [];
  for (const group of CV_PUBLICATION_GROUPS) {
    const statuses: readonly PaperStatus[] = group.statuses;
    const members = listed.filter((paper) => statuses.includes(paper.status));
    if (members.length === 0) continue;
    groups.push({ key: group.key, title: group.title, papers: members.map((paper) => ({ number: number--, paper })) });
  }
  return groups;
}

/** What the CV is made from: the site's content as its cached reads give it. */
export interface CvSources {
  about: About | null;
  experience: Experience[];
  papers: ResearchPaper[];
  projects: Project[];
  entries: CvEntry[];
  /** Every talk (lib/content/talks), in any order: the CV lists them newest first. */
  talks: Talk[];
  /** Every course (lib/content/courses), in any order: the CV lists them newest first. */
  courses: Course[];
  settings: CvSettings;
  /** SITE_URL, when set. */
  siteUrl: string | null;
  /** The papers' citation counts when the owner shows them on the CV (Settings → Citations), else none. */
  citations?: readonly PaperCitations[];
}

/**
 * The order of the CV's Talks and Teaching: those added as talks and courses, newest first; after them, the
 * rows moved from the CV's own editor (issue 47) in the order the owner had given them there.
 */
export function inCvOrder(a: { id: string; start: string; title: string; cvOrder: number | null }, b: typeof a): number {
  if (a.cvOrder !== null && b.cvOrder !== null) return a.cvOrder - b.cvOrder || a.id.localeCompare(b.id);
  if (a.cvOrder !== null || b.cvOrder !== null) return a.cvOrder === null ? -1 : 1;
  return b.start.localeCompare(a.start) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}

/**
 * The CV from the site's content (pure, so the page, the PDF and JSON Resume agree and tests need no
 * database): papers grouped by status and numbered newest first, drafts only when the owner lists them as in
 * preparation, projects featured or all as chosen, the CV-only rows by category in the owner's order.
 */
export function buildCvData(sources: CvSources): CvData {
  const { about, settings } = sources;
  const publications = groupPublications(sources.papers, settings.includeDrafts);
  const entries = Object.fromEntries(CV_ROW_SECTIONS.map((category) => [category, [] as CvEntry[]])) as Record<CvRowSection, CvEntry[]>;
  for (const entry of sources.entries) entries[entry.category].push(entry);
  entries.talk = [...sources.talks].sort(inCvOrder).map(talkRow);
  entries.teaching = [...sources.courses].sort(inCvOrder).map(courseRow);
  const profiles: CvProfile[] = (about?.links ?? []).map((link) => ({ platform: link.kind, label: profileLabel(link), url: link.url }));
  const stamps = [about?.updatedAt, ...sources.papers.map((paper) => paper.updatedAt)].filter((stamp): stamp is string => Boolean(stamp)).sort();
  return {
    name: ownerNameOf(about),
    title: about?.title.trim() ?? '',
    email: about?.email ?? '',
    website: sources.siteUrl,
    profiles,
    summary: settings.summary.trim(),
    settings,
    education: about?.education ?? [],
    experience: sources.experience,
    publications,
    // Over the papers the CV lists: its own totals, not the site's.
    citations: citationTotals(
      publications.flatMap((group) => group.papers.map((item) => item.paper.id)),
      new Map((sources.citations ?? []).map((count) => [count.paperId, count])),
    ),
    projects: settings.projects === 'all' ? sources.projects : sources.projects.filter((project) => project.featured),
    interests: about?.researchInterests ?? [],
    skills: about?.skills ?? [],
    entries,
    updatedAt: stamps.at(-1) ?? null,
  };
}

/**
 * A talk as a CV row: its dates, its title, where (the event, the venue, the city), its page on the site, and
 * its note (else its kind) as the one line.
 */
export function talkRow(talk: Talk): CvEntry {
  const place = uniqueEntries([talk.eventName, talk.venue, talk.city]).join(', ');
  return {
    id: talk.id,
    category: 'talk',
    start: talk.start,
    end: talk.end && talk.end !== talk.start ? talk.end : null,
    title: talk.title,
    place,
    url: `/talks/${talk.id}`,
    description: talk.note.trim() || (talk.kind ? `${TALK_KIND_LABELS[talk.kind]}.` : ''),
  };
}

/**
 * A course as a CV row: 'Tutor, Number Theory (MATH10071)' (the role when stated, the title, the code), its
 * institution as the place, its page on the site (else its first material), its years, and its note as the one line.
 */
export function courseRow(course: Course): CvEntry {
  const title = course.role ? `${COURSE_ROLE_LABELS[course.role]}, ${course.title}` : course.title;
  return {
    id: course.id,
    category: 'teaching',
    start: course.start,
    end: course.end && course.end !== course.start ? course.end : null,
    title: course.code ? `${title} (${course.code})` : title,
    place: course.institution,
    url: coursePath(course) ?? course.materials[0]?.url ?? null,
    description: course.note.trim(),
  };
}
