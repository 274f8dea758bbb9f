/**
 * What belongs to a paper besides its text (issue 45): its code, data, slides, video, poster and published
 * version, each an address or a file of the site's own (a `/storage/…` address from the media library, where
 * slides and posters are uploaded as PDFs), shown as labelled buttons on the paper's card, its page and the CV; and a note
 * shown with the authors ('Equal contribution', 'Authors in alphabetical order', 'Best paper award').
 * Client-safe.
 */

export const PAPER_LINKS = [
  { key: 'codeUrl', column: 'code_url', label: 'Code' },
  { key: 'dataUrl', column: 'data_url', label: 'Data' },
  { key: 'slidesUrl', column: 'slides_url', label: 'Slides' },
  { key: 'videoUrl', column: 'video_url', label: 'Video' },
  { key: 'posterUrl', column: 'poster_url', label: 'Poster' },
  { key: 'publishedUrl', column: 'published_url', label: 'Published version' },
] as const;

export type PaperLinkKey = (typeof PAPER_LINKS)[number]['key'];

/** A paper's links, each null when it has none. */
export type PaperLinkValues = { [key in PaperLinkKey]: string | null };

/** The note's longest text: a line, not a paragraph. */
export const PAPER_NOTE_MAX = 200;

/** The links a paper has, in the order the buttons show them. */
export function linksOf(paper: PaperLinkValues): { key: PaperLinkKey; label: string; href: string }[] {
  return PAPER_LINKS.flatMap(({ key, label }) => {
    const href = paper[key];
    return href ? [{ key, label, href }] : [];
  });
}
