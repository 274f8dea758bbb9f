// @ts-check
/**
 * A public page's JavaScript loaded after its first paint (issue 49). React writes the chunks it preinitialises
 * into the head as `<script src async>`, and its bootstrap script (`id="_R_"`, the Turbopack runtime) after the
 * page's content, with a low-priority preload of it in the head; the page-view script is in the head too. On a
 * phone they shared the connection with the stylesheet, arrived, and ran ahead of the first paint, which waits
 * for the stylesheet, so the largest paint waited for all of them, and for the page view the script sends
 * (docs/architecture.md, "A public page load"). Here each becomes an inert data block naming the script,
 * `<script type=application/json data-after-paint="…">`, the preload goes, and one fixed script, CHUNK_LOADER,
 * adds them back once the first frame is on the screen; the first paint then waits for the HTML and the
 * stylesheet only.
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

/**
 * In a page's head, as React writes them: one of Next's own chunk scripts, or the page-view script
 * (lib/analytics/rules.ts's INSIGHTS_SCRIPT), each to load after the paint; or the preload of the bootstrap
 * script, which goes (the bootstrap itself is loaded after the paint, see BOOTSTRAP_SCRIPT).
 */
const HEAD_SCRIPT = /<script src="(\/_next\/static\/chunks\/[\w.~-]+\.js|\/insights\/script\.js)" async=""><\/script>|<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/chunks\/[\w.~-]+\.js"\/>/g;

/**
 * React's bootstrap script, after the page's content: the first one only. Its file name is bounded so that the
 * streamed rewrite knows when a piece that began like it cannot be it.
 */
const BOOTSTRAP_SCRIPT = /<script src="(\/_next\/static\/chunks\/[\w.~-]{1,200}\.js)" id="_R_" async=""><\/script>/;
const BOOTSTRAP_START = '<script src="/_next/static/chunks/';
/** What follows a bootstrap script's file name. */
const BOOTSTRAP_TAIL = '.js" id="_R_" async=""></script>';
/** The longest a bootstrap script's tag can be (BOOTSTRAP_SCRIPT's file name at its longest). */
const BOOTSTRAP_MAX_BYTES = BOOTSTRAP_START.length + 200 + BOOTSTRAP_TAIL.length;

/** @param {string} src */
const dataBlock = (src) => `<script type=application/json data-after-paint="${src}"></script>`;

/**
 * A page's head (the HTML before `</head>`) with each of its scripts to load later made an inert data block and
 * the bootstrap's preload gone (HEAD_SCRIPT), or null when it holds none. Only the head is read for these: React
 * writes them there, before any content, and the payload and the content below hold no such tag (text is
 * escaped).
 * @param {string} head
 * @returns {string | null}
 */
function headChunksAsData(head) {
  let moved = 0;
  const rewritten = head.replace(HEAD_SCRIPT, (_, /** @type {string | undefined} */ src) => {
    moved += 1;
    return src === undefined ? '' : dataBlock(src);
  });
  return moved === 0 ? null : rewritten;
}

/**
 * The page after its head with React's bootstrap script made an inert block too (the first, see
 * BOOTSTRAP_SCRIPT: React writes one, after the shell; text is escaped, so content cannot look like it).
 * @param {string} rest
 * @returns {string}
 */
function bootstrapAsData(rest) {
  return rest.replace(BOOTSTRAP_SCRIPT, (_, /** @type {string} */ src) => dataBlock(src));
}

/**
 * The whole page with its scripts loaded after its first paint: the head's as data blocks (headChunksAsData), the
 * bootstrap script as one, and the loader just before `</body></html>` (or at the end). A page without chunk
 * scripts in its head is returned as it is. The scripts' paths (data-after-paint) are what js:size and the budget
 * test count.
 * @param {string} html
 * @returns {string}
 */
export function chunksAfterFirstPaint(html) {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd === -1) return html;
  const head = headChunksAsData(html.slice(0, headEnd));
  if (head === null) return html;
  return `${head}${beforePageEnd(bootstrapAsData(html.slice(headEnd)), LOADER_TAG)}`;
}

/** How much of a page is held back while its head is looked for; past it the page goes out unchanged. */
const MAX_HEAD_BYTES = 256 * 1024;
const HEAD_END_BYTES = Buffer.from(HEAD_END);
const PAGE_END_BYTES = Buffer.from(PAGE_END);
const LOADER_BYTES = Buffer.from(LOADER_TAG);

const BOOTSTRAP_START_BYTES = Buffer.from(BOOTSTRAP_START);
const SCRIPT_END_BYTES = Buffer.from('</script>');
/** BOOTSTRAP_SCRIPT as the whole of a text. */
const WHOLE_BOOTSTRAP = new RegExp(`^${BOOTSTRAP_SCRIPT.source}$`);

