import 'server-only';

import { formatBytes, MB } from '@/lib/bytes.mjs';
import { plural } from '@/lib/format';
import type { SourceName, SourceProblem } from './types';

/**
 * One bounded GET to a scholarly source (issue 34): a time limit, a size limit checked on the declared
 * length and again while the body streams in, no redirect followed to another host, and every failure
 * turned into a SourceProblem whose message is a sentence naming the source. Never throws.
 */

export const FETCH_DEFAULTS = {
  timeoutMs: 5_000,
  maxBytes: 2 * MB,
  /** Redirects followed on the same origin (a trailing slash, say); one to another host is never followed. */
  redirects: 2,
} as const;

/** The product token of the User-Agent header. */
export const USER_AGENT_PRODUCT = 'AcademicPortfolio/0.1';

export interface SiteContact {
  siteName?: string | null;
  siteUrl?: string | null;
  contactEmail?: string | null;
}

/** A header value: printable ASCII only (a header cannot carry more), accents dropped, no comment delimiters. */
function headerSafe(value: string | null | undefined): string {
  return (value ?? '')
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/[();\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * 'AcademicPortfolio/0.1 (Emmy Noether; https://example.org; mailto:emmy@example.org)': Crossref's
 * etiquette asks clients to say who they are and give a mailto, and serves such requests from its
 * "polite" pool. Empty parts are left out.
 */
export function userAgent(site: SiteContact): string {
  const email = headerSafe(site.contactEmail);
  const parts = [headerSafe(site.siteName), headerSafe(site.siteUrl), email ? `mailto:${email}` : ''].filter(Boolean);
  return parts.length > 0 ? `${USER_AGENT_PRODUCT} (${parts.join('; ')})` : USER_AGENT_PRODUCT;
}

export interface FetchBoundedOptions {
  accept: string;
  userAgent: string;
  source: SourceName;
  timeoutMs?: number;
  maxBytes?: number;
  /** What was asked for, for the not-found message: 'the DOI 10.1000/x'. */
  what?: string;
  fetchImpl?: typeof fetch;
  /** The clock a Retry-After date is read against. */
  now?: () => number;
}

export type FetchBoundedResult = { ok: true; text: string; status: number } | { ok: false; problem: SourceProblem };

function secondsText(ms: number): string {
  return plural(Number((ms / 1000).toFixed(1)), 'second');
}

function waitText(seconds: number): string {
  if (seconds < 120) return plural(Math.max(1, seconds), 'second');
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? plural(minutes, 'minute') : plural(Math.ceil(minutes / 60), 'hour');
}

/** Retry-After in seconds: a number of seconds, or an HTTP date (RFC 9110 §10.2.3); undefined when neither. */
export function retryAfterSeconds(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), 86_400);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(0, Math.ceil((date - now) / 1000)), 86_400);
}

/** The messages every client shares, so each source's problems read alike. */
export const sourceMessages = {
  notFound: (source: SourceName, what?: string) => `${source} has no record of ${what ?? 'it'}.`,
  rateLimited: (source: SourceName, seconds?: number) =>
    seconds === undefined ? `${source} is limiting requests; try again in a minute or two.` : `${source} is limiting requests; try again in ${waitText(seconds)}.`,
  serverError: (source: SourceName, status: number) => `${source} is having trouble right now (error ${status}); try again later.`,
  timeout: (source: SourceName, ms: number) => `${source} did not answer within ${secondsText(ms)}.`,
  tooLarge: (source: SourceName, maxBytes: number) => `${source} gave an answer larger than ${formatBytes(maxBytes, { short: true })}; it was not read.`,
  unreachable: (source: SourceName) => `${source} could not be reached; check the connection and try again.`,
  refused: (source: SourceName, status: number) => `${source} refused the request (error ${status}).`,
  redirected: (source: SourceName, host: string) => `${source} sent the request on to another address (${host}); it was not followed.`,
  malformed: (source: SourceName) => `${source} gave an answer that could not be read.`,
};

export function malformedProblem(source: SourceName): SourceProblem {
  return { kind: 'malformed', source, message: sourceMessages.malformed(source) };
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** A GET with the bounds above; the body as text (UTF-8) when the answer is a 2xx. */
export async function fetchBounded(url: string, options: FetchBoundedOptions): Promise<FetchBoundedResult> {
  const { source, timeoutMs = FETCH_DEFAULTS.timeoutMs, maxBytes = FETCH_DEFAULTS.maxBytes, fetchImpl = fetch, now = Date.now } = options;
  const fail = (problem: Omit<SourceProblem, 'source'>): FetchBoundedResult => ({ ok: false, problem: { source, ...problem } });
  const timeout = AbortSignal.timeout(timeoutMs);
  const stop = new AbortController();
  const signal = AbortSignal.any([timeout, stop.signal]);
  const tooLarge = () => fail({ kind: 'too-large', message: sourceMessages.tooLarge(source, maxBytes) });
  try {
    let address = new URL(url);
    let response: Response;
    for (let hop = 0; ; hop += 1) {
      response = await fetchImpl(address, {
        method: 'GET',
        headers: { accept: options.accept, 'user-agent': options.userAgent },
        redirect: 'manual',
        signal,
      });
      if (response.status < 300 || response.status >= 400 || response.status === 304) break;
      await discard(response);
      const location = response.headers.get('location');
      const next = location ? new URL(location, address) : null;
      if (!next || next.origin !== address.origin) return fail({ kind: 'unreachable', message: sourceMessages.redirected(source, next?.host || 'none given') });
      if (hop >= FETCH_DEFAULTS.redirects) return fail({ kind: 'unreachable', message: sourceMessages.unreachable(source) });
      address = next;
    }
    const { status } = response;
    if (status === 404 || status === 410) {
      await discard(response);
      return fail({ kind: 'not-found', message: sourceMessages.notFound(source, options.what) });
    }
    if (status === 429) {
      await discard(response);
      const seconds = retryAfterSeconds(response.headers.get('retry-after'), now());
      return fail({ kind: 'rate-limited', message: sourceMessages.rateLimited(source, seconds), ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }) });
    }
    if (status >= 500) {
      await discard(response);
      return fail({ kind: 'server-error', message: sourceMessages.serverError(source, status) });
    }
    if (status < 200 || status >= 300) {
      await discard(response);
      return fail({ kind: 'unreachable', message: sourceMessages.refused(source, status) });
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > maxBytes) {
      stop.abort();
      await discard(response);
      return tooLarge();
    }
    if (!response.body) return { ok: true, text: '', status };
    const reader = response.body.getReader();
    const decoder = new TextDecoder('utf-8');
    let size = 0;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        stop.abort();
        await reader.cancel().catch(() => undefined);
        return tooLarge();
      }
      text += decoder.decode(value, { stream: true });
    }
    return { ok: true, text: text + decoder.decode(), status };
  } catch {
    if (timeout.aborted) return fail({ kind: 'timeout', message: sourceMessages.timeout(source, timeoutMs) });
    return fail({ kind: 'unreachable', message: sourceMessages.unreachable(source) });
  }
}
