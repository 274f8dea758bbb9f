import { Suspense, type ReactNode } from 'react';
import { Loader2 } from 'lucide-react';

/**
 * An editor page's frame: its heading and, while the editor's data loads, the loading text of docs/product.md §2
 * ('Loading about data...'). The children read the data (and re-check the admin) inside the boundary.
 */
export function EditorPage({ title, description, loading, children }: { title: string; description: string; loading: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </header>
      <Suspense
        fallback={
          <p role="status" className="flex items-center gap-2 text-muted-foreground">
            <Loader2 className="size-4 animate-spin" aria-hidden />
            {loading}
          </p>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}
