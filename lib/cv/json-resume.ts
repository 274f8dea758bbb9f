import { PROFILE_KIND_LABELS } from '@/lib/content/about/types';
import { absoluteUrl } from '@/lib/absolute-url';
import { htmlToText } from '@/lib/content/personal/rules';
import { venueLine } from '@/lib/content/research/kinds';
import type { PaperStatus } from '@/lib/content/research/types';
import { arxivUrl, cleanText, doiUrl } from '@/lib/content/research/scholar';
import { texToText } from '@/lib/cv/tex-text';
import { markupToLines } from '@/lib/markup/plain-text';
import { isCalendarDate } from '@/lib/validation/lists';
import type { CvData, CvEntry, CvProfile, CvSectionKey } from './types';

/**
 * The CV as a JSON Resume (https://jsonresume.org, schema v1.0.0 as the `@jsonresume/schema` package
 * publishes it), served as `/cv.json`. Pure and client-safe: the route hands in the CV model and the site's
 * address.
 *
 * What the document promises, whatever the owner typed:
 * - it validates against the published schema: dates are written only in the schema's `iso8601` forms
 *   ('YYYY', 'YYYY-MM', 'YYYY-MM-DD', years 1000–2999), anything else is cut to the part that is valid or
 *   left out; addresses only as absolute http(s) URIs in RFC 3986 form (so a strict `format: uri` checker
 *   such as ajv-formats accepts them too, not only the lenient one of the package's own validator); the
 *   e-mail only when it is an address every `format: email` checker accepts;
 * - no field is `""`, no list is `[]` and no entry is `{}`: JSON Resume themes print what is there, and an
 *   empty string becomes an empty line or a stray separator. Nothing is `undefined` either. `basics` and
 *   `meta` are always written (many themes read `basics.name` without checking that `basics` exists);
 * - text is plain: the markup of Experience descriptions and the HTML of project descriptions are reduced
 *   to their text, a paper's `$…$` TeX to readable characters ("$\zeta(s)$" → "ζ(s)"); control characters,
 *   bidirectional overrides and half surrogate pairs go, as in the BibTeX export (`cleanText`);
 * - sections the owner hid on the CV (settings.sections) are left out here too, and the sections are
 *   written in the owner's order (themes keep their own order; a reader of the file sees the owner's).
 *
 * Where the CV's sections go:
 * - Education → `education`, Experience → `work`, Publications → `publications` (every group, flattened in
 *   the CV's order, newest first within each group), Projects → `projects` (exactly the CV's: featured or
 *   all as chosen), Research Interests → `interests`, Skills → `skills`, Honours & Awards → `awards`.
 * - Talks, Teaching and Service have no section of their own in v1.0.0, and the standard sections that
 *   look close would say something the CV does not: `work` is employment (a course taught is usually part
 *   of a position already listed under Experience, and would be counted twice), `volunteer` is unpaid work
 *   for an organisation (refereeing is service, a talk is not volunteering), and `projects` with
 *   `type: 'talk'` would list talks among the projects. The schema allows additional properties at the top
 *   level (`additionalProperties: true`), so they are written under top-level keys of their own, `talks`,
 *   `teaching` and `service`, each entry shaped like the standard ones (`title` as in `awards`,
 *   `organization`, `startDate`, `endDate`, `url`, `summary` as in `volunteer`). Themes that do not know
 *   them skip them; nothing is lost for a reader or a tool that does. `meta` is not used for them: it
 *   describes the document (version, canonical address), not its content.
 * - The address of the PDF, when given, goes into `meta.pdf` (another form of the same document).
 */

export const JSON_RESUME_SCHEMA_URL = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json';

/** A date in the schema's `iso8601` forms: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'. */
export type JsonResumeDate = string;

export interface JsonResumeProfile {
  /** The network's name as themes look up its icon: 'GitHub', 'LinkedIn', 'ORCID', 'Google Scholar'. */
  network?: string;
  /** Only where the address says it plainly: a GitHub login, an ORCID iD, a LinkedIn handle. */
  username?: string;
  url?: string;
}

export interface JsonResumeBasics {
  name?: string;
  label?: string;
  email?: string;
  url?: string;
  summary?: string;
  profiles?: JsonResumeProfile[];
}

export interface JsonResumeWork {
  name?: string;
  position?: string;
  location?: string;
  startDate?: JsonResumeDate;
  /** Absent while the position is current. */
  endDate?: JsonResumeDate;
  summary?: string;
  highlights?: string[];
}

