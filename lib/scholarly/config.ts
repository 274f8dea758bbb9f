import 'server-only';

import { scholarlyEndpoints, type ScholarlyEndpoints } from './endpoints';
import { FETCH_DEFAULTS, fetchBounded, userAgent, type FetchBoundedOptions, type FetchBoundedResult, type SiteContact } from './http';

/**
 * Where the source clients send their requests (issue 34). The four addresses come from the environment
 * so tests and the e2e suite point them at tests/helpers/fake-scholarly-server.ts; nothing else decides
 * a host. Identifiers typed by the admin only ever go into a path or query, percent-encoded (doiPath in
 * work.ts, encodeURIComponent elsewhere): no address from input is fetched.
 */

export interface ScholarlyConfig extends ScholarlyEndpoints {
  /** Sent with every request: Crossref's etiquette asks for a contact (http.ts userAgent). */
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  fetchImpl?: typeof fetch;
}

export type { ScholarlyEndpoints };

export { SCHOLARLY_ENV, scholarlyEndpoints } from './endpoints';

/** A whole configuration: the endpoints, a User-Agent naming the site and its contact, the default bounds. */
export function scholarlyConfig(
  site: SiteContact,
  env: Readonly<Record<string, string | undefined>> = process.env,
  overrides: Partial<Pick<ScholarlyConfig, 'timeoutMs' | 'maxBytes' | 'fetchImpl'>> = {},
): ScholarlyConfig {
  return {
    ...scholarlyEndpoints(env),
    userAgent: userAgent(site),
    timeoutMs: FETCH_DEFAULTS.timeoutMs,
    maxBytes: FETCH_DEFAULTS.maxBytes,
    ...overrides,
  };
}

/** A GET to one of the sources with the configuration's bounds and User-Agent: what every client sends. */
export function askSource(config: ScholarlyConfig, url: string, request: Pick<FetchBoundedOptions, 'accept' | 'source' | 'what'>): Promise<FetchBoundedResult> {
  return fetchBounded(url, { ...request, userAgent: config.userAgent, timeoutMs: config.timeoutMs, maxBytes: config.maxBytes, fetchImpl: config.fetchImpl });
}
