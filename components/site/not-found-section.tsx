import { Link } from '@/components/link';
import { House } from '@/components/site/icons';

import { GoBackButton } from '@/components/site/go-back-button';
import { Button } from '@/components/ui/button';

/** The 404 page's content (app/global-not-found.tsx puts it in the public chrome). */
export function NotFoundSection() {
  return (
    <section
      aria-labelledby="not-found-heading"
      className="relative isolate flex flex-1 items-center justify-center overflow-hidden px-4 py-24 sm:px-6 md:py-32"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_center,oklch(0.83_0.135_78/0.10),transparent_60%)]"
      />
      <div className="mx-auto max-w-xl text-center">
        <h1
          id="not-found-heading"
          className="bg-linear-to-b from-primary to-primary/40 bg-clip-text font-serif text-8xl font-semibold tracking-tight text-transparent sm:text-9xl"
        >
          404
        </h1>
        <p className="mt-6 text-lg leading-relaxed text-muted-foreground">
          {"Oops! The page you're looking for doesn't exist or has been moved."}
        </p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
          <Button asChild size="lg">
            <Link href="/">
              <House aria-hidden="true" />
              Go Home
            </Link>
          </Button>
          <GoBackButton />
        </div>
      </div>
    </section>
  );
}
