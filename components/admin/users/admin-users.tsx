'use client';

import { useEffect, useState, useTransition, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { Loader2, RefreshCw, ShieldMinus, ShieldPlus } from 'lucide-react';

import { grantAdminAction, revokeAdminAction } from '@/app/admin/(guarded)/users/actions';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import type { AdminUser } from '@/lib/auth/admin-role';
import { useConfirm } from '../confirm-dialog';
import { adminToast } from '../toast';

const INVALID_EMAIL = 'Please enter a valid email address.';

/** Up to two initials from the full name (docs/product.md §9), else 'U'. */
export function initials(fullName: string | null): string {
  const letters = (fullName ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
    .slice(0, 2);
  return letters || 'U';
}

/**
 * The Admin Users screen's form and list frame. The list itself (`list`) is rendered by the page on the
 * server; after a grant or revoke, and on Refresh, the page is refreshed so the list shows the stored
 * state, with the loading placeholders while that request runs.
 */
export function AdminUsers({ list }: { list: ReactNode }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { confirm, dialog: confirmDialog } = useConfirm();
  const [busy, startTransition] = useTransition();
  const [busyAction, setBusyAction] = useState<'grant' | 'revoke' | null>(null);
  const [refreshing, startRefresh] = useTransition();

  const refresh = () => startRefresh(() => router.refresh());

  /** docs/product.md §5: non-empty and containing '@'. The server checks again. */
  const validEmail = (): string | null => {
    const value = email.trim();
    if (!value || !value.includes('@')) {
      setFieldError(INVALID_EMAIL);
      adminToast.error(INVALID_EMAIL);
      return null;
    }
    setFieldError(null);
    return value;
  };

  const run = (kind: 'grant' | 'revoke', value: string) => {
    setBusyAction(kind);
    startTransition(async () => {
      try {
        const result = kind === 'grant' ? await grantAdminAction({ email: value }) : await revokeAdminAction({ email: value });
        if (result.ok) {
          adminToast.success(result.data.message);
          setEmail('');
          refresh();
        } else {
          console.error(`Admin ${kind} failed:`, result.error);
          if (result.fieldErrors?.email) setFieldError(result.fieldErrors.email);
          adminToast.error(result.error);
        }
      } catch (error) {
        console.error(`Admin ${kind} failed:`, error);
        adminToast.error(kind === 'grant' ? 'Failed to grant admin access. Please try again.' : 'Failed to revoke admin access. Please try again.');
      } finally {
        setBusyAction(null);
      }
    });
  };

  const onGrant = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = validEmail();
    if (value) run('grant', value);
  };

  const onRevoke = async () => {
    const value = validEmail();
    if (value && (await confirm(`Are you sure you want to revoke admin access from ${value}?`, { title: 'Revoke Admin Access', action: 'Revoke' }))) {
      run('revoke', value);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Manage Admin Users</h2>
          </CardTitle>
          <CardDescription>Grant or revoke admin access for registered users by email.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onGrant} noValidate className="flex flex-col gap-3">
            <div className="flex flex-col gap-2">
              <Label htmlFor="admin-email">Email</Label>
              <Input
                id="admin-email"
                name="email"
                type="email"
                placeholder="user@example.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? 'admin-email-error' : undefined}
              />
              {fieldError ? (
                <p id="admin-email-error" className="text-sm text-destructive">
                  {fieldError}
                </p>
              ) : null}
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit" disabled={busy}>
                {busyAction === 'grant' ? <Loader2 className="animate-spin" aria-hidden /> : <ShieldPlus aria-hidden />}
                Grant Admin Access
              </Button>
              <Button type="button" variant="destructive" onClick={() => void onRevoke()} disabled={busy}>
                {busyAction === 'revoke' ? <Loader2 className="animate-spin" aria-hidden /> : <ShieldMinus aria-hidden />}
                Revoke Admin Access
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Current Admin Users</h2>
          </CardTitle>
          <CardAction>
            <Button variant="outline" size="sm" onClick={refresh} disabled={refreshing}>
              <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden />
              Refresh
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent aria-live="polite" aria-busy={refreshing}>
          {refreshing ? <AdminListPlaceholders /> : list}
        </CardContent>
      </Card>

      {confirmDialog}
    </div>
  );
}

/** The three loading placeholders of the list (while the page loads it, and on Refresh). */
export function AdminListPlaceholders() {
  return (
    <ul className="flex flex-col gap-3" aria-label="Loading admin users">
      {[0, 1, 2].map((i) => (
        <li key={i} data-testid="admin-placeholder" className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the page's list read came to: the admins, or the error box. The toasts of a failed or empty read
 * are shown once per read.
 */
export function AdminList({ admins, failure = 'Failed to load admin users' }: { admins: AdminUser[] | null; failure?: string }) {
  useEffect(() => {
    if (admins === null) adminToast.error(failure);
    else if (admins.length === 0) adminToast.info('No admin users found. You can add one using the form above.');
  }, [admins, failure]);
  if (admins === null) {
    return (
      <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm text-destructive">
        {failure}
      </div>
    );
  }
  if (admins.length === 0) return <p className="text-sm text-muted-foreground">No admin users found.</p>;
  return (
    <ul className="flex flex-col divide-y" aria-label="Admin users">
      {admins.map((admin) => (
        <li key={admin.id} className="flex items-center gap-3 py-3">
          <Avatar className="size-10">
            {admin.avatarUrl ? <AvatarImage src={admin.avatarUrl} alt="" /> : null}
            <AvatarFallback>{initials(admin.fullName)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <p className="font-medium">{admin.fullName?.trim() || 'Unnamed Admin'}</p>
            <p className="truncate text-sm text-muted-foreground">{admin.email}</p>
            <p className="truncate font-mono text-xs text-muted-foreground">User ID: {admin.id}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
