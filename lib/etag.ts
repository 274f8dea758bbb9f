/** Whether an If-None-Match header names this ETag (weak comparison, `*` included). Plain data: the proxy and stored files use it. */
export function etagMatches(header: string | string[] | null | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return String(header)
    .split(',')
    .some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
