import { Suspense } from 'react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';

import { EmptyState } from '@/components/site/empty-state';
import { FilterNav } from '@/components/site/filter-nav';
import { LoadErrorToast } from '@/components/site/load-error-toast';
import { LoadingText, PageBody, PageIntro } from '@/components/site/page-intro';
import { ScrollToHash } from '@/components/site/scroll-to-hash';
import { ProjectCard } from '@/components/site/projects/project-card';
import { CATEGORY_FILTERS, categoryHref, parseCategory } from '@/components/site/projects/filters';
import { Button } from '@/components/ui/button';
import { getProjects } from '@/lib/content/projects';
import { truncate } from '@/lib/format';
import { SITE } from '@/lib/site';

const INTRO = 'Software, notebooks and tools built along the way: some for research, some for teaching, some for fun.';

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const projects = await getProjects().catch((error: unknown) => {
    console.error('Projects metadata: could not load the projects', error);
    return [];
  });
  const titles = projects.map((project) => project.title).join(', ');
  return {
    title: 'Projects',
    description: titles ? truncate(`Projects by ${SITE.ownerName}: ${titles}.`, 160) : INTRO,
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
  await connection();
  const category = parseCategory((await searchParams).category);
  const projects = await getProjects().catch((error: unknown) => {
    console.error('Projects page: could not load the projects', error);
    return null;
  });
  const visible = projects?.filter((project) => category === 'all' || project.category === category) ?? [];

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
      {projects === null ? (
        <LoadErrorToast message="Failed to load projects" />
      ) : visible.length > 0 ? (
        <>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {visible.map((project) => (
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
      )}
    </div>
  );
}
