/** Types of after-paint.mjs. */
/** The page with its head's chunk scripts as data blocks and the chunk loader before `</body></html>`. */
export function chunksAfterFirstPaint(html: string): string;
/** The page with `tag` just before its closing `</body></html>`, or at its end. */
export function beforePageEnd(html: string, tag: string): string;
/** chunksAfterFirstPaint for a page written in pieces: each answer is what to send on. */
export class ChunksAfterPaint {
  push(piece: Buffer): Buffer[];
  end(): Buffer[];
}
