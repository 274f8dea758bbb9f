import 'server-only';
import { Document, Link, Page, Text, View } from '@react-pdf/renderer';
import type { ReactElement, ReactNode } from 'react';

import { absoluteUrl } from '@/lib/absolute-url';
import type { Education, ResearchInterest } from '@/lib/content/about/types';
import type { Experience } from '@/lib/content/experience/types';
import { htmlToText } from '@/lib/content/personal/rules';
import type { Project } from '@/lib/content/projects/types';
import { cvCitationsLine } from '@/lib/content/research/citation-rules';
import { venueLine } from '@/lib/content/research/kinds';
import { linksOf } from '@/lib/content/research/links';
import { arxivUrl, doiUrl } from '@/lib/content/research/scholar';
import type { ResearchPaper } from '@/lib/content/research/types';
import { markupToText } from '@/lib/markup/plain-text';
import { CV_FONT_FAMILY } from './pdf-fonts.mjs';
import { typesetInWorker, type PageNumbers } from './pdf-thread';
import { cvEntryDates, cvMonthRange, cvYearRange, isOwnerAuthor } from './rules';
import { texToText } from './tex-text';
import { CV_SECTION_TITLES, type CvData, type CvEntry, type CvRowSection, type CvPublicationGroup, type CvSectionKey } from './types';

/*
 * The `/cv.pdf` file (docs/product.md, "The CV"): the CV model (lib/cv/types.ts) laid out by react-pdf, in
 * DejaVu Serif (lib/cv/pdf-fonts.mjs), TeX formulas as Unicode text (lib/cv/tex-text.ts). Server-only.
 *
 * Everything below is built by plain functions that return react-pdf's own elements (strings such as
 * 'VIEW'), never by components of this module: the tree holds no function of ours, so it crosses to the
 * worker thread that typesets it as plain data (lib/cv/pdf-thread.ts), and it does not matter which copy of
 * React created the elements.
 */

const COLOURS = { text: '#1a1a1a', muted: '#555555', rule: '#9a9a9a', link: '#1d4f91' };

/** The PDF's page sizes in points, as react-pdf names them: A4 is 595.28 × 841.89, US Letter 612 × 792. */
const PAGE_SIZES = { a4: 'A4', letter: 'LETTER' } as const;

/** Points a section heading needs below it on its page (itself and two lines of its first entry), else it moves on. */
const HEADING_PRESENCE = 44;
/** The same for a publication group's heading and for an entry's first line before its text. */
const SUBHEADING_PRESENCE = 30;
/**
 * An entry shorter than this (in characters) is kept on one page; a longer one may break across pages, as
 * a block that cannot break and is taller than a page would be cut off at its foot.
 */
const KEEP_TOGETHER_CHARS = 900;
/** A project's description in the CV: its text cut at a word to at most this many characters. */
const PROJECT_DESCRIPTION_CHARS = 320;

const styles = {
  page: {
    fontFamily: CV_FONT_FAMILY,
    fontSize: 10,
    // No lineHeight anywhere (DejaVu's own, about 1.16): react-pdf 4.9 resolves styles again each time it lays
    // out a page (the fixed footer is on every page), and a lineHeight is multiplied by the font size each
    // time, until the footer's text is drawn off the page and then pdfkit refuses the numbers.
    color: COLOURS.text,
    paddingTop: 50,
    paddingBottom: 62,
    paddingHorizontal: 56,
  },
  footer: {
    position: 'absolute' as const,
    bottom: 28,
    left: 56,
    right: 56,
    flexDirection: 'row' as const,
    justifyContent: 'space-between' as const,
    fontSize: 8,
    color: COLOURS.muted,
  },
  name: { fontSize: 21, fontWeight: 700 },
  title: { fontSize: 11.5, fontStyle: 'italic' as const, marginTop: 2 },
  contact: { fontSize: 9, marginTop: 5, color: COLOURS.muted },
  summary: { marginTop: 8 },
  heading: {
    marginTop: 14,
    fontSize: 12,
    fontWeight: 700,
    paddingBottom: 2,
    marginBottom: 6,
    borderBottomWidth: 0.75,
    borderBottomColor: COLOURS.rule,
  },
  group: { fontSize: 10.5, fontWeight: 700, fontStyle: 'italic' as const, marginTop: 4, marginBottom: 3 },
  entry: { marginBottom: 6 },
  row: { flexDirection: 'row' as const },
  grow: { flexGrow: 1, flexShrink: 1, flexBasis: 0 },
  date: { flexShrink: 0, marginLeft: 10, textAlign: 'right' as const, color: COLOURS.muted },
  dateColumn: { width: 100, flexShrink: 0, color: COLOURS.muted },
  number: { width: 30, flexShrink: 0, color: COLOURS.muted },
  bold: { fontWeight: 700 },
  italic: { fontStyle: 'italic' as const },
  muted: { color: COLOURS.muted },
  small: { fontSize: 9 },
  link: { color: COLOURS.link, textDecoration: 'none' as const },
  bullet: { width: 10, flexShrink: 0 },
};

