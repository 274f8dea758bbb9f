import type { ReactNode } from 'react';

import { Download, ExternalLink, Mail } from '@/components/site/icons';
import { SimpleMarkup } from '@/components/site/simple-markup';
import { Button } from '@/components/ui/button';
import { htmlToText } from '@/lib/content/personal/rules';
import { cvCitationsLine, type CitationTotals } from '@/lib/content/research/citation-rules';
import { venueLine, type PaperVenue } from '@/lib/content/research/kinds';
import { linksOf } from '@/lib/content/research/links';
import { arxivUrl, doiUrl } from '@/lib/content/research/scholar';
import { cvEntryDates, cvMonthRange, cvYearRange, isOwnerAuthor } from '@/lib/cv/rules';
import { texToText } from '@/lib/cv/tex-text';
import { CV_SECTION_TITLES, type CvData, type CvEntry, type CvSectionKey } from '@/lib/cv/types';

const LINK = 'text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary';

/**
 * The CV as a page (docs/product.md, "The CV"): the owner's name, title, contact and profiles, the summary,
 * then the sections in the order Admin Settings gives, each left out when it has nothing to show. The PDF
 * (/cv.pdf) and JSON Resume (/cv.json) are made from the same data.
 */
export function CvDocument({ cv }: { cv: CvData }) {
  const sections = cv.settings.sections.map((key) => ({ key, body: sectionBody(cv, key) })).filter((section) => section.body !== null);
  return (
    <article aria-labelledby="cv-name" className="mx-auto max-w-3xl">
      <header className="border-b border-border pb-8">
        <h2 id="cv-name" className="font-serif text-3xl font-semibold tracking-tight">
          {cv.name}
        </h2>
        {cv.title ? <p className="mt-2 text-lg text-foreground/85">{cv.title}</p> : null}
        <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
          {cv.email ? (
            <li className="flex items-center gap-1.5">
              <Mail aria-hidden="true" className="size-4 text-primary" />
              <a href={`mailto:${cv.email}`} className={LINK}>
                {cv.email}
              </a>
            </li>
          ) : null}
          {cv.website ? (
            <li>
              <a href={cv.website} className={LINK}>
                {cv.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
              </a>
            </li>
          ) : null}
          {cv.profiles.map((profile) => (
            <li key={profile.url}>
              <a href={profile.url} className={LINK} rel="noopener noreferrer" target="_blank">
                {profile.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap gap-2">
          <Button asChild size="sm">
            <a href="/cv.pdf" download>
              <Download aria-hidden="true" />
              Download CV (PDF)
            </a>
          </Button>
          <Button asChild size="sm" variant="outline">
            <a href="/cv.json" type="application/json">
              JSON Resume
            </a>
          </Button>
        </div>
        {cv.summary ? <p className="mt-6 leading-relaxed text-foreground/85">{cv.summary}</p> : null}
      </header>
      {sections.length === 0 ? <p className="mt-8 text-muted-foreground">Nothing to show yet.</p> : null}
      {sections.map(({ key, body }) => (
        <section key={key} aria-labelledby={`cv-${key}`} className="mt-10">
          <h2 id={`cv-${key}`} className="border-b border-border/70 pb-2 font-serif text-2xl font-semibold tracking-tight">
            {CV_SECTION_TITLES[key]}
          </h2>
          <div className="mt-5">{body}</div>
        </section>
      ))}
    </article>
  );
}

/** A section's content, or null when it has nothing to show (the section is then left out). */
function sectionBody(cv: CvData, key: CvSectionKey): ReactNode | null {
  switch (key) {
    case 'education':
      return cv.education.length === 0 ? null : (
        <Rows>
          {cv.education.map((entry, index) => (
            <Row key={index} when={cvYearRange(entry.startYear, entry.endYear)}>
              <p className="font-medium">{[entry.degree, entry.field].filter(Boolean).join(', ')}</p>
              <p className="text-sm text-muted-foreground">{entry.institution}</p>
            </Row>
          ))}
        </Rows>
      );
    case 'experience':
      return cv.experience.length === 0 ? null : (
        <Rows>
          {cv.experience.map((entry) => (
            <Row key={entry.id} when={cvMonthRange(entry.startDate, entry.endDate)}>
              <p className="font-medium">{entry.title}</p>
              <p className="text-sm text-muted-foreground">{[entry.company, entry.location].filter(Boolean).join(', ')}</p>
              {entry.description ? <SimpleMarkup source={entry.description} className="mt-2 text-sm text-foreground/80" /> : null}
              {entry.highlights.length > 0 ? (
                <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-foreground/80">
                  {entry.highlights.map((highlight, index) => (
                    <li key={index}>{highlight}</li>
                  ))}
                </ul>
              ) : null}
            </Row>
          ))}
        </Rows>
      );
    case 'publications':
      return cv.publications.length === 0 ? null : (
        <div className="space-y-8">
          {cv.citations ? <CvCitations totals={cv.citations} /> : null}
          {cv.publications.map((group) => (
            <section key={group.key} aria-labelledby={`cv-publications-${group.key}`}>
              <h3 id={`cv-publications-${group.key}`} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {group.title}
              </h3>
              <ol className="mt-3 space-y-4">
                {group.papers.map(({ number, paper }) => (
                  <li key={paper.id} className="grid grid-cols-[3rem_1fr] gap-2">
                    <span className="text-sm text-muted-foreground tabular-nums">[{number}]</span>
                    <div className="text-sm leading-relaxed">
                      <p>
                        <Authors authors={paper.authors} owner={cv.name} />
                        {paper.authors.length > 0 ? (paper.note ? ` (${paper.note}). ` : '. ') : null}
                        <a href={`/research/${paper.id}`} className="font-medium text-foreground hover:underline">
                          {texToText(paper.title)}
                        </a>
                        .{' '}
                        <Venue paper={paper} />
                        {paper.date.slice(0, 4)}.
                      </p>
                      {paper.doi || paper.arxivId || linksOf(paper).length > 0 ? (
                        <p className="mt-1 flex flex-wrap gap-x-4 text-muted-foreground">
                          {paper.doi ? (
                            <a href={doiUrl(paper.doi)} className={LINK} rel="noopener noreferrer" target="_blank">
                              doi:{paper.doi}
                            </a>
                          ) : null}
                          {paper.arxivId ? (
                            <a href={arxivUrl(paper.arxivId)} className={LINK} rel="noopener noreferrer" target="_blank">
                              arXiv:{paper.arxivId}
                            </a>
                          ) : null}
                          {linksOf(paper).map((item) => (
                            <a key={item.key} href={item.href} className={LINK} rel="noopener noreferrer" target="_blank">
                              {item.label}
                            </a>
                          ))}
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            </section>
          ))}
        </div>
      );
    case 'projects':
      return cv.projects.length === 0 ? null : (
        <ul className="space-y-4">
          {cv.projects.map((project) => {
            const href = project.link ?? project.github;
            return (
              <li key={project.id} className="text-sm leading-relaxed">
                <p className="font-medium">
                  {href ? (
                    <a href={href} className={LINK} rel="noopener noreferrer" target="_blank">
                      {texToText(project.title)}
                      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5" />
                    </a>
                  ) : (
                    texToText(project.title)
                  )}
                  {project.technologies.length > 0 ? <span className="font-normal text-muted-foreground"> · {project.technologies.join(', ')}</span> : null}
                </p>
                {project.description ? <p className="mt-1 text-foreground/80">{texToText(htmlToText(project.description))}</p> : null}
              </li>
            );
          })}
        </ul>
      );
    case 'interests':
      return cv.interests.length === 0 ? null : (
        <ul className="space-y-2 text-sm leading-relaxed">
          {cv.interests.map((interest, index) => (
            <li key={index}>
              <span className="font-medium">{texToText(interest.title)}</span>
              {interest.description ? <span className="text-foreground/80">: {texToText(interest.description)}</span> : null}
            </li>
          ))}
        </ul>
      );
    case 'skills':
      return cv.skills.length === 0 ? null : <p className="text-sm leading-relaxed">{cv.skills.join(', ')}</p>;
    default:
      return cv.entries[key].length === 0 ? null : <EntryRows entries={cv.entries[key]} />;
  }
}

function EntryRows({ entries }: { entries: CvEntry[] }) {
  return (
    <Rows>
      {entries.map((entry) => (
        <Row key={entry.id} when={cvEntryDates(entry)}>
          <p className="font-medium">
            {entry.url ? (
              <a href={entry.url} className={LINK} rel="noopener noreferrer" target="_blank">
                {texToText(entry.title)}
              </a>
            ) : (
              texToText(entry.title)
            )}
          </p>
          {entry.place ? <p className="text-sm text-muted-foreground">{entry.place}</p> : null}
          {entry.description ? <p className="mt-1 text-sm text-foreground/80">{texToText(entry.description)}</p> : null}
        </Row>
      ))}
    </Rows>
  );
}

function Rows({ children }: { children: ReactNode }) {
  return <ul className="space-y-5">{children}</ul>;
}

/** A dated row: the dates in a narrow column beside the text on wide screens, above it on phones. */
function Row({ when, children }: { when: string; children: ReactNode }) {
  return (
    <li className="grid gap-1 sm:grid-cols-[9.5rem_1fr] sm:gap-4">
      <p className="text-sm text-muted-foreground tabular-nums">{when}</p>
      <div className="min-w-0 break-words">{children}</div>
    </li>
  );
}

/**
 * Where a paper appeared, as one line for every kind (a journal's volume and pages, a thesis's institution, a
 * book's publisher), and the comma before its year; nothing when it names no venue.
 */
function Venue({ paper }: { paper: PaperVenue }) {
  const venue = venueLine(paper);
  return venue ? (
    <>
      <em>{venue}</em>,{' '}
    </>
  ) : null;
}

/** The authors, the owner's name in bold (matched by family name and initial). */
function Authors({ authors, owner }: { authors: readonly string[]; owner: string }) {
  return (
    <>
      {authors.map((author, index) => (
        <span key={index}>
          {index > 0 ? (index === authors.length - 1 ? ' and ' : ', ') : null}
          {isOwnerAuthor(author, owner) ? <strong className="font-semibold">{author}</strong> : author}
        </span>
      ))}
    </>
  );
}

/** The CV's citations line (cvCitationsLine): the papers listed, when the owner shows their counts on the CV. */
function CvCitations({ totals }: { totals: CitationTotals }) {
  return (
    <p className="text-sm text-muted-foreground tabular-nums" data-cv-citations={totals.citations}>
      {cvCitationsLine(totals)}
    </p>
  );
}
