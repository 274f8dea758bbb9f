import { z } from 'zod';

/**
 * The scholarly sources' base addresses (issue 34), from the environment: unset or blank means the public
 * API. Plain (no server-only), so lib/env.ts checks them at start and a bad value stops the server with a
 * message naming the variable, like every other setting; lib/scholarly/config.ts reads them for a lookup.
 */

/** Base addresses, without a trailing slash: 'https://api.crossref.org'. */
export interface ScholarlyEndpoints {
  crossref: string;
  datacite: string;
  arxiv: string;
  orcid: string;
}

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

/** What is wrong with the environment's scholarly addresses, by variable name; empty when nothing is. */
export function scholarlyEndpointProblems(env: Readonly<Record<string, string | undefined>>): { name: string; message: string }[] {
  return (Object.keys(SCHOLARLY_ENV) as (keyof ScholarlyEndpoints)[]).flatMap((key) => {
    const { name, fallback } = SCHOLARLY_ENV[key];
    const parsed = baseUrl(name, fallback).safeParse(env[name]);
    return parsed.success ? [] : [{ name, message: parsed.error.issues[0]?.message ?? `${name} is not valid.` }];
  });
}
