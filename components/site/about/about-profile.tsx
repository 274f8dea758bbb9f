import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { ArrowRight, Briefcase, Download, GraduationCap, Lightbulb, type SiteIcon } from '@/components/site/icons';

import { FallbackImage, LARGEST_PAINT } from '@/components/site/fallback-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { About, ResearchInterest } from '@/lib/content/about/types';
import type { Experience } from '@/lib/content/experience/types';
import { ownerNameOf } from '@/lib/content/about/types';
import { monthRange } from '@/lib/content/experience/rules';
import { degreeInField, splitParagraphs, yearRange } from '@/lib/content/about/rules';

/** Shown when the owner has stored no research interests (docs/product.md §2). */
const DEFAULT_INTERESTS: readonly ResearchInterest[] = [
  {
    title: 'Geometric Analysis',
    description: 'Partial differential equations on curved spaces, and what they reveal about the geometry itself.',
  },
  {
    title: 'Topological Data Analysis',
    description: 'Persistent homology and the shape of data: features that survive across scales.',
  },
  {
    title: 'Computational Mathematics',
    description: 'Numerical experiments that suggest conjectures and check them before a proof is attempted.',
  },
  {
    title: 'Mathematical Foundations of Machine Learning',
    description: 'Approximation, optimisation and generalisation, stated and proved as mathematics.',
  },
];

export function AboutProfile({ about, experience }: { about: About | null; experience: Experience[] }) {
  const name = ownerNameOf(about);
  const paragraphs = splitParagraphs(about?.bio ?? '');
  const skills = about?.skills ?? [];
  const education = about?.education ?? [];
  const interests = about?.researchInterests.length ? about.researchInterests : DEFAULT_INTERESTS;

  return (
    <div className="space-y-20">
      <div className="grid gap-10 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] lg:gap-16">
        <aside className="space-y-8">
          <div className="relative aspect-square overflow-hidden rounded-2xl border border-border bg-card shadow-xl shadow-black/30">
            <FallbackImage
              src={about?.imageUrl}
              alt={`Portrait of ${name || 'the site’s owner'}`}
              fill
              {...LARGEST_PAINT}
              sizes="(min-width: 768px) 18rem, 100vw"
              className="object-cover"
            />
          </div>
          {skills.length > 0 ? (
            <section aria-labelledby="skills-heading">
              <h2 id="skills-heading" className="eyebrow text-foreground">
                Skills
              </h2>
              <ul className="mt-4 flex flex-wrap gap-2">
                {skills.map((skill) => (
                  <li key={skill}>
                    <Badge variant="secondary" className="px-2.5 py-1 text-[0.8rem]">
                      {skill}
                    </Badge>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>

        <section aria-labelledby="bio-heading" className="min-w-0">
          <h2 id="bio-heading" className="font-serif text-3xl font-semibold tracking-tight break-words">
            {name || 'About me'}
          </h2>
          {about?.title.trim() ? <p className="mt-2 text-lg text-primary">{about.title}</p> : null}
          <div className="mt-6 space-y-5 text-base leading-8 text-foreground/85">
            {paragraphs.map((paragraph, index) => (
              // Paragraphs have no identity of their own; their order is the identity.
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <div className="mt-8 flex flex-wrap gap-2">
            <Button asChild size="sm">
              <a href="/cv.pdf" download>
                <Download aria-hidden="true" />
                Download CV
              </a>
            </Button>
            <Button asChild size="sm" variant="outline">
              <Link href="/cv">View CV</Link>
            </Button>
          </div>
        </section>
      </div>

      {education.length > 0 ? (
        <Section id="education" icon={GraduationCap} title="Education">
          <ol className="relative space-y-8 border-l border-border pl-8">
            {education.map((entry, index) => (
              <li key={`${entry.institution}-${entry.startYear}-${index}`} className="relative">
                <TimelineDot />
                <h3 className="font-serif text-xl font-semibold">{degreeInField(entry)}</h3>
                <p className="mt-1 text-muted-foreground">{entry.institution}</p>
                <p className="mt-1 text-sm text-primary/90 tabular-nums">{yearRange(entry)}</p>
              </li>
            ))}
          </ol>
        </Section>
      ) : null}

      {experience.length > 0 ? (
        <Section id="work-experience" icon={Briefcase} title="Work Experience">
          <ol className="relative space-y-8 border-l border-border pl-8">
            {experience.map((entry) => (
              <li key={entry.id} className="relative">
                <TimelineDot />
                <h3 className="font-serif text-xl font-semibold">{entry.title}</h3>
                <p className="mt-1 text-muted-foreground">
                  {entry.company}
                  {entry.location ? <span className="text-muted-foreground/70"> · {entry.location}</span> : null}
                </p>
                <p className="mt-1 text-sm text-primary/90">{monthRange(entry.startDate, entry.endDate)}</p>
              </li>
            ))}
          </ol>
          <Link
            href="/experience"
            className="mt-8 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary hover:underline"
          >
            Full experience
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </Section>
      ) : null}

      <Section id="research-interests" icon={Lightbulb} title="Research Interests">
        <ul className="grid gap-5 sm:grid-cols-2">
          {interests.map((interest) => (
            <li
              key={interest.title}
              className="rounded-xl border border-border bg-card p-6 transition-colors hover:border-primary/40"
            >
              <h3 className="font-serif text-lg font-semibold">{interest.title}</h3>
              {interest.description ? (
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{interest.description}</p>
              ) : null}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function Section({ id, icon: Icon, title, children }: { id: string; icon: SiteIcon; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-8 flex items-center gap-3 font-serif text-2xl font-semibold tracking-tight">
        <span className="grid size-9 place-items-center rounded-lg bg-primary/10 text-primary ring-1 ring-primary/30">
          <Icon aria-hidden="true" className="size-[1.125rem]" />
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

function TimelineDot() {
  return (
    <span
      aria-hidden="true"
      className="absolute top-2 -left-[2.34rem] size-3 rounded-full border-2 border-primary bg-background"
    />
  );
}
