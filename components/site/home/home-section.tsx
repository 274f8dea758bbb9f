import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { ArrowRight } from '@/components/site/icons';

import { Button } from '@/components/ui/button';

/**
 * A home page band: heading and the link to the full list are static (prerendered); the cards in between
 * arrive from the tagged cache at request time.
 */
export function HomeSection({
  id,
  eyebrow,
  title,
  action,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  action: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="border-t border-border/60">
      <div className="site-column py-16 md:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-xs font-semibold tracking-[0.18em] text-primary uppercase">{eyebrow}</p>
            <h2 id={`${id}-heading`} className="mt-2 font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
              {title}
            </h2>
          </div>
          <Button asChild variant="ghost" className="group -mr-3 text-primary hover:text-primary">
            <Link href={action.href}>
              {action.label}
              <ArrowRight className="card-more-arrow" />
            </Link>
          </Button>
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

/** Placeholder cards while a section's data streams in; hidden from assistive technology. */
export function CardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div aria-hidden="true" className="grid gap-6 md:grid-cols-3">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="h-64 rounded-xl border border-border bg-card/60 motion-safe:animate-pulse" />
      ))}
    </div>
  );
}

/** Makes the card's title link cover the whole card, so the card is one link with a short, clear name. */
export const stretchedLink = 'stretched-link';

/** A card of the home page (.home-card in app/globals.css). */
export const homeCard = 'home-card group';
