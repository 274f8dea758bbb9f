import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { ArrowLeft } from '@/components/site/icons';

import { Button } from '@/components/ui/button';

/**
 * The link from a detail page (a post, a paper) back to its list: quiet above the page, or, `prominent`,
 * the way out of its not-found block.
 */
export function BackLink({ href, prominent = false, children }: { href: string; prominent?: boolean; children: ReactNode }) {
  return (
    <Button asChild {...(prominent ? { size: 'lg', className: 'mt-4' } : { variant: 'ghost', size: 'sm', className: '-ml-3 text-muted-foreground' })}>
      <Link href={href}>
        <ArrowLeft aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

/** A detail page whose id names nothing (the page's title says 'Paper not found'): what, and the way back. */
export function DetailNotFound({ title, thing, back, backHref }: { title: string; thing: string; back: string; backHref: string }) {
  return (
    <section aria-labelledby="not-found-heading" className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 id="not-found-heading" className="font-serif text-4xl font-semibold tracking-tight text-foreground">
        {title}
      </h1>
      <p className="max-w-md text-lg text-muted-foreground">{`The ${thing} you're looking for doesn't exist or has been removed.`}</p>
      <BackLink href={backHref} prominent>
        {back}
      </BackLink>
    </section>
  );
}
