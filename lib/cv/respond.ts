import 'server-only';

import { NEVER_STORE } from '@/lib/public-pages';

/** The answer when the content cannot be read: a plain message, never stored. */
export function cvUnavailable(what: string): Response {
  return new Response(`The ${what} could not be made. Please try again later.\n`, {
    status: 503,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NEVER_STORE, 'retry-after': '30' },
  });
}