/**
 * The length of the longest end of `bytes` that begins `start`: what must wait for the next piece.
 * @param {Buffer} bytes
 * @param {Buffer} start
 */
function prefixLength(bytes, start) {
  for (let length = Math.min(start.length, bytes.length); length > 0; length -= 1) {
    if (bytes.subarray(bytes.length - length).equals(start.subarray(0, length))) return length;
  }
  return 0;
}

/**
 * Whether `text`, which begins with BOOTSTRAP_START and holds no `</script>`, may be the beginning of a bootstrap
 * script's tag: a file name of BOOTSTRAP_SCRIPT's characters, then the beginning of BOOTSTRAP_TAIL.
 * @param {string} text
 */
function mayBeBootstrap(text) {
  const rest = text.slice(BOOTSTRAP_START.length);
  const name = /^[\w.~-]{0,200}/.exec(rest)?.[0] ?? '';
  // The name may end anywhere in its run (the tail begins with '.js', which a name may hold too).
  for (let length = name.length; length >= 0; length -= 1) {
    if (BOOTSTRAP_TAIL.startsWith(rest.slice(length))) return true;
  }
  return false;
}

/**
 * chunksAfterFirstPaint for a page that is written as it renders: given the pieces in order, it answers what to
 * send on, and the concatenation of its answers is chunksAfterFirstPaint of the whole page. It holds back the
 * head until `</head>` has arrived (a page that has none within MAX_HEAD_BYTES goes out unchanged); after a moved
 * head, until the bootstrap script has gone by, what may be its tag's beginning (at most BOOTSTRAP_MAX_BYTES);
 * and at most the last 14 bytes, while they may be the start of `</body></html>`. Nothing else waits.
 */
export class ChunksAfterPaint {
  /** @type {'head' | 'moved' | 'unchanged'} */
  #state = 'head';
  /** The head's bytes so far, or the bytes held back after it. */
  #held = Buffer.alloc(0);
  /** After a moved head: the bootstrap script has not gone by yet. */
  #bootstrapAhead = true;

  /**
   * @param {Buffer} piece
   * @returns {Buffer[]} what to send on now
   */
  push(piece) {
    if (this.#state === 'unchanged') return [piece];
    const searched = this.#held.length;
    const bytes = searched === 0 ? piece : Buffer.concat([this.#held, piece]);
    this.#held = Buffer.alloc(0);
    if (this.#state === 'moved') return this.#afterHead(bytes);
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
    return [Buffer.from(head), ...this.#afterHead(bytes.subarray(headEnd))];
  }

  /** @returns {Buffer[]} what to send at the end of the page */
  end() {
    const held = this.#held;
    this.#held = Buffer.alloc(0);
    if (this.#state !== 'moved') return held.length > 0 ? [held] : [];
    return held.equals(PAGE_END_BYTES) ? [LOADER_BYTES, held] : [held, LOADER_BYTES];
  }

  /**
   * After a moved head: the bootstrap script as a data block once its whole tag is here (bootstrapAsData), and
   * what may be its beginning or the beginning of PAGE_END held back.
   * @param {Buffer} bytes
   * @returns {Buffer[]}
   */
  #afterHead(bytes) {
    /** @type {Buffer[]} */
    const sent = [];
    let rest = bytes;
    let from = 0;
    while (this.#bootstrapAhead) {
      const start = rest.indexOf(BOOTSTRAP_START_BYTES, from);
      if (start === -1) break;
      const close = rest.indexOf(SCRIPT_END_BYTES, start);
      if (close === -1) {
        if (!mayBeBootstrap(rest.subarray(start).toString('latin1'))) {
          from = start + 1;
          continue;
        }
        if (start > 0) sent.push(rest.subarray(0, start));
        this.#held = rest.subarray(start);
        return sent;
      }
      const end = close + SCRIPT_END_BYTES.length;
      const match = end - start <= BOOTSTRAP_MAX_BYTES ? WHOLE_BOOTSTRAP.exec(rest.subarray(start, end).toString('latin1')) : null;
      if (match === null) {
        from = start + 1;
        continue;
      }
      sent.push(rest.subarray(0, start), Buffer.from(dataBlock(/** @type {string} */ (match[1]))));
      rest = rest.subarray(end);
      this.#bootstrapAhead = false;
    }
    const held = Math.max(prefixLength(rest, PAGE_END_BYTES), this.#bootstrapAhead ? prefixLength(rest, BOOTSTRAP_START_BYTES) : 0);
    this.#held = rest.subarray(rest.length - held);
    if (held < rest.length) sent.push(rest.subarray(0, rest.length - held));
    return sent;
  }
}
