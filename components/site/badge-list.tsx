import { Badge } from '@/components/ui/badge';

/** Technologies (or other short labels) as a list of secondary badges. */
export function BadgeList({ items, className, label }: { items: string[]; className: string; label?: string }) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item) => (
        <li key={item}>
          <Badge variant="secondary">{item}</Badge>
        </li>
      ))}
    </ul>
  );
}
