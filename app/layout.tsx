import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';

import { RootDocument } from '@/components/site/root-document';
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
  return <RootDocument>{children}</RootDocument>;
}
