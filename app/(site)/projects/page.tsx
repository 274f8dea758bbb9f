import type { Metadata, ResolvingMetadata } from 'next';
import { Link } from '@/components/link';

import { ContentBoundary } from '@/components/site/content-boundary';
import { EmptyState } from '@/components/site/empty-state';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { ScrollToHash } from '@/components/site/scroll-to-hash';
import { ProjectCard } from '@/components/site/projects/project-card';
import { UrlFilteredList, withAllFilter } from '@/components/site/url-filtered-list';
import { canonicalMetadata } from '@/lib/canonical';
import { CATEGORY_FILTERS, categoryHref } from '@/lib/content/projects/rules';
import { Button } from '@/components/ui/button';
import { getProjects } from '@/lib/content/projects/queries';
import type { Project } from '@/lib/content/projects/types';
import { readOr } from '@/lib/content/read';
import { truncate } from '@/lib/format';
import { ownerNameOf } from '@/lib/content/about/types';
import { getAbout } from '@/lib/content/about/queries';

const INTRO = 'Software, notebooks and tools built along the way: some for research, some for teaching, some for fun.';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  const [projects, about] = await Promise.all([
    readOr('the projects for the page metadata', getProjects, []),
    readOr('the profile for the page metadata', getAbout, null),
  ]);
  const owner = ownerNameOf(about);
  const titles = projects.map((project) => project.title).join(', ');
  return {
    title: 'Projects',
    description: titles ? truncate(owner ? `Projects by ${owner}: ${titles}.` : `Projects: ${titles}.`, 160) : INTRO,
    ...(await canonicalMetadata('/projects', parent)),
  };
}

export default function ProjectsPage() {
  return (
    <>
      <PageIntro eyebrow="Portfolio" title="Projects">
        {INTRO}
      </PageIntro>
      <PageBody>
        <ContentBoundary fallback={<LoadingText>Loading projects...</LoadingText>}>
          <Loaded what="the projects" read={getProjects} failure="Failed to load projects">
            {(projects) => <ProjectGrid projects={projects} />}
          </Loaded>
        </ContentBoundary>
      </PageBody>
    </>
  );
}

/** Every project; the browser shows those of the address's ?category= (the empty state when none). */
function ProjectGrid({ projects }: { projects: Project[] }) {
  return (
    <UrlFilteredList
      param="category"
      navLabel="Filter projects by category"
      filters={withAllFilter(CATEGORY_FILTERS, categoryHref)}
      items={projects.map((project, index) => ({ key: project.id, value: project.category, node: <ProjectCard project={project} first={index === 0} /> }))}
      className="space-y-10"
      listClassName="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      itemClassName="flex"
      after={<ScrollToHash />}
      empty={
        <EmptyState
          title="No projects found"
          action={
            <Button asChild variant="outline">
              <Link href="/projects" scroll={false}>
                View All Projects
              </Link>
            </Button>
          }
        >
          No projects match the selected filter. Try another category.
        </EmptyState>
      }
    />
  );
}
