/** A blog post (table blog_posts): client-safe types. */

export interface BlogPost {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  /** yyyy-mm-dd */
  date: string;
  tags: string[];
  coverImage: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a card shows: the list page sends only this to the browser, never the article bodies. */
export type BlogCardPost = Pick<BlogPost, 'id' | 'slug' | 'title' | 'excerpt' | 'date' | 'tags' | 'coverImage'>;
