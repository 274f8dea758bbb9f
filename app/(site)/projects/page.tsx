import { Suspense } from 'react';
import type { Metadata, ResolvingMetadata } from 'next';
import Link from 'next/link';

import { EmptyState } from '@/components/site/empty-state';
import { FilterNav } from '@/components/site/filter-nav';
import { Loaded } from '@/components/site/loaded';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { ScrollToHash } from '@/components/site/scroll-to-hash';
import { ProjectCard } from '@/components/site/projects/project-card';
import { pageAlternates } from '@/lib/canonical';
import { CATEGORY_FILTERS, categoryHref, parseCategory } from '@/lib/content/projects/rules';
import { Button } from '@/components/ui/button';
import { getProjects } from '@/lib/content/projects/queries';
import type { Project } from '@/lib/content/projects/types';
import { readOr } from '@/lib/content/read';
import { truncate } from '@/lib/format';
import { SITE } from '@/lib/site';

const INTRO = 'Software, notebooks and tools built along the way: some for research, some for teaching, some for fun.';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  const projects = await readOr('the projects for the page metadata', getProjects, []);
  const titles = projects.map((project) => project.title).join(', ');
  return {
    title: 'Projects',
    description: titles ? truncate(`Projects by ${SITE.ownerName}: ${titles}.`, 160) : INTRO,
    alternates: await pageAlternates('/projects', parent),
  };
}

interface ProjectsPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default function ProjectsPage({ searchParams }: ProjectsPageProps) {
  return (
    <>
      <PageIntro eyebrow="Portfolio" title="Projects">
        {INTRO}
      </PageIntro>
      <PageBody>
        <Suspense fallback={<LoadingText>Loading projects...</LoadingText>}>
          <ProjectsResults searchParams={searchParams} />
        </Suspense>
      </PageBody>
    </>
  );
}

async function ProjectsResults({ searchParams }: ProjectsPageProps) {
  const category = parseCategory((await searchParams).category);

  return (
    <div className="space-y-10">
      <FilterNav
        label="Filter projects by category"
        options={CATEGORY_FILTERS.map((filter) => ({
          label: filter.label,
          href: categoryHref(filter.value),
          active: filter.value === category,
        }))}
      />
      <Loaded what="the projects" read={getProjects} failure="Failed to load projects">
        {(projects) => <ProjectGrid projects={projects.filter((project) => category === 'all' || project.category === category)} />}
      </Loaded>
    </div>
  );
}

/** The filtered projects, or the empty state when the filter leaves none. */
function ProjectGrid({ projects }: { projects: Project[] }) {
  return projects.length > 0 ? (
    <>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {projects.map((project) => (
          <li key={project.id} className="flex">
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
      <ScrollToHash />
    </>
  ) : (
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
  );
}
