'use client';

import { useActionState } from 'react';
import { Loader2 } from 'lucide-react';

import { createOwnerAction, type SetupState } from '@/app/admin/(open)/setup/actions';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminToast } from './toast';
import { useEachAnswer } from './use-each-answer';

const initial: SetupState = { status: 'idle' };

export function SetupForm({ code }: { code: string }) {
  const [state, formAction, pending] = useActionState(createOwnerAction, initial);
  useEachAnswer(state, (answer) => {
    if (answer.status === 'error') adminToast.error(answer.message);
  });

  const fieldError = (name: string) => (state.status === 'error' ? state.fieldErrors?.[name] : undefined);
  return (
    <form action={formAction} className="flex flex-col gap-4">
      <input type="hidden" name="code" value={code} />
      <div className="flex flex-col gap-2">
        <Label htmlFor="setup-email">Email</Label>
        <Input
          id="setup-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state.status === 'error' ? state.email : undefined}
          key={state.status === 'error' ? `e-${state.email}` : 'e'}
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
        {state.status === 'error' ? state.message : null}
      </p>
      <Button type="submit" disabled={pending}>
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        Create Owner Account
      </Button>
    </form>
  );
}
