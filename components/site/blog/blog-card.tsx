import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { ArrowRight } from '@/components/site/icons';

import { LongDate } from '@/components/site/long-date';
import { badgeVariants } from '@/components/ui/badge-variants';
import type { BlogCardPost } from '@/lib/content/blog/types';
import { TagLink } from './tag-link';

interface BlogCardProps {
  post: BlogCardPost;
  /** The cover image, rendered on the server (blog-card-cover.tsx): its optimised addresses are made there. */
  cover: ReactNode;
  /** The card's title rank in the page outline: h2 on /blog, h3 under 'Related Articles'. */
  headingLevel?: 'h2' | 'h3';
  /** On /blog a tag selects the filter in place; elsewhere tags link to /blog?tag=. */
  onTagSelect?: (tag: string) => void;
  /** The tag the list is filtered by, marked as pressed on the card. */
  activeTag?: string | null;
}

/**
 * docs/product.md §2: cover image, tags, title, long-form date, excerpt, 'Read Article'. No 'use client': a
 * server component where a page shows it (related articles), part of the blog's filter where that uses it.
 */
export function BlogCard({ post, cover, headingLevel: Heading = 'h2', onTagSelect, activeTag = null }: BlogCardProps) {
  const href = `/blog/${post.slug}`;
  return (
    <article className="blog-card group">
      <Link href={href} tabIndex={-1} aria-hidden="true" className="card-cover-frame">
        {cover}
      </Link>
      <div className="blog-card-body">
        {post.tags.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag}>
                {onTagSelect ? (
                  <button
                    type="button"
                    data-slot="badge"
                    aria-pressed={activeTag === tag}
                    title={`Show articles tagged ${tag}`}
                    onClick={() => onTagSelect(tag)}
                    className={`${badgeVariants({ variant: activeTag === tag ? 'default' : 'secondary' })} cursor-pointer outline-none`}
                  >
                    {tag}
                  </button>
                ) : (
                  <TagLink tag={tag} />
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <Heading className="card-heading">
          <Link href={href} className="card-title-link">
            {post.title}
          </Link>
        </Heading>
        <p className="meta-line">
          <LongDate date={post.date} />
        </p>
        {post.excerpt ? <p className="card-excerpt">{post.excerpt}</p> : null}
        <Link href={href} className="card-more mt-auto pt-2">
          Read Article
          <span className="sr-only">: {post.title}</span>
          <ArrowRight className="card-more-arrow" />
        </Link>
      </div>
    </article>
  );
}