/**
 * 'Page n of m' on the footer's line, right-aligned at its right margin: the footer's box ends 28 pt above the
 * foot, and DejaVu's descent (0.236 em) puts an 8 pt line's baseline 1.9 pt above that.
 */
const PAGE_NUMBERS: PageNumbers = {
  right: 56,
  baseline: 28 + 0.236 * 8,
  size: 8,
  color: [0x55 / 255, 0x55 / 255, 0x55 / 255],
};

/** What the caller may add to the model: the name the PDF's Creator gives (the site's title). */
export interface CvPdfOptions {
  siteName?: string;
}

/** The PDF's Producer names the software that wrote the file (the PDF standard's meaning), never the owner. */
const PRODUCER = 'react-pdf';

/** '<name> — CV' for the PDF's title; 'CV' alone without a name. */
function documentTitle(name: string): string {
  return name ? `${name} — CV` : 'CV';
}

/** The ISO time as a date, or undefined when it is missing or unreadable (react-pdf then uses the present). */
function dateOf(iso: string | null): Date | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** An address without its scheme, for display: 'https://alex.example/' → 'alex.example'. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/^mailto:/i, '').replace(/\/$/, '');
}

function link(href: string, text: string, key?: string): ReactElement {
  return (
    <Link key={key} src={href} style={styles.link}>
      {text}
    </Link>
  );
}

/** Children separated by ' · ' (a contact line, a list of links). */
function dotted(items: ReactNode[]): ReactNode[] {
  return items.flatMap((item, index) => (index === 0 ? [item] : [' · ', item]));
}

