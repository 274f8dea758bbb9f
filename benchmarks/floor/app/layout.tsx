import type { ReactNode } from 'react';
import type { Metadata } from 'next';

/**
 * The floor of `npm run lighthouse` (scripts/lighthouse.ts): a bare Next.js page, built from the project's
 * own next, react and react-dom and measured in the same run as the site's pages, so that their figures can
 * be read as multiples of what the framework alone costs on the machine at hand. Nothing of the site's: no
 * stylesheet, no font, no script of its own, Next's defaults (next.config.mjs). A title and a description, so
 * that its SEO and accessibility scores are Next's and not a missing tag's; and an icon (icon.svg), since
 * without one the browser asks for /favicon.ico and can log the 404 as a console error, which best practices
 * counts.
 */
export const metadata: Metadata = {
  title: 'Floor',
  description: 'A bare Next.js page: the reference the site’s pages are measured against.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
