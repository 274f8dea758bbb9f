import { Suspense } from 'react';
import type { Metadata } from 'next';
import { connection } from 'next/server';

import { EmptyState } from '@/components/site/empty-state';
import { ExperienceCard } from '@/components/site/experience/experience-card';
import { LoadErrorToast } from '@/components/site/load-error-toast';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { getExperience } from '@/lib/content/experience';
import { truncate } from '@/lib/format';
import { SITE } from '@/lib/site';

const INTRO = 'Teaching, research and industry positions, most recent first.';

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const experience = await getExperience().catch((error: unknown) => {
    console.error('Experience metadata: could not load the experience', error);
    return [];
  });
  const roles = experience.map((entry) => `${entry.title} at ${entry.company}`).join('; ');
  return {
    title: 'Experience',
    description: roles ? truncate(`${SITE.ownerName}'s experience: ${roles}.`, 160) : INTRO,
  };
}

export default function ExperiencePage() {
  return (
    <>
      <PageIntro eyebrow="Career" title="Experience">
        {INTRO}
      </PageIntro>
      <PageBody>
        <Suspense fallback={<LoadingText>Loading...</LoadingText>}>
          <ExperienceList />
        </Suspense>
      </PageBody>
    </>
  );
}

async function ExperienceList() {
  await connection();
  const experience = await getExperience().catch((error: unknown) => {
    console.error('Experience page: could not load the experience', error);
    return null;
  });
  if (experience === null) return <LoadErrorToast message="Failed to load experience data. Please try again later." />;
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
