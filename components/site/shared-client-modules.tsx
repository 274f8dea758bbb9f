'use client';

import { Link } from '@/components/link';

import { CurrentYear } from './current-year';
import { HeaderBar } from './header-bar';

/*
 * Next bundles the client code of each layout, and of the root 404 boundary that every page carries,
 * separately, leaving out only what the root layout already loads. The public chrome (header bar, the
 * footer's year) is rendered by both the (site) layout and the 404 page, and the site's Link
 * (components/link.tsx, next/link) by every page, so each public page downloaded two copies of them. Referencing them here, from the root layout, puts one
 * copy in the root layout's chunk. The admin area uses Link too; the header bar and year are about
 * 2.5 kB it does not use. (Public pages draw icons with CSS, components/site/icons.tsx: no lucide-react.)
 */
export const SHARED_CLIENT_MODULES = [Link, HeaderBar, CurrentYear] as const;

/** Renders nothing: mounted by the root layout only so that the modules above load with it. */
export function SharedClientModules() {
  return null;
}
