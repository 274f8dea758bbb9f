import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { tagHref } from '@/lib/content/blog/rules';

/** A tag badge that opens the blog filtered by that tag (/blog?tag=…). */
export function TagLink({ tag }: { tag: string }) {
  return (
    <Badge asChild variant="secondary">
      <Link href={tagHref(tag)} title={`Show articles tagged ${tag}`}>
        {tag}
      </Link>
    </Badge>
  );
}
