import { ownerNameOf, ownerOrcid, type About } from '@/lib/content/about/types';
import type { BlogPost } from '@/lib/content/blog/types';
import type { Course } from '@/lib/content/courses/types';
import type { ResearchPaper } from '@/lib/content/research/types';
import { countryName, talkPlace } from '@/lib/content/talks/rules';
import type { Talk } from '@/lib/content/talks/types';
import { texToText } from '@/lib/cv/tex-text';
import { markupToText } from '@/lib/markup/plain-text';
import { absoluteUrl } from '@/lib/absolute-url';
import { blogPostPath } from '@/lib/canonical';
import { pageRange, printedPages } from '@/lib/content/research/kinds';
import { arxivUrl, citedShape, doiUrl, repositoryPublisher, type CitedShape } from '@/lib/content/research/scholar';

/**
 * schema.org descriptions of the owner and their work, for search engines (JSON-LD). Pure: the pages
 * hand in what they read and the site's public address when it is configured.
 */

type Thing = Record<string, unknown>;

/**
 * The owner from the profile: name, job title, affiliation (the profile's, else a current programme's
 * institution), every profile link as sameAs and the ORCID iD as an identifier.
 */
export function personData(about: About | null, siteUrl?: string): Thing {
  const name = ownerNameOf(about);
  const affiliation = about?.affiliation.trim() || about?.education.find((entry) => entry.endYear === null)?.institution;
  const orcid = ownerOrcid(about);
  const sameAs = (about?.links ?? []).map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    ...(name ? { name } : {}),
    ...(about?.title.trim() ? { jobTitle: about.title.trim() } : {}),
    ...(affiliation ? { affiliation: { '@type': 'CollegeOrUniversity', name: affiliation } } : {}),
    ...(siteUrl ? { url: siteUrl } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(orcid ? { identifier: { '@type': 'PropertyValue', propertyID: 'ORCID', value: orcid } } : {}),
  };
}

export function websiteData(name: string, siteUrl?: string): Thing {
  return { '@context': 'https://schema.org', '@type': 'WebSite', name, ...(siteUrl ? { url: siteUrl } : {}) };
}

/**
 * Each shape's schema.org type: Book, Chapter, Thesis, Report (an Article with a reportNumber, as a technical
 * report is), Dataset and SoftwareSourceCode have their own; a journal article, a conference paper, a preprint, a
 * manuscript and other work are a ScholarlyArticle.
 */
const SCHEMA_TYPES: Record<CitedShape, string> = {
  article: 'ScholarlyArticle',
  conference: 'ScholarlyArticle',
  book: 'Book',
  chapter: 'Chapter',
  'phd-thesis': 'Thesis',
  'masters-thesis': 'Thesis',
  report: 'Report',
  preprint: 'ScholarlyArticle',
  dataset: 'Dataset',
  software: 'SoftwareSourceCode',
  other: 'ScholarlyArticle',
  manuscript: 'ScholarlyArticle',
};

/** An organisation by name, or nothing for an empty one. */
function organization(name: string): Thing | null {
  return name.trim() ? { '@type': 'Organization', name: name.trim() } : null;
}

/** Each non-empty key of `thing`, in order: a property with no value is left out. */
function present(thing: Record<string, unknown>): Thing {
  return Object.fromEntries(Object.entries(thing).filter(([, value]) => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)));
}

/** Pages as Article and Chapter give them: pagination as printed ('1–37'), pageStart and pageEnd. */
function pagination(pages: string): Thing {
  const range = pageRange(pages);
  if (!range) return {};
  return present({ pagination: printedPages(pages), pageStart: range.first, pageEnd: range.last });
}

/**
 * A journal article's place in its journal, as schema.org's bibliographic extension chains it: the article
 * isPartOf its PublicationIssue (issueNumber), which isPartOf its PublicationVolume (volumeNumber), which isPartOf
 * the Periodical; the links with no number are left out.
 */
function periodicalChain(paper: ResearchPaper): Thing {
  let part: Thing = { '@type': 'Periodical', name: paper.journal.trim() };
  if (paper.volume.trim()) part = { '@type': 'PublicationVolume', volumeNumber: paper.volume.trim(), isPartOf: part };
  if (paper.issue.trim()) part = { '@type': 'PublicationIssue', issueNumber: paper.issue.trim(), isPartOf: part };
  return part;
}

