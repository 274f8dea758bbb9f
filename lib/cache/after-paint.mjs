// @ts-check
/**
 * A public page's JavaScript loaded after its first paint (issue 49). React writes the chunks it preinitialises
 * into the head as `<script src async>`: on a phone they share the connection with the stylesheet, arrive, and
 * run ahead of the first paint, which waits for the stylesheet, so the largest paint waits for all of them
 * (docs/architecture.md, "A public page load"). Here each becomes an inert data block naming the chunk,
 * `<script type=application/json data-after-paint="…">`, and one fixed script, CHUNK_LOADER, adds them back at
 * the frame after the first paint; the first paint then waits for the HTML and the stylesheet only.
 *
 * Two callers: the route cache rewrites a page once as it stores it (chunksAfterFirstPaint), and a page rendered
 * per request (`/search`, `/talks`) is rewritten as it streams out (ChunksAfterPaint, installed by
 * lib/streamed-page-chunks.ts). Both give the same bytes for the same page. Plain JavaScript: the route cache
 * handler, which Next loads as it is, imports it.
 */
import { CHUNK_LOADER } from '../content-security-policy.mjs';

/** How Next ends a whole page; the chunk loader goes just before it. */
const PAGE_END = '</body></html>';
const HEAD_END = '</head>';
/** The loader as it ends a page whose chunks were moved. */
const LOADER_TAG = `<script>${CHUNK_LOADER}</script>`;

/**
 * The page with `tag` added at its end: just before `</body></html>`, with which Next ends a whole page (the
 * payload's last pieces just before it), or after everything when it does not end so.
 * @param {string} html
 * @param {string} tag
 * @returns {string}
 */
export function beforePageEnd(html, tag) {
  return html.endsWith(PAGE_END) ? `${html.slice(0, -PAGE_END.length)}${tag}${PAGE_END}` : `${html}${tag}`;
}

/** One of Next's own chunk scripts as React writes it into a page's head. */
const HEAD_CHUNK_SCRIPT = /<script src="(\/_next\/static\/chunks\/[\w.~-]+\.js)" async=""><\/script>/g;

/**
 * A page's head (the HTML before `</head>`) with each of Next's chunk scripts made an inert data block, or null
 * when it holds none. Only the head is read: React writes the scripts it preinitialises there, before any
 * content, and the payload and the content below hold no such tag (text is escaped).
 * @param {string} head
 * @returns {string | null}
 */
function headChunksAsData(head) {
  let moved = 0;
  const rewritten = head.replace(HEAD_CHUNK_SCRIPT, (_, /** @type {string} */ src) => {
    moved += 1;
    return `<script type=application/json data-after-paint="${src}"></script>`;
  });
  return moved === 0 ? null : rewritten;
}

/**
 * The whole page with its chunks loaded after its first paint: the head's chunk scripts as data blocks, and the
 * loader just before `</body></html>` (or at the end). A page without chunk scripts in its head is returned as it
 * is. The chunk's path (data-after-paint) is what js:size and the budget test count.
 * @param {string} html
 * @returns {string}
 */
export function chunksAfterFirstPaint(html) {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return html;
  const head = headChunksAsData(html.slice(0, headEnd));
  if (head === null) return html;
  return `${head}${beforePageEnd(html.slice(headEnd), LOADER_TAG)}`;
}

/** How much of a page is held back while its head is looked for; past it the page goes out unchanged. */
const MAX_HEAD_BYTES = 256 * 1024;
const HEAD_END_BYTES = Buffer.from(HEAD_END);
const PAGE_END_BYTES = Buffer.from(PAGE_END);
const LOADER_BYTES = Buffer.from(LOADER_TAG);

/**
 * The length of the longest end of `bytes` that begins PAGE_END: what must wait for the next piece, since the
 * loader goes before PAGE_END only if the page ends with it.
 * @param {Buffer} bytes
 */
function pageEndPrefixLength(bytes) {
  for (let length = Math.min(PAGE_END_BYTES.length, bytes.length); length > 0; length -= 1) {
    if (bytes.subarray(bytes.length - length).equals(PAGE_END_BYTES.subarray(0, length))) return length;
  }
  return 0;
}

/**
 * chunksAfterFirstPaint for a page that is written as it renders: given the pieces in order, it answers what to
 * send on, and the concatenation of its answers is chunksAfterFirstPaint of the whole page. It holds back the
 * head until `</head>` has arrived (a page that has none within MAX_HEAD_BYTES goes out unchanged), and after
 * a moved head at most the last 14 bytes, while they may be the start of `</body></html>`; nothing else waits.
 */
export class ChunksAfterPaint {
  /** @type {'head' | 'moved' | 'unchanged'} */
  #state = 'head';
  /** The head's bytes so far, or the bytes held back before PAGE_END. */
  #held = Buffer.alloc(0);

  /**
   * @param {Buffer} piece
   * @returns {Buffer[]} what to send on now
   */
  push(piece) {
    if (this.#state === 'unchanged') return [piece];
    const searched = this.#held.length;
    const bytes = searched === 0 ? piece : Buffer.concat([this.#held, piece]);
    this.#held = Buffer.alloc(0);
    if (this.#state === 'moved') return this.#holdPageEnd(bytes);
    // The head held so far has no `</head>`: only one that reaches into the new piece can be there.
    const headEnd = bytes.indexOf(HEAD_END_BYTES, Math.max(searched - HEAD_END_BYTES.length + 1, 0));
    if (headEnd === -1) {
      if (bytes.length <= MAX_HEAD_BYTES) {
        this.#held = bytes;
        return [];
      }
      this.#state = 'unchanged';
      return [bytes];
    }
    const head = headChunksAsData(bytes.subarray(0, headEnd).toString('utf8'));
    if (head === null) {
      this.#state = 'unchanged';
      return [bytes];
    }
    this.#state = 'moved';
    return [Buffer.from(head), ...this.#holdPageEnd(bytes.subarray(headEnd))];
  }

  /** @returns {Buffer[]} what to send at the end of the page */
  end() {
    const held = this.#held;
    this.#held = Buffer.alloc(0);
    if (this.#state !== 'moved') return held.length > 0 ? [held] : [];
    return held.equals(PAGE_END_BYTES) ? [LOADER_BYTES, held] : [held, LOADER_BYTES];
  }

  /** @param {Buffer} bytes */
  #holdPageEnd(bytes) {
    const held = pageEndPrefixLength(bytes);
    this.#held = bytes.subarray(bytes.length - held);
    return held === bytes.length ? [] : [bytes.subarray(0, bytes.length - held)];
  }
}
