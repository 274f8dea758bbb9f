'use client';

import { Markdown } from '@/components/site/markdown';

/**
 * A live preview of simple markup, by the renderer the public pages use (components/site/markdown.tsx),
 * so formulas look here as visitors will see them; a malformed formula shows as red source where it
 * fails instead of breaking the preview. Admin-only: this puts the renderer in the editors' JavaScript,
 * never in the public pages', which render on the server.
 */
export function MarkupPreview({ source, label, empty = 'Nothing to preview yet.' }: { source: string; label: string; empty?: string }) {
  return (
    <section aria-label={label} className="rounded-md border border-dashed border-border bg-muted/20 px-4 py-3">
      <p className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</p>
      {source.trim() ? <Markdown source={source} className="text-sm" /> : <p className="text-sm text-muted-foreground">{empty}</p>}
    </section>
  );
}