/**
 * Where a paper appeared, in its type's properties: an article's periodical chain and pages; a conference paper's
 * proceedings (a Book with its editors and publisher) and pages; a chapter's Book (editors, publisher, edition,
 * ISBN) and pages; a book's publisher, edition, ISBN and editors; a thesis's institution (sourceOrganization, as
 * schema.org's example gives a thesis's school, and its publisher) and degree (inSupportOf); a report's
 * institution and reportNumber; the repository a dataset is in (includedInDataCatalog); software's and other
 * work's publisher. A manuscript keeps what papers had before kinds: an article's journal as a Periodical.
 */
function venueData(paper: ResearchPaper, shape: CitedShape): Thing {
  const journal = paper.journal.trim();
  const editors = paper.editors.map((name) => name.trim()).filter(Boolean).map((name) => ({ '@type': 'Person', name }));
  switch (shape) {
    case 'article':
      return { isPartOf: periodicalChain(paper), ...pagination(paper.pages) };
    case 'conference':
      return {
        ...(journal ? { isPartOf: present({ '@type': 'Book', name: journal, editor: editors, publisher: organization(paper.publisher) }) } : {}),
        ...pagination(paper.pages),
      };
    case 'chapter':
      return {
        isPartOf: present({ '@type': 'Book', name: journal, editor: editors, publisher: organization(paper.publisher), bookEdition: paper.edition.trim(), isbn: paper.isbn.trim() }),
        ...pagination(paper.pages),
      };
    case 'book':
      return present({ publisher: organization(paper.publisher), bookEdition: paper.edition.trim(), isbn: paper.isbn.trim(), editor: editors });
    case 'phd-thesis':
    case 'masters-thesis': {
      const institution = organization(paper.institution);
      return present({ sourceOrganization: institution, publisher: institution, inSupportOf: shape === 'phd-thesis' ? 'PhD' : "Master's degree" });
    }
    case 'report':
      return present({ publisher: organization(paper.institution), reportNumber: paper.reportNumber.trim() });
    case 'dataset':
      return present({ includedInDataCatalog: journal ? { '@type': 'DataCatalog', name: journal } : null, publisher: organization(repositoryPublisher(paper)) });
    case 'software':
      return present({ publisher: organization(repositoryPublisher(paper)) });
    case 'preprint':
      return present({ publisher: organization(journal) });
    case 'other':
      return present({ isPartOf: journal ? { '@type': 'CreativeWork', name: journal } : null, publisher: organization(paper.publisher) });
    case 'manuscript':
      return paper.kind === 'article' && journal ? { isPartOf: { '@type': 'Periodical', name: journal } } : {};
  }
}

/** A paper as its kind's schema.org type (SCHEMA_TYPES), with its venue (venueData); absolute addresses only with a site address. */
export function researchPaperData(paper: ResearchPaper, siteUrl?: string): Thing {
  const shape = citedShape(paper);
  const page = absoluteUrl(`/research/${paper.id}`, siteUrl);
  const pdf = paper.pdfUrl ? absoluteUrl(paper.pdfUrl, siteUrl) : null;
  const sameAs = [...new Set([paper.doi ? doiUrl(paper.doi) : null, paper.arxivId ? arxivUrl(paper.arxivId) : null, paper.link].filter((url) => url !== null))];
  return {
    '@context': 'https://schema.org',
    '@type': SCHEMA_TYPES[shape],
    headline: paper.title,
    name: paper.title,
    author: paper.authors.map((name) => ({ '@type': 'Person', name })),
    datePublished: paper.date,
    ...(paper.abstract.trim() ? { abstract: paper.abstract.trim() } : {}),
    ...venueData(paper, shape),
    ...(paper.tags.length > 0 ? { keywords: paper.tags.join(', ') } : {}),
    ...(page ? { url: page } : {}),
    ...(paper.doi ? { identifier: { '@type': 'PropertyValue', propertyID: 'DOI', value: paper.doi } } : {}),
    ...(sameAs.length > 0 ? { sameAs: sameAs.length === 1 ? sameAs[0] : sameAs } : {}),
    ...(pdf ? { encoding: { '@type': 'MediaObject', contentUrl: pdf, encodingFormat: 'application/pdf' } } : {}),
  };
}

export function blogPostingData(post: BlogPost, authorName: string, siteUrl?: string): Thing {
  const page = absoluteUrl(blogPostPath(post.slug), siteUrl);
  const image = post.coverImage ? absoluteUrl(post.coverImage, siteUrl) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    datePublished: post.date,
    dateModified: post.updatedAt,
    author: { '@type': 'Person', name: authorName },
    ...(post.excerpt.trim() ? { description: post.excerpt.trim() } : {}),
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    ...(page ? { url: page, mainEntityOfPage: page } : {}),
    ...(image ? { image } : {}),
  };
}

