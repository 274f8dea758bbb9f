import { useId } from 'react';
import { Send } from '@/components/site/icons';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { SubmitlessForm } from './submitless-form';

/**
 * 'Stay Updated' (docs/product.md §2): the form has no submit action and makes no call. Submitting only lets
 * the browser check the required email, and the typed address stays in the field. Rendered on the
 * server; only the form element, which stops the submission, is a client component.
 */
export function SubscribeForm() {
  const inputId = useId();
  const noteId = useId();

  return (
    <SubmitlessForm aria-label="Subscribe" className="w-full max-w-md">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <Input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          aria-describedby={noteId}
          className="h-11 bg-background/60 md:text-base"
        />
        <Button type="submit" size="lg" className="h-11">
          <Send aria-hidden="true" />
          Subscribe
        </Button>
      </div>
      <p id={noteId} className="mt-3 text-xs text-muted-foreground">
        I respect your privacy. Unsubscribe at any time.
      </p>
    </SubmitlessForm>
  );
}
