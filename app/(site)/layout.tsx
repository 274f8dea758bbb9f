import { Suspense, type ReactNode } from 'react';

import { SiteShell } from '@/components/site/site-shell';
import { StorageStatus } from '@/components/site/storage-status';

export default function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <SiteShell>
      {children}
      <Suspense fallback={null}>
        <StorageStatus />
      </Suspense>
    </SiteShell>
  );
}
