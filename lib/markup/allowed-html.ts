/**
 * The allow-list of HTML a personal post may contain (docs/product.md §3; the allow-list: §6, "What the site removes"), in one place for both of its
 * users: the server's sanitiser (`lib/sanitize.ts`, sanitize-html) and the rich editor's paste and draft
 * filter (`components/admin/paste-filter.ts`, DOMPurify in the browser). Keeping a single list means the
 * editor can never show markup the server would strip, nor let through something the server would not.
 * Plain data, no imports and no 'server-only': the editor's client bundle includes this module.
 *
 * The lists are frozen so that neither user can widen them for the other by mutating a shared array.
 */

/** The elements kept; any other element is removed (its text kept, unless it is in NON_TEXT_TAGS). */
export const ALLOWED_TAGS: readonly string[] = Object.freeze([
  'p', 'br', 'hr', 'div', 'span',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'ins', 'mark', 'sub', 'sup', 'small',
  'blockquote', 'h1', 'h2', 'h3', 'h4',
  'ul', 'ol', 'li',
  'code', 'pre',
  'a', 'img',
  'figure', 'figcaption',
  'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
]);

// No `style`, `class` or `id` anywhere: a style or a utility class (`fixed inset-0 z-50`) could lay a fake
// page over the real one, and an id could clobber globals the page's scripts read (DOM clobbering).
/** The attributes kept, per element; an element not named here keeps none. */
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  a: Object.freeze(['href', 'title', 'rel', 'target']),
  img: Object.freeze(['src', 'alt', 'title', 'width', 'height', 'loading']),
  th: Object.freeze(['colspan', 'rowspan', 'scope']),
  td: Object.freeze(['colspan', 'rowspan']),
  ol: Object.freeze(['start']),
});

// Relative URLs stay (uploads are served from this site). No data:, javascript:, vbscript:, file:.
/** The URL schemes an address may use; an address without a scheme (a site path, `#…`) is always kept. */
export const ALLOWED_SCHEMES: readonly string[] = Object.freeze(['http', 'https', 'mailto']);

// data: images are left out on purpose: an SVG data URL is a document of its own, and nothing the editor
// produces needs inline images (uploads are stored files).
/** Narrower scheme lists for some elements, overriding ALLOWED_SCHEMES there. */
export const ALLOWED_SCHEMES_BY_TAG: Readonly<Record<string, readonly string[]>> = Object.freeze({
  img: Object.freeze(['http', 'https']),
});

/** The attributes whose value is an address, and so is held to the scheme lists above. */
export const URL_ATTRIBUTES: readonly string[] = Object.freeze(['href', 'src', 'cite']);

// The text inside these is markup or code in disguise, never prose: it goes with the element. svg and
// math are here, not in ALLOWED_TAGS, so their link attributes (xlink:href, href) never survive either.
/** Elements removed together with everything inside them. */
export const NON_TEXT_TAGS: readonly string[] = Object.freeze([
  'script', 'style', 'textarea', 'option', 'noscript', 'template', 'iframe', 'noembed', 'noframes', 'xmp', 'title', 'object', 'svg', 'math',
]);

/** The schemes an address on this element may use. */
export function allowedSchemesFor(tagName: string): readonly string[] {
  const tag = tagName.toLowerCase();
  return Object.hasOwn(ALLOWED_SCHEMES_BY_TAG, tag) ? ALLOWED_SCHEMES_BY_TAG[tag] : ALLOWED_SCHEMES;
}

/** The attributes this element may keep (none for an element the lists do not name). */
export function allowedAttributesFor(tagName: string): readonly string[] {
  const tag = tagName.toLowerCase();
  return Object.hasOwn(ALLOWED_ATTRIBUTES, tag) ? ALLOWED_ATTRIBUTES[tag] : [];
}
