import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { AboutProfile } from '@/components/site/about/about-profile';
import { canonicalMetadata } from '@/lib/canonical';
import { splitParagraphs } from '@/lib/content/about/rules';
import { Loaded } from '@/components/site/loaded';
import { OwnerJsonLd } from '@/components/site/owner-json-ld';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { getAbout } from '@/lib/content/about/queries';
import { getExperience } from '@/lib/content/experience/queries';
import { readOr } from '@/lib/content/read';
import { truncate } from '@/lib/format';
import { ownerNameOf } from '@/lib/content/about/types';

/** Search-result snippets show about this many characters. */
const DESCRIPTION_LENGTH = 160;

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  // The description comes from the stored biography: request-time data, never read during the build.
  const about = await readOr('the profile for the page metadata', getAbout, null);
  const name = ownerNameOf(about);
  const firstParagraph = splitParagraphs(about?.bio ?? '')[0];
  return {
    title: name ? `About ${name}` : 'About',
    ...(firstParagraph ? { description: truncate(firstParagraph, DESCRIPTION_LENGTH) } : {}),
    ...(await canonicalMetadata('/about', parent)),
  };
}

export default function AboutPage() {
  return (
    <>
      <PageIntro eyebrow="About" title="About Me">
        Background, education and the questions that keep me busy.
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading profile data...</LoadingText>}>
          <AboutContent />
        </ContentBoundary>
        <ContentBoundary fallback={null}>
          <OwnerJsonLd />
        </ContentBoundary>
      </PageBody>
    </>
  );
}

async function AboutContent() {
  return (
    <Loaded what="the profile" read={() => Promise.all([getAbout(), getExperience()])} failure="Failed to load page data">
      {([about, experience]) => <AboutProfile about={about} experience={experience} />}
    </Loaded>
  );
}
