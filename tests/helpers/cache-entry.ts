/**
 * A 'use cache' entry as Next hands one to a cache handler's set(): the value as a stream, with the tags
 * and lifetimes Next's default ones carry. Text is stored as UTF-8.
 */
export function cacheEntry(tags: string[], value: string | Uint8Array, overrides: Partial<{ timestamp: number; revalidate: number; expire: number }> = {}) {
  const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
  return {
    value: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    }),
    tags,
    stale: 300,
    timestamp: Date.now(),
    revalidate: 900,
    expire: 3600,
    ...overrides,
  };
}
