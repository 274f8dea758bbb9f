'use client';

import { useActionState } from 'react';
import { Loader2 } from 'lucide-react';

import { createOwnerAction } from '@/app/admin/(open)/setup/actions';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminToast } from './toast';
import { submitWithoutReset, useEachAnswer } from './use-each-answer';

export function SetupForm({ code }: { code: string }) {
  const [state, dispatch, pending] = useActionState(createOwnerAction, null);
  useEachAnswer(state, (answer) => {
    if (answer && !answer.ok) adminToast.error(answer.error);
  });

  const fieldError = (name: string) => (state && !state.ok ? state.fieldErrors?.[name] : undefined);
  return (
    <form onSubmit={submitWithoutReset(dispatch)} className="flex flex-col gap-4">
      <input type="hidden" name="code" value={code} />
      <div className="flex flex-col gap-2">
        <Label htmlFor="setup-email">Email</Label>
        <Input
          id="setup-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={Boolean(fieldError('email'))}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="setup-password">Password</Label>
        <Input id="setup-password" name="password" type="password" autoComplete="new-password" required minLength={8} aria-invalid={Boolean(fieldError('password'))} />
        <p className="text-xs text-muted-foreground">At least 8 characters.</p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="setup-confirm">Confirm Password</Label>
        <Input id="setup-confirm" name="confirmPassword" type="password" autoComplete="new-password" required aria-invalid={Boolean(fieldError('confirmPassword'))} />
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-destructive">
        {state && !state.ok ? state.error : null}
      </p>
      <Button type="submit" disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        Create Owner Account
      </Button>
    </form>
  );
}
