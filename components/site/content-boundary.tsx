import { Suspense, type ReactNode } from 'react';
import { isBuilding } from '@/lib/content/read';

/**
 * Where a public page's content waits for its data, with the loading text of docs/product.md §2 as the fallback.
 *
 * A <Suspense> boundary only while `next build` prerenders the page's shell (no database then: the content
 * is a hole, filled by the first request after a server starts). At run time pages are rendered whole and
 * kept in Next's route cache, and the content is part of the page itself: inside a boundary React would
 * send any sizeable content after the rest of the page, behind its fallback, to be swapped in by script
 * (it outlines boundaries past about 12 kB of HTML), so the first HTML would show the loading text.
 */
export function ContentBoundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return isBuilding() ? <Suspense fallback={fallback}>{children}</Suspense> : <>{children}</>;
}
