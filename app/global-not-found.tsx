import type { Metadata } from 'next';

import { NotFoundSection } from '@/components/site/not-found-section';
import { RootDocument } from '@/components/site/root-document';
import { SiteShell } from '@/components/site/site-shell';

import './globals.css';

import { metadata as rootMetadata } from './layout';

export { viewport } from './layout';

/**
 * The 404 page of every address no route matches. Next renders it without any layout, so it brings
 * the document and the public chrome itself. Being global, it keeps the site shell out of every other
 * page: a root `not-found.tsx` is rendered into each page's payload, in case the page calls notFound()
 * (none does), which would weigh down every public page (docs/architecture.md, "Measurements").
 */
// The root layout's metadata, as every page has it. Prerendered once, at build time, when no profile can be
// read: the title names no one.
export const metadata: Metadata = { ...rootMetadata, title: '404 | Page not found' };

export default function GlobalNotFound() {
  return (
    <RootDocument>
      <SiteShell markActive={false}>
        <NotFoundSection />
      </SiteShell>
    </RootDocument>
  );
}
