'use client';

import { useEffect } from 'react';

/**
 * Rendered inside streamed content whose cards are anchors (/projects#{id}, /research#{id}). The browser
 * looks for a #fragment while the page loads, before those cards have streamed in, so it finds nothing
 * (or a hidden copy still waiting to be revealed). Once the cards are on screen, this lands on the target,
 * below the fixed header through the page's scroll-padding.
 */
export function ScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);
  return null;
}
