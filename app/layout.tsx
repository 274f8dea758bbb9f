import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';

import { ScrollToTop } from '@/components/site/scroll-to-top';
import { SharedClientModules } from '@/components/site/shared-client-modules';
import { SITE } from '@/lib/site';

import './globals.css';

export const metadata: Metadata = {
  title: {
    template: `%s | ${SITE.name}`,
    default: `${SITE.name} · Mathematics`,
  },
  description: SITE.description,
  applicationName: SITE.name,
  authors: [{ name: SITE.ownerName }],
  openGraph: { type: 'website', siteName: SITE.name },
};

export const viewport: Viewport = {
  themeColor: '#0b0e15',
  colorScheme: 'dark',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    // The site is dark only: the class and color-scheme are in the served HTML, so the first paint is
    // already dark and no theme script is needed.
    <html lang="en" className="dark" style={{ colorScheme: 'dark' }} suppressHydrationWarning>
      <body>
        <ScrollToTop />
        {/* Loads next/link, lucide's icon component and the public chrome once for every page (see the module). */}
        <SharedClientModules />
        {children}
      </body>
    </html>
  );
}
