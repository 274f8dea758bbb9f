import type { ReactNode } from 'react';
import Link from 'next/link';
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
 * Spec section 2: cover image, tags, title, long-form date, excerpt, 'Read Article'. No 'use client': a
 * server component where a page shows it (related articles), part of the blog's filter where that uses it.
 */
export function BlogCard({ post, cover, headingLevel: Heading = 'h2', onTagSelect, activeTag = null }: BlogCardProps) {
  const href = `/blog/${post.slug}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition-[border-color,box-shadow] hover:border-primary/40 hover:shadow-lg hover:shadow-primary/5 focus-within:border-primary/40">
      <Link href={href} tabIndex={-1} aria-hidden="true" className="relative block aspect-[16/9] overflow-hidden bg-muted">
        {cover}
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-6">
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
        <Heading className="font-serif text-xl leading-snug font-semibold tracking-tight text-foreground">
          <Link href={href} className="rounded-sm outline-none hover:text-primary focus-visible:ring-[3px] focus-visible:ring-ring">
            {post.title}
          </Link>
        </Heading>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <LongDate date={post.date} />
        </p>
        {post.excerpt ? <p className="line-clamp-3 leading-relaxed text-muted-foreground">{post.excerpt}</p> : null}
        <Link
          href={href}
          className="mt-auto inline-flex w-fit items-center gap-1.5 rounded-sm pt-2 text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring underline-offset-4"
        >
          Read Article
          <span className="sr-only">: {post.title}</span>
          <ArrowRight aria-hidden="true" className="size-4 transition-transform motion-safe:group-hover:translate-x-0.5" />
        </Link>
      </div>
    </article>
  );
}
