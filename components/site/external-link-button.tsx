import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** A small button that opens another site in a new tab, without giving it a handle on this one. */
export function ExternalLinkButton({ href, icon, variant, children }: { href: string; icon: ReactNode; variant?: 'outline'; children: ReactNode }) {
  return (
    <Button asChild size="sm" variant={variant}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {icon}
        {children}
      </a>
    </Button>
  );
}
