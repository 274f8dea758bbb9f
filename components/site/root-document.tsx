import type { ReactNode } from 'react';

import { ScrollToTop } from '@/components/site/scroll-to-top';
import { SharedClientModules } from '@/components/site/shared-client-modules';

/**
 * The document every page is rendered in: the root layout's, and the 404 page's
 * (app/global-not-found.tsx, which Next renders without any layout).
 */
export function RootDocument({ children }: { children: ReactNode }) {
  return (
    // The site is dark only: the class and color-scheme are in the served HTML, so the first paint is
    // already dark and no theme script is needed.
    <html lang="en" className="dark" style={{ colorScheme: 'dark' }} suppressHydrationWarning>
      <body>
        <ScrollToTop />
        {/* Loads the site's Link and the public chrome once for every page (see the module). */}
        <SharedClientModules />
        {children}
      </body>
    </html>
  );
}
