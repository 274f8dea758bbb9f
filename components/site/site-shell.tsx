import type { ReactNode } from 'react';

import { SiteFooter } from '@/components/site/site-footer';
import { SiteHeader } from '@/components/site/site-header';
import { isBuilding } from '@/lib/content/read';

/**
 * The public chrome: skip link, fixed header, main landmark, footer. Shared by the (site) layout and
 * the 404 page (app/global-not-found.tsx), which renders outside every layout.
 */
export function SiteShell({ children, markActive = true }: { children: ReactNode; markActive?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader markActive={markActive} waitForPath={isBuilding()} />
      {/* tabIndex lets the skip link move keyboard focus, not only the scroll position. */}
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col pt-header outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
