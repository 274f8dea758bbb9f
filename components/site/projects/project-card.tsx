import { ExternalLink } from '@/components/site/icons';

import { BadgeList } from '@/components/site/badge-list';
import { BrandIcon } from '@/components/site/brand-icons';
import { ExternalLinkButton } from '@/components/site/external-link-button';
import { CardCover } from '@/components/site/card-cover';
import { Badge } from '@/components/ui/badge';
import type { Project } from '@/lib/content/projects/types';
import { CATEGORY_LABELS } from '@/lib/content/projects/rules';

/**
 * A project on /projects. Its id is the anchor the home page links to (/projects#{id}). `first`: the
 * first card's image is the page's largest paint on a phone, fetched at once rather than lazily.
 */
export function ProjectCard({ project, first = false }: { project: Project; first?: boolean }) {
  const headingId = `project-${project.id}-title`;
  return (
    <article
      id={project.id}
      aria-labelledby={headingId}
      className="group flex w-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-[border-color,box-shadow] hover:border-primary/40 hover:shadow-lg hover:shadow-black/30 target:border-primary target:ring-2 target:ring-primary/40"
    >
      <div className="relative aspect-video overflow-hidden border-b border-border bg-muted">
        <CardCover src={project.image} sizes="(min-width: 1024px) 22rem, (min-width: 640px) 50vw, 100vw" first={first} />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <Badge variant="outline" className="text-muted-foreground">
          {CATEGORY_LABELS[project.category]}
        </Badge>
        <h2 id={headingId} className="mt-3 font-serif text-xl font-semibold tracking-tight">
          {project.title}
        </h2>
        {project.description ? (
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{project.description}</p>
        ) : null}
        {project.technologies.length > 0 ? (
          <BadgeList label="Technologies" items={project.technologies} className="mt-4 flex flex-wrap gap-1.5" />
        ) : null}
        {project.link || project.github ? (
          <div className="mt-auto flex flex-wrap gap-2 pt-6">
            {project.link ? (
              <ExternalLinkButton href={project.link} icon={<ExternalLink aria-hidden="true" />}>
                Visit Site
              </ExternalLinkButton>
            ) : null}
            {project.github ? (
              <ExternalLinkButton href={project.github} icon={<BrandIcon kind="github" />} variant="outline">
                View Code
              </ExternalLinkButton>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
