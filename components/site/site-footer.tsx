import { Link } from '@/components/link';

import { ContentBoundary } from '@/components/site/content-boundary';
import { CurrentYear } from '@/components/site/current-year';
import { CopyrightHolder, FooterIdentity, FooterIdentitySkeleton } from '@/components/site/owner-identity';
import { getEmptySections } from '@/lib/content/nav-sections';
import { readOr } from '@/lib/content/read';
import { ADMIN_LINK, PERSONAL_LINKS, PROFESSIONAL_LINKS, shownLinks, type NavLink } from '@/lib/nav';

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-card/40">
      <div className="site-column grid gap-12 py-14 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 max-w-md space-y-5">
          <ContentBoundary fallback={<FooterIdentitySkeleton />}>
            <FooterIdentity />
          </ContentBoundary>
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8">
          <ContentBoundary fallback={<FooterLinks heading="Professional" links={PROFESSIONAL_LINKS} />}>
            <ProfessionalLinks />
          </ContentBoundary>
          <FooterLinks heading="Personal" links={[...PERSONAL_LINKS, ADMIN_LINK]} />
        </nav>
      </div>

      <div className="border-t border-border">
        <p className="site-column py-6 text-center text-xs text-muted-foreground md:text-left">
          © <CurrentYear />
          <ContentBoundary fallback={null}>
            <CopyrightHolder />
          </ContentBoundary>{' '}
          All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** The professional links but those of sections shown only with content that have none (lib/nav.ts). */
async function ProfessionalLinks() {
  const hidden = await readOr('the sections without content', getEmptySections, []);
  return <FooterLinks heading="Professional" links={shownLinks(PROFESSIONAL_LINKS, hidden)} />;
}

function FooterLinks({ heading, links }: { heading: string; links: readonly NavLink[] }) {
  return (
    <div>
      <h2 className="eyebrow text-foreground">{heading}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="footer-link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
