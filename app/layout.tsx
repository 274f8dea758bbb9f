import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';
import { Toaster } from 'sonner';

import { ScrollToTop } from '@/components/site/scroll-to-top';
import { ThemeProvider } from '@/components/site/theme-provider';
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
    // The class and color-scheme are set here, not only by next-themes, so the first paint is already dark.
    <html lang="en" className="dark" style={{ colorScheme: 'dark' }} suppressHydrationWarning>
      <body>
        <ThemeProvider attribute="class" defaultTheme="dark" forcedTheme="dark" enableSystem={false}>
          <ScrollToTop />
          {children}
          <Toaster theme="dark" position="bottom-right" duration={4000} visibleToasts={3} richColors closeButton />
        </ThemeProvider>
      </body>
    </html>
  );
}
