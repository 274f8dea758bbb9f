import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { EmptyState } from '@/components/site/empty-state';
import { ExperienceCard } from '@/components/site/experience/experience-card';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { canonicalMetadata } from '@/lib/canonical';
import { getExperience } from '@/lib/content/experience/queries';
import type { Experience } from '@/lib/content/experience/types';
import { readOr } from '@/lib/content/read';
import { truncate } from '@/lib/format';
import { ownerNameOf } from '@/lib/content/about/types';
import { getAbout } from '@/lib/content/about/queries';

const INTRO = 'Teaching, research and industry positions, most recent first.';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  const [experience, about] = await Promise.all([
    readOr('the experience for the page metadata', getExperience, []),
    readOr('the profile for the page metadata', getAbout, null),
  ]);
  const owner = ownerNameOf(about);
  const roles = experience.map((entry) => `${entry.title} at ${entry.company}`).join('; ');
  return {
    title: 'Experience',
    description: roles ? truncate(owner ? `${owner}'s experience: ${roles}.` : `Experience: ${roles}.`, 160) : INTRO,
    ...(await canonicalMetadata('/experience', parent)),
  };
}

export default function ExperiencePage() {
  return (
    <>
      <PageIntro eyebrow="Career" title="Experience">
        {INTRO}
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading...</LoadingText>}>
          <ExperienceList />
        </ContentBoundary>
      </PageBody>
    </>
  );
}

async function ExperienceList() {
  return (
    <Loaded what="the experience" read={getExperience} failure="Failed to load experience data. Please try again later.">
      {(experience) => <ExperienceEntries experience={experience} />}
    </Loaded>
  );
}

function ExperienceEntries({ experience }: { experience: Experience[] }) {
  if (experience.length === 0) return <EmptyState title="No experience yet" />;
  return (
    <ol className="space-y-6">
      {experience.map((entry) => (
        <li key={entry.id}>
          <ExperienceCard entry={entry} />
        </li>
      ))}
    </ol>
  );
}
