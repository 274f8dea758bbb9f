import type { ReactNode } from 'react';
import { LoadErrorToast } from '@/components/site/load-error-toast';
import { readForRequest } from '@/lib/content/read';

interface LoadedProps<T> {
  /** What is read, for the server log: 'the projects'. */
  what: string;
  read: () => Promise<T>;
  /** The toast the visitor sees when the read fails (the public load toasts of the error catalogue). */
  failure: string;
  /** Where a detail page sends the visitor after a failed read. */
  redirectTo?: string;
  children: (data: T) => ReactNode;
}

/**
 * Renders `children` with the data, or, when the read fails, the page's load-error toast. Every public page
 * reads through this, so a failed read is handled once.
 */
export async function Loaded<T>({ what, read, failure, redirectTo, children }: LoadedProps<T>) {
  const result = await readForRequest(what, read);
  if (!result.ok) return <LoadErrorToast message={failure} redirectTo={redirectTo} />;
  return <>{children(result.data)}</>;
}
