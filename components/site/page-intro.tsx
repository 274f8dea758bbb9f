import type { ReactNode } from 'react';

/**
 * The opening of a public page: an eyebrow, the page's only <h1>, a lede. Static, so it is part of the
 * prerendered shell and shows before any data arrives.
 */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className="relative isolate overflow-hidden border-b border-border/60">
      <div
        aria-hidden="true"
        className="absolute -top-32 -left-24 -z-10 size-[26rem] rounded-full bg-primary/10 blur-3xl"
      />
      <div className="site-column pt-14 pb-10 md:pt-20 md:pb-12">
        <p className="flex items-center gap-3 text-xs font-semibold tracking-[0.18em] text-primary uppercase">
          <span aria-hidden="true" className="h-px w-8 bg-primary/60" />
          {eyebrow}
        </p>
        <h1 className="mt-4 font-serif text-4xl font-semibold tracking-tight text-foreground sm:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-2xl text-lg leading-relaxed text-muted-foreground">{children}</div> : null}
      </div>
    </header>
  );
}

/** The page body under the intro, on the shell's content width. */
export function PageBody({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 md:py-16 lg:px-8 ${className}`}>{children}</div>;
}

/** The loading message of a list page (docs/product.md §4), announced to assistive technology. */
export function LoadingText({ children }: { children: string }) {
  return (
    <p role="status" className="py-16 text-center text-sm text-muted-foreground motion-safe:animate-pulse">
      {children}
    </p>
  );
}
