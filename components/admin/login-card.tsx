'use client';

import { useActionState, useEffect, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { ArrowLeft, Loader2 } from 'lucide-react';

import { signInAction, signUpAction } from '@/app/admin/(open)/login/actions';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SIGNUP_CLOSED, signupErrorTitle } from '@/lib/validation/auth';
import { SIGN_IN_AGAIN_TOAST_ID, adminToast } from './toast';
import { submitWithoutReset, useEachAnswer } from './use-each-answer';

/**
 * The 'Admin Portal' card. docs/product.md §2: only a Login tab is offered; the signup form exists without a
 * tab trigger and is reached with ?mode=signup.
 */
export function LoginCard({ initialMode, stale, signupOpen }: { initialMode: 'login' | 'signup'; stale: boolean; signupOpen: boolean }) {
  const [mode, setMode] = useState(initialMode);
  const staleShown = useRef(false);

  useEffect(() => {
    if (stale && !staleShown.current) {
      staleShown.current = true;
      adminToast.info('Please sign in again to access admin area', { id: SIGN_IN_AGAIN_TOAST_ID });
    }
  }, [stale]);

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">Admin Portal</CardTitle>
        <CardDescription>Sign in or register to access the admin dashboard</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Tabs value={mode} onValueChange={(value) => setMode(value === 'signup' ? 'signup' : 'login')}>
          <TabsList className="w-full">
            <TabsTrigger value="login">Login</TabsTrigger>
          </TabsList>
          <TabsContent value="login" className="pt-4">
            <LoginForm />
          </TabsContent>
          <TabsContent value="signup" className="pt-4">
            {signupOpen ? (
              <SignupForm onRegistered={() => setMode('login')} />
            ) : (
              <p role="status" className="text-center text-sm text-muted-foreground">
                {SIGNUP_CLOSED}
              </p>
            )}
          </TabsContent>
        </Tabs>
        <Button variant="ghost" asChild className="self-center">
          <Link href="/">
            <ArrowLeft aria-hidden />
            Back to Home
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function LoginForm() {
  const [state, dispatch, pending] = useActionState(signInAction, null);
  useEachAnswer(state, (answer) => {
    if (!answer) return;
    if (!answer.ok) adminToast.error(answer.error);
    else {
      adminToast.success('Login successful', { description: 'You have successfully logged in.' });
      // A full navigation, replacing the login page in history: the admin layout then renders (and checks
      // the role) for the signed-in admin from scratch.
      window.location.replace(answer.data.redirectTo);
    }
  });

  const busy = pending || state?.ok === true;
  return (
    <form onSubmit={submitWithoutReset(dispatch)} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-email">Email</Label>
        <Input id="login-email" name="email" type="email" autoComplete="username" required placeholder="you@example.com" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="login-password">Password</Label>
        <Input id="login-password" name="password" type="password" autoComplete="current-password" required />
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm">
        {state && !state.ok ? <span className="text-destructive">{state.error}</span> : null}
        {state?.ok ? <span className="text-muted-foreground">Redirecting to admin dashboard...</span> : null}
      </p>
      <Button type="submit" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {pending ? 'Signing in...' : 'Login'}
      </Button>
    </form>
  );
}

function SignupForm({ onRegistered }: { onRegistered: () => void }) {
  const [state, dispatch, pending] = useActionState(signUpAction, null);
  useEachAnswer(state, (answer) => {
    if (!answer) return;
    if (!answer.ok) adminToast.error(signupErrorTitle(answer.error), { description: answer.error });
    else {
      adminToast.success('Registration successful', {
        description: 'Your account has been created. Please verify your email before signing in.',
      });
      onRegistered();
    }
  });

  return (
    <form onSubmit={submitWithoutReset(dispatch)} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="signup-email">Email</Label>
        <Input id="signup-email" name="email" type="email" autoComplete="email" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="signup-password">Password</Label>
        <Input id="signup-password" name="password" type="password" autoComplete="new-password" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="signup-confirm">Confirm Password</Label>
        <Input id="signup-confirm" name="confirmPassword" type="password" autoComplete="new-password" />
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-destructive">
        {state && !state.ok ? state.error : null}
      </p>
      <Button type="submit" disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {pending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
