import type { Metadata, ResolvingMetadata } from 'next';

import { ContentBoundary } from '@/components/site/content-boundary';
import { CvDocument } from '@/components/site/cv/cv-document';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { canonicalMetadata } from '@/lib/canonical';
import { getCvData } from '@/lib/cv/read';

const INTRO = 'Education, positions, publications, talks and teaching in one place, with a PDF to download.';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  const canonical = await canonicalMetadata('/cv', parent);
  return {
    title: 'CV',
    description: INTRO,
    ...canonical,
    // The same CV as a PDF and as JSON Resume, beside the layout's own alternates (the blog's feed).
    alternates: { ...canonical.alternates, types: { ...canonical.alternates?.types, 'application/pdf': '/cv.pdf', 'application/json': '/cv.json' } },
  };
}

export default function CvPage() {
  return (
    <>
      <PageIntro eyebrow="Curriculum vitae" title="CV">
        {INTRO}
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading the CV...</LoadingText>}>
          <CvContent />
        </ContentBoundary>
      </PageBody>
    </>
  );
}

async function CvContent() {
  return (
    <Loaded what="the CV" read={getCvData} failure="Failed to load the CV. Please try again later.">
      {(cv) => <CvDocument cv={cv} />}
    </Loaded>
  );
}
