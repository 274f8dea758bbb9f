import { Suspense } from 'react';
import type { Metadata } from 'next';
import { Link } from '@/components/link';
import { Award, BookOpen, Briefcase, Database, FileText, FolderKanban, Images, PenLine, Settings, Upload, User, Users, type LucideIcon } from 'lucide-react';

import { isAdminRouteReady } from '@/components/admin/admin-nav';
import { FirstRunCard } from '@/components/admin/first-run-card';
import { isFirstRunPending } from '@/lib/content/settings/queries';
import { cn } from '@/lib/utils';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { requireAdmin } from '@/lib/auth/guard';
import { COUNT_CARDS, getDashboardCounts, getRecentActivity, type ActivityKind, type DashboardCounts } from '@/lib/content/dashboard';
import type { CountedKey } from '@/lib/content/registry.mjs';
import { formatRelativeTime, plural } from '@/lib/format';
import { CitationRunStatus } from '@/components/admin/citation-run-status';
import { getCitationAdmin } from '@/lib/content/research/citations';
import { ReadersSection } from '@/components/admin/analytics/readers-section';
import { analyticsRangeOf } from '@/lib/analytics/display';
import { getAnalyticsSummary } from '@/lib/analytics/queries';

export const metadata: Metadata = { title: 'Dashboard' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The count cards' icons; a content type without one here gets the default. */
const COUNT_ICONS: Partial<Record<CountedKey, LucideIcon>> = {
  experience: Briefcase,
  projects: FolderKanban,
  blog: BookOpen,
  personal: PenLine,
  research: FileText,
  cv: Award,
};
const DEFAULT_COUNT_ICON: LucideIcon = Database;

/** The count cards (lib/content/dashboard.ts, from the content registry), each with its icon. */
const COUNTS = COUNT_CARDS.map((card) => ({ ...card, icon: COUNT_ICONS[card.key] ?? DEFAULT_COUNT_ICON }));

const LINK_CARDS: { href: string; title: string; description: string; icon: LucideIcon }[] = [
  { href: '/admin/users', title: 'Admin Users', description: 'Grant or revoke admin access', icon: Users },
  { href: '/admin/settings', title: 'Site Settings', description: 'Profile, site configuration and security', icon: Settings },
  { href: '/admin/about/edit', title: 'About', description: 'Edit your profile, education and research interests', icon: User },
  { href: '/admin/experience/edit', title: 'Experience', description: 'Edit positions and highlights', icon: Briefcase },
  { href: '/admin/projects/edit', title: 'Projects', description: 'Edit and feature projects', icon: FolderKanban },
  { href: '/admin/media', title: 'File Upload', description: 'Upload images and PDFs', icon: Upload },
  { href: '/admin/media', title: 'Media Library', description: 'Browse uploaded files', icon: Images },
];

const ACTIVITY_LABEL: Record<ActivityKind, string> = { blog: 'Blog post updated', project: 'Project updated', research: 'Research paper updated' };
const ACTIVITY_EDITOR: Record<ActivityKind, string> = { blog: '/admin/blog/edit', project: '/admin/projects/edit', research: '/admin/research/edit' };

export default function AdminDashboardPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <div className="flex flex-col gap-8">
      <div>
        <h1 className="text-2xl font-semibold">Dashboard</h1>
        <p className="text-muted-foreground">Manage the content of your portfolio.</p>
      </div>
      <Suspense fallback={null}>
        <GuardedFirstRun />
      </Suspense>
      <Suspense fallback={<Counts counts={null} />}>
        <GuardedCounts />
      </Suspense>
      <Suspense fallback={null}>
        <GuardedCitations />
      </Suspense>
      <Suspense fallback={null}>
        <GuardedReaders searchParams={searchParams} />
      </Suspense>
      <section aria-labelledby="manage-heading" className="flex flex-col gap-4">
        <h2 id="manage-heading" className="text-lg font-semibold">
          Manage
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {LINK_CARDS.map(({ href, title, description, icon: Icon }) => {
            const card = (ready: boolean) => (
              <Card className={cn('h-full gap-2 transition-colors', ready ? 'group-hover:border-primary/50' : 'opacity-50')}>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <Icon className="size-5 text-primary" aria-hidden />
                    {title}
                  </CardTitle>
                  <CardDescription>{ready ? description : `${description} (coming soon)`}</CardDescription>
                </CardHeader>
              </Card>
            );
            return isAdminRouteReady(href) ? (
              <Link key={title} href={href} className="group rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none">
                {card(true)}
              </Link>
            ) : (
              <div key={title} aria-disabled="true" title="Coming soon">
                {card(false)}
              </div>
            );
          })}
        </div>
      </section>
      <section aria-labelledby="activity-heading" className="flex flex-col gap-4">
        <h2 id="activity-heading" className="text-lg font-semibold">
          Recent Activity
        </h2>
        <Card>
          <CardContent>
            <Suspense fallback={<p className="text-sm text-muted-foreground">...</p>}>
              <GuardedActivity />
            </Suspense>
          </CardContent>
        </Card>
      </section>
    </div>
  );
}

