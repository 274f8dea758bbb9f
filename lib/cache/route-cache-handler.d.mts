/** Types of route-cache-handler.mjs (Next's file-system cache handler, as far as this project uses it). */
export default class RouteCache {
  constructor(ctx: { fs: unknown; flushToDisk: boolean; serverDistDir: string; revalidatedTags: string[]; maxMemoryCacheSize: number });
  get(key: string, ctx: unknown): Promise<unknown>;
  set(key: string, data: unknown, ctx: unknown): Promise<void>;
  /** The stored entry Next would be answered with now, without recording a lookup. */
  stored(key: string, ctx: unknown): Promise<unknown>;
}
/** `script-src 'self'` and the hashes of the page's own inline scripts. */
export function inlineScriptPolicy(html: string): string;
/** The page with each RSC payload push turned into a data block, and the one fixed script that pushes them. */
export function payloadAsData(html: string): string;
/** Whether an inline script's text has the shape of one Next or React writes. */
export function isOwnInlineScript(text: string): boolean;