/** Text cut at a word to at most `max` characters, an ellipsis marking the cut. */
function shorten(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A project's description (sanitised HTML) as one line of plain text, formulas as Unicode. */
function projectText(html: string): string {
  return texToText(htmlToText(html).replace(/\s*\n\s*/g, ' ').trim());
}

/** Whether an entry of this much text is kept on one page (see KEEP_TOGETHER_CHARS). */
function keepTogether(...texts: readonly string[]): boolean {
  return texts.reduce((sum, text) => sum + text.length, 0) < KEEP_TOGETHER_CHARS;
}

function header(data: CvData): ReactElement {
  const website = data.website ? absoluteUrl(data.website, undefined) : null;
  const contacts: ReactNode[] = [];
  if (data.email.trim()) contacts.push(link(`mailto:${data.email.trim()}`, data.email.trim(), 'email'));
  if (website) contacts.push(link(website, displayUrl(website), 'website'));
  data.profiles.forEach((profile, index) => {
    const href = absoluteUrl(profile.url, data.website ?? undefined);
    const label = profile.label.trim() || (href ? displayUrl(href) : '');
    if (href && label) contacts.push(link(href, label, `profile-${index}`));
  });
  return (
    <View>
      <Text style={styles.name}>{data.name.trim() || 'Curriculum Vitae'}</Text>
      {data.title.trim() ? <Text style={styles.title}>{texToText(data.title.trim())}</Text> : null}
      {contacts.length > 0 ? <Text style={styles.contact}>{dotted(contacts)}</Text> : null}
      {data.summary.trim() ? <Text style={styles.summary}>{texToText(data.summary.trim())}</Text> : null}
    </View>
  );
}

/**
 * A section: its heading, then its entries, all directly on the page. react-pdf's paginator keeps the
 * space after a heading (minPresenceAhead) free of page breaks only when it may break before the heading,
 * which it never does for the first child of a box: a heading wrapped in a section View could still be
 * left alone at the foot of a page.
 */
function section(key: CvSectionKey, entries: ReactNode[]): ReactNode[] {
  if (entries.length === 0) return [];
  return [
    <Text key={`${key}-heading`} style={styles.heading} minPresenceAhead={HEADING_PRESENCE}>
      {CV_SECTION_TITLES[key]}
    </Text>,
    ...entries,
  ];
}

/** A right-aligned date beside the entry's first lines. */
function dated(body: ReactNode, date: string): ReactElement {
  return (
    <View style={styles.row}>
      <View style={styles.grow}>{body}</View>
      {date ? <Text style={styles.date}>{date}</Text> : null}
    </View>
  );
}

function educationEntry(item: Education, index: number): ReactElement {
  const degree = [item.degree.trim(), item.field.trim()].filter(Boolean).join(', ');
  return (
    <View key={`education-${index}`} style={styles.entry} wrap={false}>
      {dated(
        <>
          {degree ? <Text style={styles.bold}>{texToText(degree)}</Text> : null}
          {item.institution.trim() ? <Text style={styles.italic}>{item.institution.trim()}</Text> : null}
        </>,
        cvYearRange(item.startYear, item.endYear),
      )}
    </View>
  );
}

/** Lines of plain text from markup: '• ' items with a hanging indent, paragraphs as they are. */
function markupLines(markup: string, keyPrefix: string): ReactElement[] {
  return markupToText(markup)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) =>
      line.startsWith('• ') ? (
        <View key={`${keyPrefix}-${index}`} style={styles.row}>
          <Text style={styles.bullet}>•</Text>
          <Text style={styles.grow}>{line.slice(2)}</Text>
        </View>
      ) : (
        <Text key={`${keyPrefix}-${index}`}>{line}</Text>
      ),
    );
}

/**
 * A position: its title, place and dates, its description as plain lines and its highlights as bullets. A
 * short one is kept on one page; a long one is laid out as parts directly on the page, its heading kept with
 * the first lines after it (see section()).
 */
function experienceEntry(item: Experience, index: number): ReactNode[] {
  const where = [item.company.trim(), item.location.trim()].filter(Boolean).join(', ');
  const highlights = item.highlights.map((highlight) => markupToText(highlight).replace(/\s*\n\s*/g, ' ').trim()).filter(Boolean);
  const key = `experience-${index}`;
  const parts = [
    <View key={`${key}-heading`} minPresenceAhead={SUBHEADING_PRESENCE}>
      {dated(
        <>
          <Text style={styles.bold}>{texToText(item.title.trim())}</Text>
          {where ? <Text style={styles.italic}>{where}</Text> : null}
        </>,
        cvMonthRange(item.startDate, item.endDate),
      )}
    </View>,
    ...markupLines(item.description, `${key}-line`),
    ...highlights.map((highlight, highlightIndex) => (
      <View key={`${key}-highlight-${highlightIndex}`} style={styles.row}>
        <Text style={styles.bullet}>•</Text>
        <Text style={styles.grow}>{highlight}</Text>
      </View>
    )),
  ];
  if (keepTogether(item.title, where, item.description, ...highlights)) {
    return [
      <View key={key} style={styles.entry} wrap={false}>
        {parts}
      </View>,
    ];
  }
  return [...parts, <View key={`${key}-end`} style={styles.entry} />];
}

