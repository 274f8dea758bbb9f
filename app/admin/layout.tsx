import type { ReactNode } from 'react';
import type { Metadata } from 'next';
import { Toaster } from 'sonner';

import { ADMIN_TOASTER_ID } from '@/components/admin/toaster-id';
import KatexCss from '@/components/site/katex-css';
import { SiteToasterAlwaysOn } from '@/components/site/site-toaster';

export const metadata: Metadata = {
  title: { template: '%s | Admin', default: 'Admin Dashboard' },
  robots: { index: false, follow: false, nocache: true, googleBot: { index: false, follow: false } },
};

/**
 * What every admin page shares, open or guarded: no indexing, and the admin toaster (top right, one
 * toast at a time). The site's own toaster (root layout) is mounted too: public pages load it only when
 * they raise a toast, but 'Signed out successfully' is raised here and shown on the page the admin goes
 * to. KaTeX's stylesheet is loaded up front (public pages load it only where a formula is shown), so
 * the editors' previews typeset formulas at once. The role check lives in (guarded)/layout.tsx; (open)
 * holds login, setup, Access Denied and the auth route handlers.
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <KatexCss />
      {children}
      <SiteToasterAlwaysOn />
      <Toaster id={ADMIN_TOASTER_ID} theme="dark" position="top-right" duration={4000} visibleToasts={1} richColors closeButton />
    </>
  );
}
