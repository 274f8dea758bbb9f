/**
 * The menu look shared by the Radix dropdown (dropdown-menu.tsx) and the site header's own light
 * 'Personal' menu. A plain module (no 'use client'), so a server component can use the strings.
 */
export const menuSurface =
  'z-50 overflow-hidden rounded-md border bg-popover p-1 text-popover-foreground shadow-lg shadow-black/30 data-[state=open]:animate-menu-in data-[state=closed]:animate-menu-out';

export const menuItem =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[inset]:pl-8 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 [&_svg:not([class*='text-'])]:text-muted-foreground";

/** DropdownMenuItem's variant classes (its default variant is what the header's items use). */
export const menuItemVariants =
  'data-[variant=destructive]:text-destructive data-[variant=destructive]:focus:bg-destructive/15 data-[variant=destructive]:focus:text-destructive';
