import type { Metadata, ResolvingMetadata } from 'next';
import { Link } from '@/components/link';
import { ArrowRight, FolderKanban } from '@/components/site/icons';

import { canonicalMetadata } from '@/lib/canonical';
import { splitParagraphs } from '@/lib/content/about/rules';
import { ContentBoundary } from '@/components/site/content-boundary';
import { FeaturedProjects, RecentArticles, ResearchHighlights, SelectedPublications } from '@/components/site/home/home-content';
import { CardsSkeleton, HomeSection } from '@/components/site/home/home-section';
import { SubscribeForm } from '@/components/site/home/subscribe-form';
import { OwnerJsonLd } from '@/components/site/owner-json-ld';
import { Button } from '@/components/ui/button';
import { getAbout } from '@/lib/content/about/queries';
import { getSiteSettings } from '@/lib/content/settings/queries';
import { readOr } from '@/lib/content/read';
import { truncate } from '@/lib/format';
import { ownerNameOf } from '@/lib/content/about/types';

export async function generateMetadata(_props: unknown, parent: ResolvingMetadata): Promise<Metadata> {
  // Title and description come from the stored profile: request-time data, never read during the build.
  const [about, settings] = await Promise.all([
    readOr('the profile for the page metadata', getAbout, null),
    readOr('the site settings', getSiteSettings, null),
  ]);
  const name = ownerNameOf(about);
  const role = about?.title.trim() ?? '';
  const firstParagraph = splitParagraphs(about?.bio ?? '')[0];
  // A site title and description set in Admin Settings are the home page's; otherwise the profile's.
  return {
    title: { absolute: settings?.siteTitle.trim() || [name, role].filter(Boolean).join(' · ') || 'Home' },
    ...(settings?.metaDescription.trim() || firstParagraph ? { description: settings?.metaDescription.trim() || truncate(firstParagraph!, 160) } : {}),
    ...(await canonicalMetadata('/', parent)),
  };
}

export default function HomePage() {
  return (
    <>
      <ContentBoundary fallback={null}>
        <OwnerJsonLd withWebsite />
      </ContentBoundary>
      <Hero />
      {/* Only when the owner has selected papers (issue 45): no placeholder, so a site without any shows no gap. */}
      <ContentBoundary fallback={null}>
        <SelectedPublications />
      </ContentBoundary>
      <HomeSection id="featured-projects" eyebrow="Portfolio" title="Featured Projects" action={{ href: '/projects', label: 'View All Projects' }}>
        <ContentBoundary fallback={<CardsSkeleton />}>
          <FeaturedProjects />
        </ContentBoundary>
      </HomeSection>
      <HomeSection id="recent-articles" eyebrow="Writing" title="Recent Articles" action={{ href: '/blog', label: 'Browse All Articles' }}>
        <ContentBoundary fallback={<CardsSkeleton />}>
          <RecentArticles />
        </ContentBoundary>
      </HomeSection>
      <HomeSection
        id="research-highlights"
        eyebrow="Research"
        title="Research Highlights"
        action={{ href: '/research', label: 'Explore All Research' }}
      >
        <ContentBoundary fallback={<CardsSkeleton />}>
          <ResearchHighlights />
        </ContentBoundary>
      </HomeSection>
      <StayUpdated />
    </>
  );
}

function StayUpdated() {
  return (
    <section aria-labelledby="stay-updated-heading" className="border-t border-border/60">
      <div className="site-column py-16 md:py-20">
        <div className="relative isolate flex flex-col gap-8 overflow-hidden rounded-2xl border border-border bg-card px-6 py-10 sm:px-10 md:flex-row md:items-center md:justify-between">
          <div aria-hidden="true" className="absolute -right-24 -bottom-24 -z-10 size-72 rounded-full bg-primary/10 blur-3xl" />
          <div className="max-w-md">
            <h2 id="stay-updated-heading" className="font-serif text-3xl font-semibold tracking-tight">
              Stay Updated
            </h2>
            <p className="mt-3 text-muted-foreground">
              New articles, papers and projects, now and then, straight to your inbox.
            </p>
          </div>
          <SubscribeForm />
        </div>
      </div>
    </section>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="site-column flex flex-col items-start pt-20 pb-24 md:pt-32 md:pb-36">
        <ContentBoundary fallback={<OwnerNameSkeleton />}>
          <OwnerName />
        </ContentBoundary>
        <h1
          id="hero-heading"
          className="mt-5 max-w-3xl font-serif text-5xl leading-[1.05] font-semibold tracking-tight text-foreground sm:text-6xl lg:text-7xl"
        >
          <ContentBoundary fallback={<RoleLineSkeleton />}>
            <RoleLine />
          </ContentBoundary>
        </h1>
        <div className="mt-12 flex flex-wrap gap-3">
          <Button asChild size="lg" className="group">
            <Link href="/about">
              Learn More About Me
              <ArrowRight className="card-more-arrow" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link href="/projects">
              <FolderKanban aria-hidden="true" />
              View My Portfolio
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The owner's name, from the profile; the hero stays useful without it. */
async function OwnerName() {
  // The hero stays useful without the name; a failed read is still logged.
  const name = (await readOr('the owner name', getAbout, null))?.name.trim() || null;
  if (!name) return null;
  return (
    <p className="flex items-center gap-3 font-serif text-2xl text-primary sm:text-3xl">
      <span aria-hidden="true" className="h-px w-10 bg-primary/60" />
      {name}
    </p>
  );
}

/** The heading: the profile's role line, or the owner's name while it has none. */
async function RoleLine() {
  const about = await readOr('the role line', getAbout, null);
  return about?.title.trim() || ownerNameOf(about);
}

function RoleLineSkeleton() {
  return <span aria-hidden="true" className="block h-[1.05em] w-[min(36rem,80vw)] rounded-md bg-muted motion-safe:animate-pulse" />;
}

function OwnerNameSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-8 items-center gap-3 sm:h-9">
      <span className="h-px w-10 bg-primary/60" />
      <span className="h-6 w-52 rounded-md bg-muted motion-safe:animate-pulse sm:h-7" />
    </div>
  );
}

const FORMULAS = [
  { text: 'π₁(S¹) ≅ ℤ', className: 'top-[18%] right-[8%] text-4xl' },
  { text: '∮ ω = 0', className: 'top-[52%] right-[22%] text-3xl' },
  { text: 'e^(iπ) + 1 = 0', className: 'bottom-[14%] right-[6%] text-2xl' },
  { text: '∑ 1/n² = π²/6', className: 'top-[8%] right-[34%] text-2xl' },
] as const;

function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[linear-gradient(to_right,oklch(1_0_0/0.04)_1px,transparent_1px),linear-gradient(to_bottom,oklch(1_0_0/0.04)_1px,transparent_1px)] mask-[radial-gradient(ellipse_at_30%_40%,black_20%,transparent_70%)] bg-size-[48px_48px]" />
      <div className="absolute -top-40 -left-32 size-[36rem] rounded-full bg-primary/10 blur-3xl" />
      <div className="absolute -right-40 bottom-0 size-[28rem] rounded-full bg-sky-500/5 blur-3xl" />
      {FORMULAS.map((formula) => (
        <span
          key={formula.text}
          className={`absolute hidden font-serif text-foreground/[0.07] italic select-none lg:block ${formula.className}`}
        >
          {formula.text}
        </span>
      ))}
    </div>
  );
}