/** The authors, the owner emphasised wherever they appear ('E. Noether', 'Noether, Emmy', 'Emmy Noether'). */
function authorList(authors: readonly string[], owner: string): ReactNode[] {
  const names = authors.map((author) => author.trim()).filter(Boolean);
  return names.flatMap((author, index) => {
    const name = isOwnerAuthor(author, owner) ? (
      <Text key={`author-${index}`} style={styles.bold}>
        {author}
      </Text>
    ) : (
      author
    );
    return index === 0 ? [name] : [', ', name];
  });
}

function paperEntry(paper: ResearchPaper, number: number, owner: string): ReactElement {
  const title = texToText(paper.title.trim());
  const year = /^\d{4}/.exec(paper.date)?.[0] ?? '';
  const venue = [venueLine(paper), year].filter(Boolean).join(', ');
  const links: ReactNode[] = [];
  if (paper.doi) links.push(link(doiUrl(paper.doi), `doi:${paper.doi}`, 'doi'));
  if (paper.arxivId) links.push(link(arxivUrl(paper.arxivId), `arXiv:${paper.arxivId}`, 'arxiv'));
  if (links.length === 0 && paper.link) {
    const href = absoluteUrl(paper.link, undefined);
    if (href) links.push(link(href, displayUrl(href), 'link'));
  }
  // Its code, data, slides, … (issue 45), each under its name; a file of the site's own only when its address is known.
  for (const { key, label, href } of linksOf(paper)) {
    const address = absoluteUrl(href, undefined);
    if (address) links.push(link(address, label, key));
  }
  const authors = authorList(paper.authors, owner);
  return (
    <View key={`paper-${paper.id}-${number}`} style={[styles.entry, styles.row]} wrap={!keepTogether(title, venue, ...paper.authors)}>
      <Text style={styles.number}>[{number}]</Text>
      <View style={styles.grow}>
        <Text>
          {authors.length > 0 ? <>{authors}{paper.note ? ` (${paper.note})` : ''}. </> : null}
          <Text style={styles.italic}>{title || 'Untitled'}</Text>
          {venue ? `. ${venue}.` : '.'}
        </Text>
        {links.length > 0 ? <Text style={styles.small}>{dotted(links)}</Text> : null}
      </View>
    </View>
  );
}

/** Publications by group (Published, Under review & preprints, In preparation), each under its own heading. */
function publicationEntries(groups: readonly CvPublicationGroup[], owner: string): ReactNode[] {
  return groups
    .filter((group) => group.papers.length > 0)
    .flatMap((group) => [
      <Text key={`group-${group.key}`} style={styles.group} minPresenceAhead={SUBHEADING_PRESENCE}>
        {group.title}
      </Text>,
      ...group.papers.map(({ number, paper }) => paperEntry(paper, number, owner)),
    ]);
}

function projectEntry(project: Project, index: number, website: string | undefined): ReactElement {
  const description = shorten(projectText(project.description), PROJECT_DESCRIPTION_CHARS);
  const href = [project.link, project.github].map((url) => (url ? absoluteUrl(url, website) : null)).find(Boolean) ?? null;
  const technologies = project.technologies.map((technology) => technology.trim()).filter(Boolean).join(', ');
  return (
    <View key={`project-${index}`} style={styles.entry} wrap={false}>
      <Text>
        <Text style={styles.bold}>{texToText(project.title.trim())}</Text>
        {technologies ? <Text style={styles.muted}> — {technologies}</Text> : null}
      </Text>
      {description ? <Text>{description}</Text> : null}
      {href ? <Text style={styles.small}>{link(href, displayUrl(href))}</Text> : null}
    </View>
  );
}

function interestEntry(interest: ResearchInterest, index: number): ReactElement {
  const title = texToText(interest.title.trim());
  const description = texToText(interest.description.trim());
  return (
    <View key={`interest-${index}`} style={styles.entry} wrap={!keepTogether(title, description)}>
      <Text>
        <Text style={styles.bold}>{title}</Text>
        {description ? ` — ${description}` : null}
      </Text>
    </View>
  );
}

