'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The older addresses of /research, kept working once the list's views became paths of their own (issue 45):
 * `/research?status=preprint` (docs/product.md's filters before) goes to its view, `/research/list/status/preprint`;
 * `/research#{id}` (a card's anchor, where older links point) lands on the card when it is on the page (the
 * browser looks for it before the cards have streamed in, so this scrolls once they are there), and opens the
 * paper's own page when the card is on another page of the list.
 *
 * The filters' rules (the paper kinds and their labels) are loaded only for an address with a query: a reader
 * who comes by a plain /research loads none of them (issue 49).
 */
export function ResearchAddress() {
  const router = useRouter();
  useEffect(() => {
    let left = false;
    const landOnCard = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!id) return;
      const card = document.getElementById(id);
      if (card) card.scrollIntoView({ block: 'start' });
      else if (UUID.test(id)) router.replace(`/research/${id}`);
    };
    if (!window.location.search) {
      landOnCard();
      return;
    }
    void import('@/lib/content/research/filters').then(({ KEY_ORDER, parseResearchFilters, researchHref }) => {
      if (left) return;
      const query = new URLSearchParams(window.location.search);
      if (KEY_ORDER.some((key) => query.has(key))) {
        const view = researchHref(parseResearchFilters(Object.fromEntries(query)));
        if (view !== window.location.pathname) {
          router.replace(`${view}${window.location.hash}`);
          return;
        }
      }
      landOnCard();
    });
    return () => {
      left = true;
    };
  }, [router]);
  return null;
}
