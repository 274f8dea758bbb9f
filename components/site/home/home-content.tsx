import { Link } from '@/components/link';

import { BadgeList } from '@/components/site/badge-list';
import { CardCover } from '@/components/site/card-cover';
import { Loaded } from '@/components/site/loaded';
import { LongDate } from '@/components/site/long-date';
import { PaperAbstract } from '@/components/site/stored-markup';
import { readAuthorCredits } from '@/components/site/research/author-credits';
import { AuthorNames } from '@/components/site/research/author-names';
import { CATEGORY_LABELS } from '@/lib/content/projects/rules';
import { venueLine } from '@/lib/content/research/kinds';
import { highlightLabel, STATUS_BADGES } from '@/lib/content/research/rules';
import { Badge } from '@/components/ui/badge';
import { getBlogPosts } from '@/lib/content/blog/queries';
import { getFeaturedProjects } from '@/lib/content/projects/queries';
import { getPublishedPapers, getSelectedPapers } from '@/lib/content/research/queries';
import type { BlogPost } from '@/lib/content/blog/types';
import type { Project } from '@/lib/content/projects/types';
import type { ResearchPaper } from '@/lib/content/research/types';
import { formatMonthYear, truncate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { HomeSection, homeCard, stretchedLink } from './home-section';

/** 3 featured projects, 3 latest published papers; excerpts cut at 150 characters (abstracts: PaperAbstract). */
const FEATURED_PROJECTS = 3;
const RECENT_ARTICLES = 3;
const RESEARCH_HIGHLIGHTS = 3;
const EXCERPT_LENGTH = 150;

/** Every home section reports a failed read with the same toast; its id keeps it to one on screen. */
const LOAD_FAILED = 'Failed to load page data';

export async function FeaturedProjects() {
  return (
    <Loaded what="the featured projects" read={() => getFeaturedProjects(FEATURED_PROJECTS)} failure={LOAD_FAILED}>
      {(projects) => <FeaturedProjectList projects={projects} />}
    </Loaded>
  );
}

export async function RecentArticles() {
  return (
    <Loaded what="the recent articles" read={async () => (await getBlogPosts()).slice(0, RECENT_ARTICLES)} failure={LOAD_FAILED}>
      {(posts) => <RecentArticleList posts={posts} />}
    </Loaded>
  );
}

export async function ResearchHighlights() {
  return (
    <Loaded what="the research highlights" read={() => getPublishedPapers(RESEARCH_HIGHLIGHTS)} failure={LOAD_FAILED}>
      {(papers) => <ResearchHighlightList papers={papers} />}
    </Loaded>
  );
}

/**
 * The papers the owner marked Selected (issue 45), as a short list of references: a section only when there are
 * some, so a site that selects nothing shows the home page of docs/product.md §2 unchanged.
 */
export async function SelectedPublications() {
  return (
    <Loaded what="the selected publications" read={() => getSelectedPapers()} failure={LOAD_FAILED}>
      {(papers) =>
        papers.length === 0 ? null : (
          <HomeSection id="selected-publications" eyebrow="Research" title="Selected Publications" action={{ href: '/research', label: 'All Publications' }}>
            <SelectedPublicationList papers={papers} />
          </HomeSection>
        )
      }
    </Loaded>
  );
}

async function SelectedPublicationList({ papers }: { papers: ResearchPaper[] }) {
  const credits = await readAuthorCredits();
  return (
    <ol className="flex flex-col gap-5">
      {papers.map((paper) => {
        const venue = venueLine(paper);
        return (
          <li key={paper.id} className="border-l-2 border-primary/40 pl-4">
            <h3 className="font-serif text-lg leading-snug font-semibold tracking-tight">
              <Link href={`/research/${paper.id}`} className="title-link">
                {paper.title}
              </Link>
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">
              <AuthorNames authors={paper.authors} coauthors={credits.coauthors} owner={credits.owner} />
              {paper.note ? <span className="italic">{` (${paper.note})`}</span> : null}
            </p>
            <p className="mt-0.5 text-sm text-muted-foreground">
              {venue ? <span className="italic">{venue}</span> : null}
              {venue ? ', ' : null}
              <time dateTime={paper.date}>{paper.date.slice(0, 4)}</time>
            </p>
          </li>
        );
      })}
    </ol>
  );
}

function FeaturedProjectList({ projects }: { projects: Project[] }) {
  if (projects.length === 0) return <Nothing>No featured projects yet.</Nothing>;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id}>
          <article className={homeCard}>
            <div className="relative aspect-video overflow-hidden border-b border-border bg-muted">
              <CardCover src={project.image} sizes="(min-width: 768px) 22rem, 100vw" />
            </div>
            <div className="flex flex-1 flex-col p-6">
              <Badge variant="outline" className="text-muted-foreground">
                {CATEGORY_LABELS[project.category]}
              </Badge>
              <h3 className="mt-3 font-serif text-xl font-semibold tracking-tight">
                <Link href={`/projects#${project.id}`} className={stretchedLink}>
                  {project.title}
                </Link>
              </h3>
              <p className="mt-2 line-clamp-3 text-sm leading-relaxed text-muted-foreground">{project.description}</p>
              {project.technologies.length > 0 ? (
                <BadgeList label="Technologies" items={project.technologies} className="mt-auto flex flex-wrap gap-1.5 pt-5" />
              ) : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

function RecentArticleList({ posts }: { posts: BlogPost[] }) {
  if (posts.length === 0) return <Nothing>No articles yet.</Nothing>;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id}>
          <article className={cn(homeCard, 'p-6')}>
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <LongDate date={post.date} />
            </p>
            <h3 className="mt-3 font-serif text-xl font-semibold tracking-tight">
              <Link href={`/blog/${post.slug}`} className={stretchedLink}>
                {post.title}
              </Link>
            </h3>
            <p className="mt-3 text-sm leading-relaxed text-muted-foreground">{truncate(post.excerpt, EXCERPT_LENGTH)}</p>
            {post.tags.length > 0 ? (
              <ul aria-label="Tags" className="mt-auto flex flex-wrap gap-1.5 pt-5">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="secondary">{tag}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}

function ResearchHighlightList({ papers }: { papers: ResearchPaper[] }) {
  if (papers.length === 0) return <Nothing>No published papers yet.</Nothing>;
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {papers.map((paper) => {
        const label = highlightLabel(paper.status);
        return (
          <li key={paper.id}>
            <article className={cn(homeCard, 'p-6')}>
              <div className="paper-meta">
                <Badge variant="outline" className={STATUS_BADGES[label === 'Published' ? 'published' : 'preprint'].className}>
                  {label}
                </Badge>
                <time dateTime={paper.date}>{formatMonthYear(paper.date)}</time>
              </div>
              <h3 className="mt-3 font-serif text-xl font-semibold tracking-tight">
                <Link href={`/research/${paper.id}`} className={stretchedLink}>
                  {paper.title}
                </Link>
              </h3>
              <VenueLine paper={paper} />
              {paper.abstract ? (
                <PaperAbstract id={paper.id} look="highlight" />
              ) : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}

/** A highlight's venue in full, when it has one. */
function VenueLine({ paper }: { paper: ResearchPaper }) {
  const venue = venueLine(paper);
  return venue ? <p className="mt-1 text-sm text-muted-foreground italic">{venue}</p> : null;
}

function Nothing({ children }: { children: string }) {
  return <p className="text-muted-foreground">{children}</p>;
}