export interface JsonResumeEducation {
  institution?: string;
  area?: string;
  studyType?: string;
  startDate?: JsonResumeDate;
  /** Absent while the programme is current. */
  endDate?: JsonResumeDate;
}

export interface JsonResumePublication {
  name?: string;
  publisher?: string;
  releaseDate?: JsonResumeDate;
  url?: string;
  /** The authors, then the status of a paper not (yet) published: 'E. Noether, P. Raman. Preprint'. */
  summary?: string;
}

export interface JsonResumeProject {
  name?: string;
  description?: string;
  /** The project's technologies. */
  keywords?: string[];
  url?: string;
}

export interface JsonResumeAward {
  title?: string;
  date?: JsonResumeDate;
  awarder?: string;
  /** An additional property (allowed by the schema): the award's address, when it has one. */
  url?: string;
  summary?: string;
}

export interface JsonResumeSkill {
  name: string;
}

export interface JsonResumeInterest {
  name?: string;
  /** An additional property (allowed by the schema): the interest's description, one line of text. */
  summary?: string;
}

/** A talk, a course taught or a piece of service: a top-level section of its own (see the file's comment). */
export interface JsonResumeCvEntry {
  title?: string;
  /** Where: the university, conference or journal (the CV's `place`). */
  organization?: string;
  startDate?: JsonResumeDate;
  endDate?: JsonResumeDate;
  url?: string;
  summary?: string;
}

export interface JsonResumeMeta {
  /** The `/cv.json` address, when the site's address is known. */
  canonical?: string;
  version: 'v1.0.0';
  /** 'YYYY-MM-DDThh:mm:ssZ'. */
  lastModified?: string;
  /** An additional property: the address of the same CV as a PDF. */
  pdf?: string;
}

export interface JsonResume {
  $schema: typeof JSON_RESUME_SCHEMA_URL;
  basics: JsonResumeBasics;
  work?: JsonResumeWork[];
  education?: JsonResumeEducation[];
  publications?: JsonResumePublication[];
  projects?: JsonResumeProject[];
  awards?: JsonResumeAward[];
  skills?: JsonResumeSkill[];
  interests?: JsonResumeInterest[];
  talks?: JsonResumeCvEntry[];
  teaching?: JsonResumeCvEntry[];
  service?: JsonResumeCvEntry[];
  meta: JsonResumeMeta;
}

export interface JsonResumeOptions {
  /** The site's public address (SITE_URL), or null when it is not configured. */
  siteUrl: string | null;
  /** The PDF's address, absolute or a site path. */
  pdfUrl?: string;
}

/** The record without its undefined, empty-string and empty-list values (themes print empty fields). */
function compact<T extends object>(record: T): T {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)),
  ) as T;
}

/** Entries that say anything at all: an entry whose every field was empty would be a blank row. */
function nonEmpty<T extends object>(records: T[]): T[] {
  return records.map(compact).filter((record) => Object.keys(record).length > 0);
}

/** One line of plain text, or undefined when nothing is left. */
function line(text: string | null | undefined): string | undefined {
  return typeof text === 'string' ? cleanText(text) || undefined : undefined;
}

/** Lines of plain text kept as lines (a description's paragraphs and list items), blank ones dropped. */
function lines(text: string): string | undefined {
  return (
    text
      .split('\n')
      .map((part) => cleanText(part))
      .filter(Boolean)
      .join('\n') || undefined
  );
}

function lineList(values: readonly string[]): string[] {
  return values.map((value) => line(value)).filter((value): value is string => value !== undefined);
}

/**
 * What RFC 3986 does not allow in a path, query or fragment: anything but its unreserved and sub-delimiter
 * characters, ':', '@', '/', '?' and a '%' that starts an escape. ('#' is no exception: the fragment starts at
 * the first one, so any later one is text.)
 */
const URI_TAIL_UNSAFE = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?@!$&'()*+,;=%]/g;

/** A registered name or an IP address as RFC 3986 writes a host (WHATWG also lets '"', '`', '{' and '}' through). */
const RFC3986_HOST = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=]+|\[[0-9A-Fa-f:.]+\])$/;

