'use client';

import { useCallback, useEffect, useRef, useTransition, type ReactNode } from 'react';
import { Link } from '@/components/link';
import { usePathname, useRouter } from 'next/navigation';
import { ArrowLeft, LayoutDashboard, Loader2, LogOut } from 'lucide-react';

import { signOutAction } from '@/app/admin/(guarded)/actions';
import { withSiteToast } from '@/components/site/site-toast';
import { Button } from '@/components/ui/button';
import { LOGIN_PATH } from '@/lib/auth/constants';
import { cn } from '@/lib/utils';
import { ADMIN_NAV, isActiveAdminLink, isAdminRouteReady } from './admin-nav';
import { SIGN_IN_AGAIN_TOAST_ID, adminToast } from './toast';

/**
 * The admin chrome (docs/product.md §2, "Admin layout (shared)"): header with 'Exit Admin', the sidebar with the
 * active item marked, and on small screens a back arrow to the dashboard. Only guarded pages have it.
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  return (
    <div className="flex min-h-dvh flex-col">
      <FreshnessWatcher />
      <AdminHeader />
      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-8 px-4 py-6 sm:px-6">
        <aside className="hidden w-56 shrink-0 md:block">
          <nav aria-label="Admin">
            <ul className="flex flex-col gap-1">
              {ADMIN_NAV.map((item) => {
                const active = isActiveAdminLink(item.href, pathname);
                const itemClass = 'block rounded-md px-3 py-2 text-sm text-muted-foreground';
                return (
                  <li key={item.href}>
                    {isAdminRouteReady(item.href) ? (
                      <Link
                        href={item.href}
                        aria-current={active ? 'page' : undefined}
                        className={cn(itemClass, 'transition-colors hover:bg-accent hover:text-accent-foreground', active && 'bg-accent font-medium text-foreground')}
                      >
                        {item.label}
                      </Link>
                    ) : (
                      <span aria-disabled="true" title="Coming soon" className={cn(itemClass, 'flex cursor-not-allowed items-center justify-between opacity-50')}>
                        {item.label}
                        <span className="text-xs">Coming soon</span>
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>
        <main className="min-w-0 flex-1">
          {pathname !== '/admin' ? (
            <Link href="/admin" className="mb-4 inline-flex items-center gap-2 text-sm text-muted-foreground hover:text-foreground md:hidden">
              <ArrowLeft className="size-4" aria-hidden />
              Back to Dashboard
            </Link>
          ) : null}
          {children}
        </main>
      </div>
    </div>
  );
}

function AdminHeader() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const exit = () =>
    startTransition(async () => {
      const result = await signOutAction('local');
      if (!result.ok) {
        adminToast.error('Failed to sign out');
        return;
      }
      // The site's own toaster (mounted on demand): the admin one unmounts with the admin area.
      withSiteToast((toast) => toast.success('Signed out successfully'));
      router.replace('/');
      router.refresh();
    });

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6">
        <Link href="/admin" className="flex items-center gap-2 font-semibold">
          <LayoutDashboard className="size-5 text-primary" aria-hidden />
          Admin Dashboard
        </Link>
        <Button variant="outline" size="sm" onClick={exit} disabled={pending}>
          {pending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
          Exit Admin
        </Button>
      </div>
    </header>
  );
}

/**
 * docs/product.md §4: the guard's check runs again on every client-side navigation inside the admin area
 * (the proxy handles page loads) and when the tab becomes visible again. A fresh stamp slides forward;
 * a stale one sends the admin to the login page with the toast of docs/product.md §4. The server answers fresh when
 * ADMIN_FRESHNESS_BYPASS is on.
 */
function FreshnessWatcher() {
  const router = useRouter();
  const pathname = usePathname();
  const checking = useRef(false);
  const firstPath = useRef(pathname);

  const recheck = useCallback(
    async (staleMessage: string) => {
      if (checking.current) return;
      checking.current = true;
      try {
        const response = await fetch('/admin/auth/freshness', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ path: `${window.location.pathname}${window.location.search}` }),
          cache: 'no-store',
        });
        const result = (await response.json()) as { fresh: boolean };
        if (!result.fresh) {
          adminToast.info(staleMessage, { id: SIGN_IN_AGAIN_TOAST_ID });
          router.replace(LOGIN_PATH);
        }
      } catch (error) {
        // Offline or the server restarting: the next page load goes through the proxy's check anyway.
        console.warn('Freshness re-check failed', error);
      } finally {
        checking.current = false;
      }
    },
    [router],
  );

  useEffect(() => {
    // The page load itself was checked (and the stamp slid) by the proxy.
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    void recheck('Please sign in again to access admin area');
  }, [pathname, recheck]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void recheck('Session expired. Please sign in again.');
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [recheck]);

  return null;
}
