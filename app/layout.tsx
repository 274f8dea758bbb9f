import type { ReactNode } from 'react';
import type { Metadata, Viewport } from 'next';

import { RootDocument } from '@/components/site/root-document';

import './globals.css';

/**
 * What every page has before its own layout speaks: nothing that names the owner, since this is settled at
 * build time. The public pages' layout names them from the profile on each request (app/(site)/layout.tsx).
 */
export const metadata: Metadata = {
  title: { template: '%s', default: 'Home' },
  openGraph: { type: 'website' },
};

export const viewport: Viewport = {
  themeColor: '#0b0e15',
  colorScheme: 'dark',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return <RootDocument>{children}</RootDocument>;
}
