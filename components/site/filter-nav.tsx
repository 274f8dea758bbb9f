import Link from 'next/link';

import { Button } from '@/components/ui/button';

export interface FilterOption {
  label: string;
  href: string;
  active: boolean;
}

/**
 * Filter buttons as links: the choice lives in the URL (?category=, ?status=), so it survives a reload,
 * can be shared, and works without JavaScript. `scroll={false}`: changing a filter keeps the reader's place.
 */
export function FilterNav({ label, options }: { label: string; options: readonly FilterOption[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {options.map((option) => (
          <li key={option.href}>
            <Button asChild size="sm" variant={option.active ? 'default' : 'outline'} className="rounded-full px-4">
              <Link href={option.href} scroll={false} aria-current={option.active ? 'true' : undefined}>
                {option.label}
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
