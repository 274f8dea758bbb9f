/**
 * The menu look shared by the Radix dropdown (dropdown-menu.tsx) and the site header's own light
 * 'Personal' menu: one class each (.menu-surface, .menu-item in app/globals.css). A plain module (no
 * 'use client'), so a server component can use the strings.
 */
export const menuSurface = 'menu-surface';

/** An item, with DropdownMenuItem's variants (data-variant=destructive) included. */
export const menuItem = 'menu-item';