function encodeUnsafe(text: string): string {
  return text.replace(URI_TAIL_UNSAFE, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * An absolute http(s) address in RFC 3986 form, or undefined: a site path is joined to the site's address
 * (none without one), anything else that is not http(s) is dropped. The WHATWG serialisation already
 * percent-encodes spaces and non-ASCII characters and writes an international host name in Punycode; what
 * it leaves that RFC 3986 does not allow ('|', '^', '[' in a path, a second '#', a '%' that starts no escape) is
 * encoded.
 */
function webAddress(value: string | null | undefined, site: string | null): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    const absolute = absoluteUrl(text, site ?? undefined);
    if (!absolute) return undefined;
    url = new URL(absolute);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !RFC3986_HOST.test(url.hostname)) return undefined;
  // A user name or password in a public document is a leak, never a part of the address a reader needs.
  url.username = '';
  url.password = '';
  const tail = `${url.pathname}${url.search}${url.hash}`;
  const head = url.href.slice(0, url.href.length - tail.length);
  // WHATWG leaves no '#' in the path or the query (the first one starts the fragment), and no character
  // above U+007F anywhere, so each part can be encoded on its own.
  return `${head}${encodeUnsafe(`${url.pathname}${url.search}`)}${url.hash ? `#${encodeUnsafe(url.hash.slice(1))}` : ''}`;
}

/**
 * An e-mail address every `format: email` checker accepts (the package's jsonschema and ajv-formats): a
 * dot-atom local part and a host name of at least two labels. Anything else is left out rather than failing
 * validation.
 */
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

function emailAddress(value: string): string | undefined {
  const text = value.trim();
  return text.length <= 254 && EMAIL.test(text) ? text : undefined;
}

/**
 * 'yyyy', 'yyyy-mm' or 'yyyy-mm-dd' (or the start of a longer ISO text) in the schema's `iso8601` forms: the
 * longest valid beginning ('2024-13' → '2024'), or undefined when not even the year is one the schema's
 * pattern allows (1000–2999).
 */
export function jsonResumeDate(value: string | null | undefined): JsonResumeDate | undefined {
  const match = /^\s*(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value ?? '');
  if (!match) return undefined;
  const [, year = '', month, day] = match;
  if (!/^[12]/.test(year)) return undefined;
  const monthNumber = Number(month);
  if (!month || monthNumber < 1 || monthNumber > 12) return year;
  if (!day || !isCalendarDate(`${year}-${month}-${day}`)) return `${year}-${month}`;
  return `${year}-${month}-${day}`;
}

function yearDate(year: number | null): JsonResumeDate | undefined {
  return year !== null && Number.isInteger(year) && year >= 1000 && year <= 2999 ? String(year) : undefined;
}

/** 'YYYY-MM-DDThh:mm:ssZ', the form meta.lastModified describes (UTC, without milliseconds). */
function timestamp(value: string | null): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  if (year < 0 || year > 9999) return undefined;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}


/** The user name an address states outright, or undefined (a Scholar user id is not a name). */
function profileUsername(platform: CvProfile['platform'], address: string): string | undefined {
  const url = new URL(address);
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  if (platform === 'orcid' && host === 'orcid.org') {
    return /^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/.exec(segments[0] ?? '')?.[0];
  }
  if (platform === 'github' && host === 'github.com') {
    const login = segments[0] ?? '';
    return /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/.test(login) ? login : undefined;
  }
  if (platform === 'linkedin' && (host === 'linkedin.com' || host.endsWith('.linkedin.com')) && segments[0] === 'in') {
    const handle = segments[1] ?? '';
    return /^[A-Za-z0-9-]{3,100}$/.test(handle) ? handle : undefined;
  }
  return undefined;
}

function profiles(data: CvData, site: string | null, ownUrl: string | undefined): JsonResumeProfile[] {
  const seen = new Set(ownUrl ? [ownUrl] : []);
  const result: JsonResumeProfile[] = [];
  for (const profile of data.profiles) {
    const url = webAddress(profile.url, site);
    // A profile is its address; the site's own address is basics.url already.
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const network = line(profile.label) ?? PROFILE_KIND_LABELS[profile.platform];
    result.push(compact({ network, username: profileUsername(profile.platform, url), url }));
  }
  return result;
}

const STATUS_LABELS: Record<PaperStatus, string | undefined> = {
  published: undefined,
  submitted: 'Under review',
  preprint: 'Preprint',
  draft: 'In preparation',
};

function publications(data: CvData, site: string | null): JsonResumePublication[] {
  return nonEmpty(
    data.publications.flatMap((group) =>
      group.papers.map(({ paper }) => {
        const authors = lineList(paper.authors).join(', ');
        const summary = [authors, STATUS_LABELS[paper.status]].filter(Boolean).join('. ');
        // Cleaned first: doiUrl's encodeURIComponent throws on half a surrogate pair.
        const doi = line(paper.doi);
        const arxivId = line(paper.arxivId);
        return {
          name: line(texToText(paper.title)),
          // The schema's one field for where a work appeared: the whole venue line, so a thesis names its
          // institution and an article its volume and pages, not only a journal some kinds do not have.
          publisher: line(venueLine(paper)),
          releaseDate: jsonResumeDate(paper.date),
          url: (doi && webAddress(doiUrl(doi), site)) || (arxivId && webAddress(arxivUrl(arxivId), site)) || webAddress(paper.link, site),
          summary: summary || undefined,
        };
      }),
    ),
  );
}

