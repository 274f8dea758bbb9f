import 'server-only';

import { z } from '@/lib/validation/zod';
import { FETCH_DEFAULTS, userAgent, type SiteContact } from './http';

/**
 * Where the source clients send their requests (issue 34). The four addresses come from the environment
 * so tests and the e2e suite point them at tests/helpers/fake-scholarly-server.ts; nothing else decides
 * a host. Identifiers typed by the admin only ever go into a path or query, percent-encoded (doiPath in
 * work.ts, encodeURIComponent elsewhere): no address from input is fetched.
 */

export interface ScholarlyConfig {
  /** Base addresses, without a trailing slash: 'https://api.crossref.org'. */
  crossref: string;
  datacite: string;
  arxiv: string;
  orcid: string;
  /** Sent with every request: Crossref's etiquette asks for a contact (http.ts userAgent). */
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  fetchImpl?: typeof fetch;
}

export type ScholarlyEndpoints = Pick<ScholarlyConfig, 'crossref' | 'datacite' | 'arxiv' | 'orcid'>;

export const SCHOLARLY_ENV = {
  crossref: { name: 'CROSSREF_API_URL', fallback: 'https://api.crossref.org' },
  datacite: { name: 'DATACITE_API_URL', fallback: 'https://api.datacite.org' },
  arxiv: { name: 'ARXIV_API_URL', fallback: 'https://export.arxiv.org' },
  orcid: { name: 'ORCID_API_URL', fallback: 'https://pub.orcid.org' },
} as const satisfies Record<keyof ScholarlyEndpoints, { name: string; fallback: string }>;

/** An absolute http(s) address with no credentials, query or fragment: a base that paths are added to. */
function isBaseUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
}

function baseUrl(name: string, fallback: string) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => value || fallback)
    .refine(isBaseUrl, { error: `${name} must be an absolute http:// or https:// address without a query, such as ${fallback}.` })
    .transform((value) => value.replace(/\/+$/, ''));
}

const endpointsSchema = z.object({
  crossref: baseUrl(SCHOLARLY_ENV.crossref.name, SCHOLARLY_ENV.crossref.fallback),
  datacite: baseUrl(SCHOLARLY_ENV.datacite.name, SCHOLARLY_ENV.datacite.fallback),
  arxiv: baseUrl(SCHOLARLY_ENV.arxiv.name, SCHOLARLY_ENV.arxiv.fallback),
  orcid: baseUrl(SCHOLARLY_ENV.orcid.name, SCHOLARLY_ENV.orcid.fallback),
});

/** The four base addresses from the environment (unset or blank: the public APIs); a bad one throws, naming the variable. */
export function scholarlyEndpoints(env: Readonly<Record<string, string | undefined>> = process.env): ScholarlyEndpoints {
  const parsed = endpointsSchema.safeParse({
    crossref: env[SCHOLARLY_ENV.crossref.name],
    datacite: env[SCHOLARLY_ENV.datacite.name],
    arxiv: env[SCHOLARLY_ENV.arxiv.name],
    orcid: env[SCHOLARLY_ENV.orcid.name],
  });
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => issue.message).join(' '));
  return parsed.data;
}

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
