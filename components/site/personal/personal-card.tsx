import { Link } from '@/components/link';
import { ArrowRight } from '@/components/site/icons';

import { LongDate } from '@/components/site/long-date';
import type { PersonalPost } from '@/lib/content/personal/types';
import { personalDisplayTitle, personalPreview } from '@/lib/content/personal/rules';
import { PersonalImages } from './personal-images';
import { PersonalTypeBadge } from './personal-type-badge';


/** Cards show a few thumbnails; the post itself shows them all. */
const CARD_IMAGES = 3;

/** docs/product.md §2: title, date, type badge, content preview, images, 'Read Full Post'. */
export function PersonalCard({ post }: { post: PersonalPost }) {
  const title = personalDisplayTitle(post.title, post.content);
  const preview = personalPreview(post.title, post.content);
  const href = `/personal/${post.id}`;
  return (
    <article className="group flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-sm transition-[border-color,box-shadow] hover:border-primary/40 hover:shadow-lg hover:shadow-primary/5 focus-within:border-primary/40 sm:p-8">
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
        <PersonalTypeBadge type={post.type} />
        <span className="flex items-center gap-1.5">
          <LongDate date={post.date} />
        </span>
      </div>
      <h2 className="font-serif text-2xl leading-snug font-semibold tracking-tight text-foreground">
        <Link href={href} className="rounded-sm outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring">
          {title}
        </Link>
      </h2>
      {preview ? <p className="leading-relaxed text-muted-foreground">{preview}</p> : null}
      <PersonalImages urls={post.imageUrls} title={title} limit={CARD_IMAGES} />
      <Link href={href} className="card-more mt-auto">
        Read Full Post
        <span className="sr-only">: {title}</span>
        <ArrowRight className="card-more-arrow" />
      </Link>
    </article>
  );
}
