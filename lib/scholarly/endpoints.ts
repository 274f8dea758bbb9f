import { z } from 'zod';

/**
 * The scholarly sources' base addresses (issue 34; OpenAlex, for citation counts, issue 46), from the
 * environment: unset or blank means the public API. Plain (no server-only), so lib/env.ts checks them at
 * start and a bad value stops the server with a message naming the variable, like every other setting;
 * lib/scholarly/config.ts reads them for a lookup. OpenAlex's optional API key is read here too, for the
 * same reasons.
 */

/** Base addresses, without a trailing slash: 'https://api.crossref.org'. */
export interface ScholarlyEndpoints {
  crossref: string;
  datacite: string;
  arxiv: string;
  orcid: string;
  openalex: string;
}

export const SCHOLARLY_ENV = {
  crossref: { name: 'CROSSREF_API_URL', fallback: 'https://api.crossref.org' },
  datacite: { name: 'DATACITE_API_URL', fallback: 'https://api.datacite.org' },
  arxiv: { name: 'ARXIV_API_URL', fallback: 'https://export.arxiv.org' },
  orcid: { name: 'ORCID_API_URL', fallback: 'https://pub.orcid.org' },
  openalex: { name: 'OPENALEX_API_URL', fallback: 'https://api.openalex.org' },
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
  openalex: baseUrl(SCHOLARLY_ENV.openalex.name, SCHOLARLY_ENV.openalex.fallback),
});

/** The base addresses from the environment (unset or blank: the public APIs); a bad one throws, naming the variable. */
export function scholarlyEndpoints(env: Readonly<Record<string, string | undefined>> = process.env): ScholarlyEndpoints {
  const parsed = endpointsSchema.safeParse({
    crossref: env[SCHOLARLY_ENV.crossref.name],
    datacite: env[SCHOLARLY_ENV.datacite.name],
    arxiv: env[SCHOLARLY_ENV.arxiv.name],
    orcid: env[SCHOLARLY_ENV.orcid.name],
    openalex: env[SCHOLARLY_ENV.openalex.name],
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

/** The variable holding OpenAlex's API key, which OpenAlex asks every client for (sent as the `api_key` query parameter). */
export const OPENALEX_KEY_ENV = 'OPENALEX_API_KEY';

/** Says what is wrong without repeating the value: the key is a secret and this message is printed at start. */
export const OPENALEX_KEY_INVALID = `${OPENALEX_KEY_ENV} must be the key OpenAlex gave: printable characters without spaces, at most 200.`;

/**
 * OpenAlex's API key: optional (unset or blank: none, and OpenAlex then allows a small daily allowance);
 * printable ASCII without spaces, at most 200 characters, since it goes into a query string. lib/env.ts
 * checks it at start with this schema.
 */
export const openalexKeySchema = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .refine((value) => value === undefined || /^[\x21-\x7E]{1,200}$/.test(value), { error: OPENALEX_KEY_INVALID });

/** OpenAlex's API key from the environment, or undefined when none is set; a bad one throws, naming the variable (never the value). */
export function openalexKey(env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const parsed = openalexKeySchema.safeParse(env[OPENALEX_KEY_ENV]);
  if (!parsed.success) throw new Error(OPENALEX_KEY_INVALID);
  return parsed.data;
}
