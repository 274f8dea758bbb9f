/**
 * next/headers for a test that runs server code outside Next: the request's cookies kept in `jar` (a cookie set
 * to '' is deleted, as Next's own cookie store does on sign-out), and the headers of a plain local request.
 * `vi.mock('next/headers', async () => (await import('../helpers/next-headers')).nextHeadersDouble(jar))`.
 */
export function nextHeadersDouble(jar: Map<string, string>) {
  return {
    cookies: async () => ({
      get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      set: (name: string, value: string) => {
        if (value === '') jar.delete(name);
        else jar.set(name, value);
      },
    }),
    headers: async () => new Headers({ host: '127.0.0.1:3000', 'user-agent': 'vitest' }),
  };
}
