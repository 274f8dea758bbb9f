import 'server-only';

import { openalexKey, scholarlyEndpoints, type ScholarlyEndpoints } from './endpoints';
import { FETCH_DEFAULTS, fetchBounded, userAgent, type FetchBoundedOptions, type FetchBoundedResult, type SiteContact } from './http';

/**
 * Where the source clients send their requests (issue 34; OpenAlex, issue 46). The addresses come from the
 * environment so tests and the e2e suite point them at tests/helpers/fake-scholarly-server.ts; nothing else
 * decides a host. Identifiers typed by the admin only ever go into a path or query, percent-encoded (doiPath in
 * work.ts, encodeURIComponent elsewhere): no address from input is fetched.
 */

export interface ScholarlyConfig extends ScholarlyEndpoints {
  /** Sent with every request: Crossref's etiquette asks for a contact (http.ts userAgent). */
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  /**
   * OpenAlex's API key (OPENALEX_API_KEY), sent as its `api_key` query parameter; absent when none is set. A
   * secret: it goes into OpenAlex's request only, never into a message.
   */
  openalexKey?: string;
  fetchImpl?: typeof fetch;
}

export type { ScholarlyEndpoints };

export { SCHOLARLY_ENV, scholarlyEndpoints } from './endpoints';

/** A whole configuration: the endpoints, OpenAlex's key when one is set, a User-Agent naming the site and its contact, the default bounds. */
export function scholarlyConfig(
  site: SiteContact,
  env: Readonly<Record<string, string | undefined>> = process.env,
  overrides: Partial<Pick<ScholarlyConfig, 'timeoutMs' | 'maxBytes' | 'fetchImpl'>> = {},
): ScholarlyConfig {
  const key = openalexKey(env);
  return {
    ...scholarlyEndpoints(env),
    ...(key ? { openalexKey: key } : {}),
    userAgent: userAgent(site),
    timeoutMs: FETCH_DEFAULTS.timeoutMs,
    maxBytes: FETCH_DEFAULTS.maxBytes,
    ...overrides,
  };
}

/** A GET to one of the sources with the configuration's bounds and User-Agent: what every client sends. */
export function askSource(config: ScholarlyConfig, url: string, request: Pick<FetchBoundedOptions, 'accept' | 'source' | 'what' | 'now'>): Promise<FetchBoundedResult> {
  return fetchBounded(url, { ...request, userAgent: config.userAgent, timeoutMs: config.timeoutMs, maxBytes: config.maxBytes, fetchImpl: config.fetchImpl });
}
