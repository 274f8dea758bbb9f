import { Suspense } from 'react';
import type { Metadata } from 'next';
import { connection } from 'next/server';

import { AboutProfile } from '@/components/site/about/about-profile';
import { splitParagraphs } from '@/components/site/about/format';
import { LoadErrorToast } from '@/components/site/load-error-toast';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { getAbout } from '@/lib/content/about';
import { getExperience } from '@/lib/content/experience';
import { truncate } from '@/lib/format';
import { SITE } from '@/lib/site';

/** Search-result snippets show about this many characters. */
const DESCRIPTION_LENGTH = 160;

export async function generateMetadata(): Promise<Metadata> {
  // The description comes from the stored biography: request-time data, never read during the build.
  await connection();
  try {
    const about = await getAbout();
    const name = about?.name.trim() || SITE.ownerName;
    const firstParagraph = splitParagraphs(about?.bio ?? '')[0];
    return {
      title: `About ${name}`,
      description: firstParagraph ? truncate(firstParagraph, DESCRIPTION_LENGTH) : SITE.description,
    };
  } catch (error) {
    console.error('About metadata: could not load the profile', error);
    return { title: 'About', description: SITE.description };
  }
}

export default function AboutPage() {
  return (
    <>
      <PageIntro eyebrow="About" title="About Me">
        Background, education and the questions that keep me busy.
      </PageIntro>
      <PageBody>
        <Suspense fallback={<LoadingText>Loading profile data...</LoadingText>}>
          <AboutContent />
        </Suspense>
      </PageBody>
    </>
  );
}

async function AboutContent() {
  await connection();
  const data = await Promise.all([getAbout(), getExperience()]).catch((error: unknown) => {
    console.error('About page: could not load the profile', error);
    return null;
  });
  if (!data) return <LoadErrorToast message="Failed to load page data" />;
  const [about, experience] = data;
  return <AboutProfile about={about} experience={experience} />;
}
