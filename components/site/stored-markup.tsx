import { cacheTag } from 'next/cache';
import { Markdown } from '@/components/site/markdown';
import { PageHtml } from '@/components/site/page-html';
import { getBlogPost } from '@/lib/content/blog/queries';
import { getCourse } from '@/lib/content/courses/queries';
import { getResearchPapers } from '@/lib/content/research/queries';
import { ABSTRACT_CARD_LENGTH, ABSTRACT_HIGHLIGHT_LENGTH, cutMarkup } from '@/lib/content/research/rules';
import { getTalk } from '@/lib/content/talks/queries';
import { TAGS } from '@/lib/content/tags';

/*
 * Stored markup, typeset once and kept in the server's cache (typesetting mathematics is the costliest
 * part of a page). Next.js makes every 'use cache' function callable by anyone who knows its id, so these
 * take only an id or slug and look the text up themselves: a caller can never have text of its own
 * typeset here.
 */

/** A blog post's body, by its slug (`.post-body`: its blocks are laid out as they near the screen, app/globals.css). */
export async function BlogPostBody({ slug }: { slug: string }) {
  'use cache';
  cacheTag(TAGS.blog);
  const post = await getBlogPost(slug);
  return post ? <Markdown source={post.content} className="post-body" insert={PageHtml} /> : null;
}

const ABSTRACT_LOOKS = {
  page: 'text-base text-foreground/90',
  card: 'mt-4 text-[0.95rem] text-foreground/80',
  highlight: 'mt-3 text-sm leading-relaxed text-muted-foreground',
} as const;

const ABSTRACT_LENGTHS = { page: Infinity, card: ABSTRACT_CARD_LENGTH, highlight: ABSTRACT_HIGHLIGHT_LENGTH } as const;

/** A paper's abstract, by the paper's id: whole on its page, cut on its card and in the home page's highlights. */
export async function PaperAbstract({ id, look }: { id: string; look: keyof typeof ABSTRACT_LOOKS }) {
  'use cache';
  cacheTag(TAGS.research);
  const paper = (await getResearchPapers()).find((candidate) => candidate.id === id);
  if (!paper?.abstract || !(look in ABSTRACT_LOOKS)) return null;
  const source = cutMarkup(paper.abstract, ABSTRACT_LENGTHS[look]);
  // Excerpts (the /research cards, the home page's highlights) draw their formulas as MathML, which the browser
  // lays out itself: those pages load no KaTeX stylesheet or font, so their largest paint never waits for a
  // font (docs/architecture.md, "Measurements"). The paper's own page typesets the whole abstract with KaTeX.
  return <Markdown source={source} className={ABSTRACT_LOOKS[look]} math={look === 'page' ? 'typeset' : 'mathml'} insert={PageHtml} />;
}

/** A talk's abstract, by the talk's id, typeset whole on the talk's page. */
export async function TalkAbstract({ id }: { id: string }) {
  'use cache';
  cacheTag(TAGS.talks);
  const talk = await getTalk(id);
  if (!talk?.abstract) return null;
  return <Markdown source={talk.abstract} className={ABSTRACT_LOOKS.page} math="typeset" insert={PageHtml} />;
}

/**
 * A course's description, by the course's id: typeset whole on the course's page; on /teaching, for a course with
 * no page of its own, with its formulas as MathML, as the list pages draw theirs (no KaTeX stylesheet to wait for).
 */
export async function CourseDescription({ id, look }: { id: string; look: 'page' | 'list' }) {
  'use cache';
  cacheTag(TAGS.courses);
  const course = await getCourse(id);
  if (!course?.description) return null;
  return look === 'page' ? (
    <Markdown source={course.description} className={ABSTRACT_LOOKS.page} math="typeset" insert={PageHtml} />
  ) : (
    <Markdown source={course.description} className="mt-2 text-[0.95rem] text-foreground/80" math="mathml" insert={PageHtml} />
  );
}
