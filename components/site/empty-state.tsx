import type { ReactNode } from 'react';
import { SearchX } from '@/components/site/icons';

/** A list with nothing to show: a heading, an explanation, and optionally a way out. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border bg-card/40 px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-muted text-muted-foreground">
        <SearchX aria-hidden="true" className="size-5" />
      </span>
      <h2 className="mt-5 font-serif text-xl font-semibold">{title}</h2>
      {children ? <p className="mt-2 max-w-md text-sm text-muted-foreground">{children}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