/**
 * A talk as a schema.org Event (Google's Event rich results: name, startDate, location; the rest recommended):
 * where it was (a Place with its address and coordinates, an online address, or both), who spoke, the event it was
 * part of, its paper, its slides and its recording. Times carry their offset; a day is a date.
 */
export function talkEventData(
  talk: Talk,
  speaker: string,
  siteUrl?: string,
  times?: { start: string | null; end: string | null },
): Thing {
  const page = absoluteUrl(`/talks/${talk.id}`, siteUrl);
  const country = countryName(talk.country);
  const placeName = talkPlace({ venue: talk.venue, city: talk.city, countryName: country }) || talk.eventName || talk.title;
  const place = {
    '@type': 'Place',
    name: talk.venue.trim() || placeName,
    address: {
      '@type': 'PostalAddress',
      ...(talk.city.trim() ? { addressLocality: talk.city.trim() } : {}),
      ...(talk.country ? { addressCountry: talk.country } : {}),
      ...(!talk.city.trim() && !talk.country ? { name: placeName } : {}),
    },
    ...(talk.lat !== null && talk.lng !== null ? { geo: { '@type': 'GeoCoordinates', latitude: talk.lat, longitude: talk.lng } } : {}),
  };
  const online = { '@type': 'VirtualLocation', url: talk.eventUrl ?? page ?? undefined };
  const location = talk.attendance === 'online' ? online : talk.attendance === 'hybrid' ? [place, online] : place;
  const mode = { 'in-person': 'Offline', online: 'Online', hybrid: 'Mixed' }[talk.attendance];
  const slides = talk.slidesUrl ? absoluteUrl(talk.slidesUrl, siteUrl) : null;
  const paper = talk.paper ? absoluteUrl(`/research/${talk.paper.id}`, siteUrl) : null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: texToText(talk.title),
    ...(page ? { url: page } : {}),
    ...(talk.abstract.trim() ? { description: talk.abstract.trim() } : {}),
    startDate: times?.start ?? talk.start,
    ...(times?.end ?? talk.end ? { endDate: times?.end ?? talk.end } : {}),
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: `https://schema.org/${mode}EventAttendanceMode`,
    location,
    performer: { '@type': 'Person', name: speaker },
    ...(talk.eventName.trim()
      ? {
          organizer: { '@type': 'Organization', name: talk.eventName.trim(), ...(talk.eventUrl ? { url: talk.eventUrl } : {}) },
          superEvent: { '@type': 'Event', name: talk.eventName.trim(), ...(talk.eventUrl ? { url: talk.eventUrl } : {}) },
        }
      : {}),
    ...(talk.paper ? { about: { '@type': 'ScholarlyArticle', name: texToText(talk.paper.title), ...(paper ? { '@id': paper, url: paper } : {}) } } : {}),
    ...(slides ? { workFeatured: { '@type': 'PresentationDigitalDocument', url: slides } } : {}),
    ...(talk.videoUrl ? { recordedIn: { '@type': 'VideoObject', url: talk.videoUrl } } : {}),
  };
}

/**
 * A course as a schema.org Course (Google's Course info: name, description, provider; a CourseInstance with its
 * mode and instructor): its code and level, the institution that gives it, and the owner teaching it. The site
 * records no mode, so a course taught at an institution is said to be taught there (Onsite). Its description
 * is the text a reader sees, formulas as Unicode, not the stored markup.
 */
export function courseData(course: Course, instructor: string, siteUrl?: string): Thing {
  const page = absoluteUrl(`/teaching/${course.id}`, siteUrl);
  const description = markupToText(course.description).trim();
  const institution = course.institution.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Course',
    name: texToText(course.title),
    ...(page ? { url: page } : {}),
    ...(course.code.trim() ? { courseCode: course.code.trim() } : {}),
    ...(description ? { description } : {}),
    ...(course.level.trim() ? { educationalLevel: course.level.trim() } : {}),
    ...(institution ? { provider: { '@type': 'Organization', name: institution } } : {}),
    hasCourseInstance: {
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      instructor: { '@type': 'Person', name: instructor },
      startDate: course.start,
      ...(course.end ? { endDate: course.end } : {}),
    },
  };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so no text can close the element. */
export function jsonLd(data: Thing | Thing[]): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
