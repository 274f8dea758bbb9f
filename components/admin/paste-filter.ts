import createDOMPurify, { type Config, type DOMPurify, type UponSanitizeAttributeHookEvent } from 'dompurify';

import { ALLOWED_ATTRIBUTES, ALLOWED_SCHEMES, ALLOWED_TAGS, NON_TEXT_TAGS, URL_ATTRIBUTES, allowedAttributesFor, allowedSchemesFor } from '@/lib/markup/allowed-html';

/**
 * The rich editor's filter for pasted HTML and restored drafts: DOMPurify, run in the browser, held to the
 * same allow-list as the server's sanitiser (`lib/markup/allowed-html.ts`). An allow-list rather than a
 * list of known-bad patterns, because the browser forgives far more than a pattern anticipates
 * (`java&#9;script:`, `xlink:href` inside svg, entity-encoded schemes). The server sanitises again on save;
 * this keeps the editable area, and anything else that renders its HTML, free of live payloads meanwhile.
 */

/**
 * An attribute value DOMPurify accepts: one of the schemes, or no scheme at all (a site path, `#…`, a
 * relative address, or a plain word such as `noopener` or `_blank`). A scheme is a letter followed by
 * letters, digits, `+`, `-` or `.` and then a colon, as the URL standard reads it; the "no scheme" branch
 * therefore needs the letters to end in something other than a colon. DOMPurify tests this against the
 * value with whitespace and control characters removed, and the DOM has already decoded entities.
 */
function allowedUrlPattern(schemes: readonly string[]): RegExp {
  const names = schemes.map((scheme) => scheme.replace(/[.+-]/g, '\\$&')).join('|');
  return new RegExp(`^(?:(?:${names}):|[^a-z]|[a-z][a-z\\d+.\\-]*(?:[^a-z\\d+.\\-:]|$))`, 'i');
}

/**
 * Whitespace and control characters, removed before the per-element check below: more than a browser
 * ignores in a scheme (tab and newline anywhere, C0 controls and spaces at the start), so that the check
 * errs towards dropping an address (`\u007fjavascript:` goes too, though a browser reads it as a path).
 */
const URL_NOISE = /[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

/** DOMPurify's attribute list is one set for all elements; every attribute named anywhere goes in it. */
const ANY_ELEMENT_ATTRIBUTES = [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())];

const CONFIG = {
  ALLOWED_TAGS: [...ALLOWED_TAGS],
  ALLOWED_ATTR: ANY_ELEMENT_ATTRIBUTES,
  ALLOWED_URI_REGEXP: allowedUrlPattern(ALLOWED_SCHEMES),
  // As the server does: the text of a removed element stays, except in these, where it is code or markup.
  FORBID_CONTENTS: [...NON_TEXT_TAGS],
  // data-* and aria-* are allowed by DOMPurify's defaults but not by the server's list.
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Parse as the content of a body, the context the editable area gives it, rather than as a document:
  // otherwise a leading <noscript>, <style> or <meta> opens a head, and what the head cannot hold spills
  // into the body out of reach of FORBID_CONTENTS.
  FORCE_BODY: true,
} satisfies Config;

const URL_PATTERNS = new Map<string, RegExp>();

/** The address pattern for this element's schemes, built once per element name. */
function urlPatternFor(tagName: string): RegExp {
  const tag = tagName.toLowerCase();
  let pattern = URL_PATTERNS.get(tag);
  if (!pattern) URL_PATTERNS.set(tag, (pattern = allowedUrlPattern(allowedSchemesFor(tag))));
  return pattern;
}

/**
 * Narrows DOMPurify's global attribute set to the per-element lists (a `title` on an `a`, not on a `p`),
 * and holds each address to its element's schemes (an `img` may not point at `mailto:`, nor at the
 * `data:` images DOMPurify allows on `img` by default). It only ever removes: DOMPurify's own checks still
 * run on whatever it keeps.
 */
function keepListedAttributes(element: Element, event: UponSanitizeAttributeHookEvent): void {
  const name = event.attrName.toLowerCase();
  if (!allowedAttributesFor(element.nodeName).includes(name)) {
    event.keepAttr = false;
    return;
  }
  if (URL_ATTRIBUTES.includes(name) && !urlPatternFor(element.nodeName).test(event.attrValue.replace(URL_NOISE, ''))) {
    event.keepAttr = false;
  }
}

let purifier: DOMPurify | undefined;

/**
 * DOMPurify bound to this page's window, made on first use: the editor is also rendered on the server
 * for the first HTML, where there is no window and DOMPurify would pass its input through unchanged.
 */
function browserPurifier(): DOMPurify {
  if (purifier) return purifier;
  if (typeof window === 'undefined') throw new Error('inertHtml needs a browser window: call it from an event handler or an effect.');
  const instance = createDOMPurify(window);
  if (!instance.isSupported) throw new Error('inertHtml: this browser cannot run DOMPurify, so the HTML cannot be cleaned.');
  instance.addHook('uponSanitizeAttribute', keepListedAttributes);
  purifier = instance;
  return instance;
}

/**
 * Makes HTML safe to put into the editable area: everything the server's allow-list would remove is
 * removed here too (scripts, styles, frames, forms, svg and math with their content, event handlers,
 * `style`, `class`, `id`, and every address whose scheme is not http, https or mailto). The server's
 * link and image rewrites (rel, target, lazy loading) are left to the save.
 */
export function inertHtml(html: string): string {
  // NUL is not text in HTML; the server drops it too before parsing (`<scr\0ipt>`).
  return browserPurifier().sanitize(html.replace(/\u0000/g, ''), CONFIG);
}
