import * as React from 'react';

import { cn } from '@/lib/utils';

/** The input's classes, `className` merged over them (for client code that must not load the merger). */
function inputClassName(className?: string): string {
  return cn(
        'flex h-9 w-full min-w-0 rounded-md border border-input bg-input/20 px-3 py-1 text-base shadow-xs transition-[color,box-shadow] outline-none selection:bg-primary selection:text-primary-foreground placeholder:text-muted-foreground disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/40',
        className,
  );
}

function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  return <input type={type} data-slot="input" className={inputClassName(className)} {...props} />;
}

export { Input, inputClassName };
