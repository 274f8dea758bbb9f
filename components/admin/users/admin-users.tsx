'use client';

import { useCallback, useEffect, useState, useTransition, type FormEvent } from 'react';
import { Loader2, RefreshCw, ShieldMinus, ShieldPlus } from 'lucide-react';

import { grantAdminAction, listAdminsAction, revokeAdminAction } from '@/app/admin/users/actions';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import type { AdminUser } from '@/lib/auth/admin-users';
import { adminToast } from '../toast';

const INVALID_EMAIL = 'Please enter a valid email address.';

/** Up to two initials from the full name (spec section 9), else 'U'. */
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

type ListState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; admins: AdminUser[] };

export function AdminUsers() {
  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, startTransition] = useTransition();
  const [busyAction, setBusyAction] = useState<'grant' | 'revoke' | null>(null);

  const load = useCallback(async () => {
    setList({ status: 'loading' });
    try {
      const result = await listAdminsAction();
      if (!result.ok) {
        console.error('Failed to load admin users:', result.error);
        setList({ status: 'error', message: result.error });
        adminToast.error('Failed to load admin users');
        return;
      }
      setList({ status: 'ready', admins: result.data });
      if (result.data.length === 0) adminToast.info('No admin users found. You can add one using the form above.');
    } catch (error) {
      console.error('Failed to load admin users:', error);
      setList({ status: 'error', message: 'An unexpected error occurred' });
      adminToast.error('An unexpected error occurred');
    }
  }, []);

  useEffect(() => {
    // Loading the list is an external fetch; its result arrives asynchronously.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
  }, [load]);

  /** Spec section 5: non-empty and containing '@'. The server checks again. */
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
          await load();
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

  const onRevoke = () => {
    const value = validEmail();
    if (value) setConfirming(value);
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
              <Button type="button" variant="destructive" onClick={onRevoke} disabled={busy}>
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
            <Button variant="outline" size="sm" onClick={() => void load()} disabled={list.status === 'loading'}>
              <RefreshCw className={list.status === 'loading' ? 'animate-spin' : undefined} aria-hidden />
              Refresh
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent aria-live="polite" aria-busy={list.status === 'loading'}>
          <AdminList state={list} />
        </CardContent>
      </Card>

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Revoke Admin Access</AlertDialogTitle>
            <AlertDialogDescription>Are you sure you want to revoke admin access from {confirming}?</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive/80 text-white hover:bg-destructive/70"
              onClick={() => {
                if (confirming) run('revoke', confirming);
                setConfirming(null);
              }}
            >
              Revoke
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function AdminList({ state }: { state: ListState }) {
  if (state.status === 'loading') {
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
  if (state.status === 'error') {
    return (
      <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-4 text-sm text-destructive">
        {state.message}
      </div>
    );
  }
  if (state.admins.length === 0) return <p className="text-sm text-muted-foreground">No admin users found.</p>;
  return (
    <ul className="flex flex-col divide-y" aria-label="Admin users">
      {state.admins.map((admin) => (
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
