import Link from 'next/link';
import { Mail } from '@/components/site/icons';

import { BrandIcon } from '@/components/site/brand-icons';
import { CurrentYear } from '@/components/site/current-year';
import { ADMIN_LINK, PERSONAL_LINKS, PROFESSIONAL_LINKS, type NavLink } from '@/lib/nav';
import { SITE } from '@/lib/site';

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-card/40">
      <div className="site-column grid gap-12 py-14 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="max-w-md space-y-5">
          <Link href="/" className="inline-flex items-center gap-2.5 rounded-md font-serif text-lg font-semibold">
            <span
              aria-hidden="true"
              className="grid size-8 place-items-center rounded-lg bg-primary/10 text-primary ring-1 ring-primary/30"
            >
              ∂
            </span>
            {SITE.name}
          </Link>
          <p className="text-sm leading-relaxed text-muted-foreground">{SITE.footerBlurb}</p>
          <ul className="flex flex-wrap items-center gap-2" aria-label="Social profiles">
            {SITE.social.map((link) => (
              <li key={link.platform}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={link.label}
                  title={link.label}
                  className="social-link"
                >
                  <BrandIcon platform={link.platform} className="size-[1.125rem]" />
                </a>
              </li>
            ))}
          </ul>
          <a
            href={`mailto:${SITE.email}`}
            className="footer-link inline-flex items-center gap-2"
          >
            <Mail aria-hidden="true" className="size-4" />
            {SITE.email}
          </a>
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8">
          <FooterLinks heading="Professional" links={PROFESSIONAL_LINKS} />
          <FooterLinks heading="Personal" links={[...PERSONAL_LINKS, ADMIN_LINK]} />
        </nav>
      </div>

      <div className="border-t border-border">
        <p className="site-column py-6 text-center text-xs text-muted-foreground md:text-left">
          © <CurrentYear /> {SITE.ownerName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
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