function cvEntries(entries: readonly CvEntry[], site: string | null): JsonResumeCvEntry[] {
  return nonEmpty(
    entries.map((entry) => {
      const startDate = jsonResumeDate(entry.start);
      const endDate = jsonResumeDate(entry.end);
      return {
        title: line(entry.title),
        organization: line(entry.place),
        startDate,
        // A single date is a start only; an end is written only after a start it can close.
        endDate: startDate && endDate !== startDate ? endDate : undefined,
        url: webAddress(entry.url, site),
        summary: line(entry.description),
      };
    }),
  );
}

type SectionWriter = (data: CvData, site: string | null) => Partial<JsonResume>;

/** Each CV section as the JSON Resume key(s) it becomes. */
const SECTIONS: Record<CvSectionKey, SectionWriter> = {
  education: (data) => ({
    education: nonEmpty(
      data.education.map((entry) => ({
        institution: line(entry.institution),
        area: line(entry.field),
        studyType: line(entry.degree),
        startDate: yearDate(entry.startYear),
        endDate: yearDate(entry.endYear),
      })),
    ),
  }),
  experience: (data) => ({
    work: nonEmpty(
      data.experience.map((entry) => ({
        name: line(entry.company),
        position: line(entry.title),
        location: line(entry.location),
        startDate: jsonResumeDate(entry.startDate),
        endDate: jsonResumeDate(entry.endDate),
        summary: lines(markupToLines(entry.description, 'simple')),
        highlights: lineList(entry.highlights),
      })),
    ),
  }),
  publications: (data, site) => ({ publications: publications(data, site) }),
  projects: (data, site) => ({
    projects: nonEmpty(
      data.projects.map((project) => ({
        name: line(project.title),
        // Stored as sanitised HTML: its text, one line per block.
        description: lines(htmlToText(project.description)),
        keywords: lineList(project.technologies),
        url: webAddress(project.link, site) ?? webAddress(project.github, site),
      })),
    ),
  }),
  interests: (data) => ({
    interests: nonEmpty(data.interests.map((interest) => ({ name: line(interest.title), summary: line(interest.description) }))),
  }),
  // One entry per skill rather than one { name: 'Skills', keywords } group: the site's skills are single
  // skills, not areas, and that is what `skills[].name` means to tools that read the file (importers, job
  // boards). A group would also print as a "Skills" heading inside the themes' own Skills section.
  skills: (data) => ({ skills: lineList(data.skills).map((name) => ({ name })) }),
  award: (data, site) => ({
    awards: nonEmpty(
      data.entries.award.map((entry) => ({
        title: line(entry.title),
        date: jsonResumeDate(entry.start),
        awarder: line(entry.place),
        url: webAddress(entry.url, site),
        summary: line(entry.description),
      })),
    ),
  }),
  talk: (data, site) => ({ talks: cvEntries(data.entries.talk, site) }),
  teaching: (data, site) => ({ teaching: cvEntries(data.entries.teaching, site) }),
  service: (data, site) => ({ service: cvEntries(data.entries.service, site) }),
};

/** The CV as a JSON Resume v1.0.0 document (see the comment at the top of this file). */
export function toJsonResume(data: CvData, options: JsonResumeOptions): JsonResume {
  const site = options.siteUrl ?? data.website;
  const url = webAddress(site, null);
  const basics: JsonResumeBasics = compact({
    name: line(data.name),
    label: line(data.title),
    email: emailAddress(data.email),
    url,
    summary: line(data.summary),
    profiles: profiles(data, site, url),
  });

  const sections: Partial<JsonResume> = {};
  for (const key of new Set(data.settings.sections)) {
    const writer = SECTIONS[key] as SectionWriter | undefined;
    if (writer) Object.assign(sections, compact(writer(data, site)));
  }

  const meta: JsonResumeMeta = compact({
    canonical: webAddress('/cv.json', url ?? null),
    version: 'v1.0.0' as const,
    lastModified: timestamp(data.updatedAt),
    pdf: webAddress(options.pdfUrl, site),
  });

  return { $schema: JSON_RESUME_SCHEMA_URL, basics, ...sections, meta };
}