function cvEntry(entry: CvEntry, index: number, website: string | undefined): ReactElement {
  const title = texToText(entry.title.trim());
  const description = texToText(entry.description.trim());
  const href = entry.url ? absoluteUrl(entry.url, website) : null;
  return (
    <View key={`${entry.category}-${index}`} style={[styles.entry, styles.row]} wrap={!keepTogether(title, entry.place, description)}>
      <Text style={styles.dateColumn}>{cvEntryDates(entry)}</Text>
      <View style={styles.grow}>
        <Text>
          <Text style={styles.bold}>{title}</Text>
          {entry.place.trim() ? <Text style={styles.italic}>, {entry.place.trim()}</Text> : null}
        </Text>
        {description ? <Text>{description}</Text> : null}
        {href ? <Text style={styles.small}>{link(href, displayUrl(href))}</Text> : null}
      </View>
    </View>
  );
}

function isEntryCategory(key: CvSectionKey): key is CvRowSection {
  return key === 'award' || key === 'talk' || key === 'teaching' || key === 'service';
}

/** One section's entries, in the model's order; none for an empty section (which is then left out). */
function sectionEntries(key: CvSectionKey, data: CvData): ReactNode[] {
  const website = data.website ?? undefined;
  if (isEntryCategory(key)) return (data.entries[key] ?? []).map((entry, index) => cvEntry(entry, index, website));
  switch (key) {
    case 'education':
      return data.education.map(educationEntry);
    case 'experience':
      return data.experience.flatMap(experienceEntry);
    case 'publications':
      return [
        ...(data.citations
          ? [
              <Text key="citations" style={styles.muted}>
                {cvCitationsLine(data.citations)}
              </Text>,
            ]
          : []),
        ...publicationEntries(data.publications, data.name),
      ];
    case 'projects':
      return data.projects.map((project, index) => projectEntry(project, index, website));
    case 'interests':
      return data.interests.map(interestEntry);
    case 'skills': {
      const skills = data.skills.map((skill) => skill.trim()).filter(Boolean);
      return skills.length > 0 ? [<Text key="skills">{texToText(skills.join(', '))}</Text>] : [];
    }
    default:
      return [];
  }
}

/** What renderToBuffer takes: a <Document> element. */

function cvDocument(data: CvData, siteName: string): ReactElement {
  const name = data.name.trim();
  const updated = dateOf(data.updatedAt);
  const sections = [...new Set(data.settings.sections)].flatMap((key) => section(key, sectionEntries(key, data)));
  return (
    <Document
      title={documentTitle(name)}
      author={name || undefined}
      subject={name ? `Curriculum vitae of ${name}` : 'Curriculum vitae'}
      creator={siteName}
      producer={PRODUCER}
      language="en"
      creationDate={updated}
      modificationDate={updated}
    >
      <Page size={PAGE_SIZES[data.settings.paperSize] ?? 'A4'} style={styles.page}>
        {/* 'Page n of m' goes on the right of this line, written by the worker after typesetting (PAGE_NUMBERS). */}
        <View fixed style={styles.footer}>
          <Text>{name}</Text>
        </View>
        {header(data)}
        {sections}
      </Page>
    </Document>
  );
}

/**
 * The CV as a PDF file: name, title, contact line and summary, then the sections in the owner's order
 * (empty ones left out), every page with the owner's name and 'Page n of m' at its foot, no heading left
 * at the foot of a page. Paper and entry titles go through texToText, markup through markupToText: the
 * file holds text, searchable and copyable, in fonts embedded in it. The same content gives the same bytes
 * (the dates are the content's own), so the file's hash is a stable ETag.
 *
 * Laying out is synchronous JavaScript that grows with the CV's length (docs/architecture.md, "Measurements").
 * It runs in a worker thread (lib/cv/pdf-thread.ts), so the server's event loop keeps answering meanwhile;
 * this thread only builds the elements. The worker's first document also reads the fonts.
 */
export async function renderCvPdf(data: CvData, options: CvPdfOptions = {}): Promise<Uint8Array> {
  const siteName = options.siteName?.trim() || data.name.trim() || 'Curriculum vitae';
  return typesetInWorker(cvDocument(data, siteName), PAGE_NUMBERS);
}
