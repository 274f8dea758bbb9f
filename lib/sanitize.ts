import 'server-only';
import sanitize, { type IOptions, type Attributes } from 'sanitize-html';

import { ALLOWED_ATTRIBUTES, ALLOWED_SCHEMES, ALLOWED_SCHEMES_BY_TAG, ALLOWED_TAGS, NON_TEXT_TAGS, URL_ATTRIBUTES } from '@/lib/markup/allowed-html';

/**
 * Personal posts are HTML written in the admin's rich editor (docs/product.md §3) and rendered as raw HTML on
 * /personal/{id}. Everything that could run code, leave the page, or cover it is removed here, by an
 * allowlist: a tag, attribute or URL scheme not named below does not survive. The editor calls this on
 * save and the public page calls it again before rendering, so rows written before a rule tightened (or
 * straight into the database) are still safe. The lists themselves live in `lib/markup/allowed-html.ts`,
 * shared with the editor's paste filter so the two cannot drift apart.
 */

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

// sanitize-html takes mutable arrays; it gets copies, so the shared frozen lists stay untouched.
const OPTIONS: IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  // Relative URLs stay (uploads are served from this site); see ALLOWED_SCHEMES for what else does.
  allowedSchemes: [...ALLOWED_SCHEMES],
  allowedSchemesByTag: Object.fromEntries(Object.entries(ALLOWED_SCHEMES_BY_TAG).map(([tag, schemes]) => [tag, [...schemes]])),
  allowedSchemesAppliedToAttributes: [...URL_ATTRIBUTES],
  allowProtocolRelative: true,
  // The text inside these is markup or code in disguise, never prose: drop it with the tag.
  nonTextTags: [...NON_TEXT_TAGS],
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
