/** Types of stored-etag.mjs. */
export const ETAG_LOOKUP: unique symbol;
export function storedPageEtag(path: string): Promise<string | null>;
export function pageLookups(): Map<string, { key: string; ctx: unknown }>;
