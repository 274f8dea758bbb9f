'use client';

import { Suspense, useEffect, useRef } from 'react';
import { usePathname } from 'next/navigation';

function ScrollOnPathChange() {
  const pathname = usePathname();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    // The first render is a page load: the browser (or a #hash) already decided the position.
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    // An anchor link must land on its target, not on the top of the page.
    if (window.location.hash) return;
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [pathname]);

  return null;
}

/** Scrolls smoothly to the top whenever the path changes (not on the first load, not to a #hash). */
export function ScrollToTop() {
  // With cacheComponents, usePathname suspends while prerendering routes whose params are only known
  // at request time; the boundary keeps that from blocking the whole (static) root layout.
  return (
    <Suspense fallback={null}>
      <ScrollOnPathChange />
    </Suspense>
  );
}
