'use client';

import type * as React from 'react';
import {
  CommandGroup as CommandGroupPrimitive,
  CommandInput as CommandInputPrimitive,
  CommandItem as CommandItemPrimitive,
  CommandList as CommandListPrimitive,
  CommandRoot,
} from 'cmdk';

/*
 * shadcn's Command (new-york-v4) on cmdk, cut to the parts the site uses (no Dialog, Empty, Separator or
 * Shortcut), and changed in three ways because it is only loaded in the browser, on demand, by the search
 * palette (components/site/search/command-palette.tsx): the parts are imported one by one, not as cmdk's
 * `Command` object, so cmdk's Radix dialog stays out of the bundle; the input's icon is passed in (a
 * server-made one, components/site/icons.tsx) instead of lucide's; and a given `className` is appended,
 * not merged (no tailwind-merge in the browser), so it must add to the classes here, never contradict them.
 */

const join = (base: string, className: string | undefined) => (className ? `${base} ${className}` : base);

function Command({ className, ...props }: React.ComponentProps<typeof CommandRoot>) {
  return <CommandRoot data-slot="command" className={join('flex w-full flex-col overflow-hidden bg-popover text-popover-foreground', className)} {...props} />;
}

/** `icon` stands where shadcn has lucide's SearchIcon; `children` follow the input in its row (a close button). */
function CommandInput({
  className,
  icon,
  children,
  ...props
}: Omit<React.ComponentProps<typeof CommandInputPrimitive>, 'children'> & { icon?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <div data-slot="command-input-wrapper" className="flex h-12 items-center gap-2 border-b px-3 [&>.icon]:size-4 [&>.icon]:shrink-0 [&>.icon]:opacity-50">
      {icon}
      <CommandInputPrimitive
        data-slot="command-input"
        className={join(
          'flex h-10 w-full rounded-md bg-transparent py-3 text-base outline-hidden placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 sm:text-sm',
          className,
        )}
        {...props}
      />
      {children}
    </div>
  );
}

function CommandList({ className, ...props }: React.ComponentProps<typeof CommandListPrimitive>) {
  return <CommandListPrimitive data-slot="command-list" className={join('scroll-py-1 overflow-x-hidden overflow-y-auto', className)} {...props} />;
}

function CommandGroup({ className, ...props }: React.ComponentProps<typeof CommandGroupPrimitive>) {
  return (
    <CommandGroupPrimitive
      data-slot="command-group"
      className={join(
        'overflow-hidden p-1 text-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

function CommandItem({ className, ...props }: React.ComponentProps<typeof CommandItemPrimitive>) {
  return (
    <CommandItemPrimitive
      data-slot="command-item"
      className={join(
        'relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-hidden select-none data-[disabled=true]:pointer-events-none data-[disabled=true]:opacity-50 data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground',
        className,
      )}
      {...props}
    />
  );
}

export { Command, CommandInput, CommandList, CommandGroup, CommandItem };
