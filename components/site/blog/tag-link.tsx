import { Link } from '@/components/link';
import { badgeVariants } from '@/components/ui/badge-variants';
import { tagHref } from '@/lib/content/blog/rules';

/** A tag badge that opens the blog filtered by that tag (/blog?tag=…). The Badge look, without Badge: the blog's card renders this in the browser too. */
export function TagLink({ tag }: { tag: string }) {
  return (
    <Link href={tagHref(tag)} title={`Show articles tagged ${tag}`} data-slot="badge" className={badgeVariants({ variant: 'secondary' })}>
      {tag}
    </Link>
  );
}
