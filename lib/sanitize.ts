import 'server-only';
import sanitize, { type IOptions, type Attributes } from 'sanitize-html';

/**
 * Personal posts are HTML written in the admin's rich editor (spec section 3) and rendered as raw HTML on
 * /personal/{id}. Everything that could run code, leave the page, or cover it is removed here, by an
 * allowlist: a tag, attribute or URL scheme not named below does not survive. The editor calls this on
 * save and the public page calls it again before rendering, so rows written before a rule tightened (or
 * straight into the database) are still safe.
 */

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'div', 'span',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'sub', 'sup', 'small',
  'blockquote', 'h1', 'h2', 'h3', 'h4',
  'ul', 'ol', 'li',
  'code', 'pre',
  'a', 'img',
  'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
];

// No `style`, `class` or `id` anywhere: a style or a utility class (`fixed inset-0 z-50`) could lay a fake
// page over the real one, and an id could clobber globals the page's scripts read (DOM clobbering).
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start'],
};

/** Control characters and whitespace a browser ignores inside a URL scheme (`java\tscript:`). */
const URL_NOISE = /[\u0000-\u0020\u007f-\u009f]/g;

function isExternal(href: string): boolean {
  return /^(?:https?:)?[/\\]{2}/i.test(href.replace(URL_NOISE, ''));
}

/** Every link gets a rel that keeps the opened page from reaching back; external ones open in a new tab. */
function transformLink(tagName: string, attribs: Attributes) {
  const href = attribs.href ?? '';
  const next: Attributes = { rel: 'noopener noreferrer nofollow' };
  if (href) next.href = href;
  if (attribs.title) next.title = attribs.title;
  if (isExternal(href)) next.target = '_blank';
  return { tagName, attribs: next };
}

/** Only whole pixel sizes pass for width and height; images load lazily below the fold. */
function transformImage(tagName: string, attribs: Attributes) {
  const next: Attributes = { loading: 'lazy' };
  for (const name of ['src', 'alt', 'title'] as const) if (attribs[name] !== undefined) next[name] = attribs[name];
  for (const name of ['width', 'height'] as const) {
    if (attribs[name] !== undefined && /^\d{1,4}$/.test(attribs[name])) next[name] = attribs[name];
  }
  return { tagName, attribs: next };
}

const OPTIONS: IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  // Relative URLs stay (uploads are served from this site). No data:, javascript:, vbscript:, file:.
  allowedSchemes: ['http', 'https', 'mailto'],
  // data: images are left out on purpose: an SVG data URL is a document of its own, and nothing the
  // editor produces needs inline images (uploads are stored files).
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: true,
  // The text inside these is markup or code in disguise, never prose: drop it with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'xmp', 'title', 'object', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  allowVulnerableTags: false,
  transformTags: { a: transformLink, img: transformImage },
  // An absurdly deep tree is a denial-of-service attempt, not an article.
  nestingLimit: 100,
};

/** The HTML with everything executable or page-covering removed; ordinary formatting is kept. */
export function sanitizeHtml(html: string): string {
  // NUL is not text in HTML; left in, some parsers split a tag name around it (`<scr\0ipt>`).
  return sanitize(html.replace(/\u0000/g, ''), OPTIONS);
}