function Counts({ counts }: { counts: DashboardCounts | null }) {
  return (
    <section aria-label="Content counts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {COUNTS.map(({ key, title, unit, icon: Icon, href }) => (
        <Link key={key} href={href} className="group rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none">
          <Card className="h-full gap-2 transition-colors group-hover:border-primary/50" data-testid={`count-${key}`}>
            <CardHeader>
              <CardDescription className="flex items-center gap-2">
                <Icon className="size-4" aria-hidden />
                {title}
              </CardDescription>
              <CardTitle className="text-3xl">{counts ? counts[key] : '...'}</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">{unit}</CardContent>
          </Card>
        </Link>
      ))}
    </section>
  );
}

/**
 * The citation run (issue 46): the works found on the owner's ORCID profile, leading to the Research Papers
 * editor's preview of them, and the last run's status with a link to Settings → Citations. Nothing when it
 * cannot be read (logged, like the counts).
 */
async function GuardedCitations() {
  await requireAdmin();
  const citations = await getCitationAdmin().catch((error: unknown) => {
    console.error('Dashboard citation status failed', error);
    return null;
  });
  if (!citations) return null;
  const found = citations.found.length;
  return (
    <section aria-labelledby="citations-heading" className="flex flex-col gap-4">
      <h2 id="citations-heading" className="text-lg font-semibold">
        Citations and new works
      </h2>
      <Card>
        <CardContent className="flex flex-col gap-4">
          {found > 0 ? (
            <p>
              <Link href="/admin/research/edit#found-works" className="font-medium text-primary underline underline-offset-4">
                {plural(found, 'new work')} found on your ORCID profile
              </Link>
            </p>
          ) : null}
          <CitationRunStatus status={citations.status} />
          <Link href="/admin/settings#citation-settings" className="w-fit text-sm text-primary underline underline-offset-4">
            Citation settings
          </Link>
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * Reader analytics (issue 48) for the period `?days=` names (7, 30 or 90; anything else is the default). Nothing
 * when they cannot be read (logged, like the counts).
 */
async function GuardedReaders({ searchParams }: { searchParams: SearchParams }) {
  await requireAdmin();
  const range = analyticsRangeOf((await searchParams).days);
  const summary = await getAnalyticsSummary(range).catch((error: unknown) => {
    console.error('Dashboard reader analytics failed', error);
    return null;
  });
  return summary ? <ReadersSection summary={summary} /> : null;
}

/** The welcome while the first run is not answered (components/admin/first-run-card.tsx); nothing once it is, or if it cannot be read. */
async function GuardedFirstRun() {
  await requireAdmin();
  const pending = await isFirstRunPending().catch((error: unknown) => {
    console.error('Dashboard first-run check failed', error);
    return false;
  });
  return pending ? <FirstRunCard /> : null;
}

async function GuardedCounts() {
  // The page checks the role itself: a client-side navigation does not re-run the layout's check.
  await requireAdmin();
  const counts = await getDashboardCounts().catch((error: unknown) => {
    // docs/product.md §8: dashboard fetch errors are only logged.
    console.error('Dashboard counts failed', error);
    return null;
  });
  return <Counts counts={counts} />;
}

async function GuardedActivity() {
  await requireAdmin();
  let items: Awaited<ReturnType<typeof getRecentActivity>>;
  try {
    items = await getRecentActivity();
  } catch (error) {
    console.error('Dashboard recent activity failed', error);
    items = [];
  }
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No recent activity found.</p>;
  const now = new Date();
  return (
    <ul className="flex flex-col divide-y">
      {items.map((item) => (
        <li key={item.kind} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="text-sm text-muted-foreground">{ACTIVITY_LABEL[item.kind]}</p>
            <Link href={ACTIVITY_EDITOR[item.kind]} className="font-medium underline-offset-4 hover:underline">
              {item.title}
            </Link>
          </div>
          <time dateTime={item.updatedAt} className="text-sm text-muted-foreground">
            {formatRelativeTime(item.updatedAt, now)}
          </time>
        </li>
      ))}
    </ul>
  );
}
