import { Suspense, type ReactNode } from 'react';

/**
 * An editor page's frame: its heading and, while the editor's data loads, the spec's loading text
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
          <p role="status" className="text-muted-foreground">
            {loading}
          </p>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}
