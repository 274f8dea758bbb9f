'use client';

import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';

import { Badge } from '@/components/ui/badge';

/**
 * A list item of an editor (docs/product.md §2: collapsible cards): a header button that opens and closes
 * it, with the item's title, a line under it and its badges; the body shows while it is open.
 */
export function CollapsibleCard({
  id,
  open,
  onToggle,
  title,
  subtitle,
  badges,
  status,
  invalid,
  children,
}: {
  id: string;
  open: boolean;
  onToggle: () => void;
  title: string;
  subtitle?: ReactNode;
  badges?: ReactNode;
  /** 'New' or 'Edited' while the item differs from what is stored. */
  status?: string | null;
  invalid?: boolean;
  children: ReactNode;
}) {
  return (
    <li id={id} className="rounded-xl border border-border bg-card">
      <button
        type="button"
        aria-expanded={open}
        onClick={onToggle}
        className="flex w-full items-start justify-between gap-4 rounded-xl p-4 text-left hover:bg-muted/30 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <span className="flex min-w-0 flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{title}</span>
            {status ? <Badge variant="outline">{status}</Badge> : null}
            {invalid ? <Badge variant="destructive">Needs attention</Badge> : null}
          </span>
          {subtitle ? <span className="text-sm text-muted-foreground">{subtitle}</span> : null}
          {badges ? <span className="mt-1 flex flex-wrap gap-1.5">{badges}</span> : null}
        </span>
        <ChevronDown className={`mt-1 size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      {open ? <div className="flex flex-col gap-4 border-t border-border p-4">{children}</div> : null}
    </li>
  );
}
