import 'server-only';
import { createHash, randomBytes } from 'node:crypto';

import { isbot } from 'isbot';
import { after } from 'next/server';

import { clientAddress } from '@/lib/client-address';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { getEnv } from '@/lib/env';
import { SESSION_COOKIE_HEADER } from '@/lib/public-page-policy.mjs';
import { searchLimiter } from '@/lib/search/rate-limit';
import { knownPages } from './pages';
import { dropExpired, storeEvents, type StoredEvent } from './store';
import { collectorSettings } from './settings';

/**
 * Counting readers (issue 48, docs/product.md "Reader analytics"): a page view from the beacon route, a
 * download from the routes that answer with a file. Nothing here stores an address or a user agent: each event
 * keeps the day, what was read, the referring host and a hash of (day's salt, address, user agent, site), and
 * the salt is deleted when its day is over. Events are queued in memory and written in batches (lib/analytics/
 * store.ts), so a reader's request never waits for the database, and at most INTAKE events a second are taken,
 * so a flood of beacons cannot take the pages' time.
 */

export type EventKind = StoredEvent['kind'];

/** Beacons per client address per minute: a reader opens a page every few seconds at most. */
export const BEACON_RATE_LIMIT = { searches: 60, windowMs: 60_000, addresses: 10_000 } as const;

/**
 * Events one server counts a second, at most (a bucket of `burst` refilled at `perSecond`). A personal site's
 * readers come nowhere near it; a flood of forged beacons from many addresses (which no per-address limit
 * holds back) does, and past it the rest are answered and not counted, so that writing them cannot take the
 * time of the pages (PGlite writes in the server's own thread).
 */
export const INTAKE = { perSecond: 100, burst: 200 } as const;

/**
 * The batching: written every `flushMs`, or at once when `flushSize` wait (a batch of 100 takes PGlite, in the
 * server's thread, a few milliseconds; one of 500 took 20 to 50); past `maxPending` new events are dropped.
 */
export const QUEUE = { flushMs: 1_000, flushSize: 100, maxPending: 5_000 } as const;

/**
 * On Vercel a function may be frozen once it has answered, so a timer is no way to write: each event is
 * written after its response instead (`after`), without the batching a long-running server has.
 */
const onServerless = process.env.VERCEL === '1';

/** How often a server drops what is past the retention. */
const EXPIRE_MS = 60 * 60 * 1000;

const SESSION_COOKIE = new RegExp(`^${SESSION_COOKIE_HEADER}$`);

/**
 * Why a request is not counted, or null when it is: the reader asked not to be tracked (Do Not Track, Global
 * Privacy Control), it is a crawler or has no user agent, it is a browser's prefetch, or it comes from a
 * signed-in session (the owner reading their own site).
 */
export function notCounted(headers: Pick<Headers, 'get'>): string | null {
  if (headers.get('dnt') === '1') return 'do-not-track';
  if (headers.get('sec-gpc') === '1') return 'global-privacy-control';
  const agent = headers.get('user-agent') ?? '';
  if (agent.length === 0 || isbot(agent)) return 'crawler';
  const purpose = headers.get('sec-purpose') ?? headers.get('purpose') ?? '';
  if (/prefetch|prerender/i.test(purpose)) return 'prefetch';
  const cookie = headers.get('cookie');
  if (cookie && SESSION_COOKIE.test(cookie)) return 'signed-in';
  return null;
}

/** One formatter per time zone: making one costs far more than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The date (YYYY-MM-DD) in `timeZone` at `at`. */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      return at.toISOString().slice(0, 10);
    }
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The visitor's hash for the day: 128 bits of SHA-256 over the salt, address, user agent and site. */
export function visitorHash(salt: string, address: string, userAgent: string, site: string): string {
  return createHash('sha256').update(`${salt}\n${address}\n${userAgent}\n${site}`).digest('hex').slice(0, 32);
}

/** The host names this site answers to: the request's own, and SITE_URL's. A referrer from one is no referrer. */
export function siteHosts(headers: Pick<Headers, 'get'>): string[] {
  const hosts = [headers.get('x-forwarded-host'), headers.get('host')].flatMap((value) => (value ? [value.split(',')[0]!.trim().replace(/:\d+$/, '')] : []));
  configuredHost ??= getEnv().SITE_URL ? new URL(getEnv().SITE_URL!).hostname : '';
  if (configuredHost) hosts.push(configuredHost);
  return hosts;
}

/** SITE_URL's host name, read once (the environment does not change while the server runs); '' without one. */
let configuredHost: string | undefined;

// The queue, the day's salt and the limiter: on globalThis, since Next bundles each route with its own copy of
// this module, and one server has one queue.
interface CollectorState {
  pending: StoredEvent[];
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
  salt: { day: string; value: Promise<string> } | null;
  expiredAt: number;
  intake: { tokens: number; at: number };
  dropped: number;
  limiter: ReturnType<typeof searchLimiter>;
}
const stateKey = Symbol.for('academic-portfolio.analytics-collector');
const state = ((globalThis as Record<symbol, unknown>)[stateKey] ??= {
  pending: [],
  timer: null,
  flushing: null,
  salt: null,
  expiredAt: 0,
  intake: { tokens: INTAKE.burst, at: 0 },
  dropped: 0,
  limiter: searchLimiter(BEACON_RATE_LIMIT, 'beacon-limit'),
} satisfies CollectorState) as CollectorState;

/** Whether the server may count one more event now (INTAKE); `take` uses it up. */
export function intakeOpen(take = false, now = performance.now()): boolean {
  const bucket = state.intake;
  bucket.tokens = Math.min(INTAKE.burst, bucket.tokens + ((now - bucket.at) * INTAKE.perSecond) / 1000);
  bucket.at = now;
  if (bucket.tokens < 1) return false;
  if (take) bucket.tokens -= 1;
  return true;
}

/** Counts one beacon for the address; false once it is past BEACON_RATE_LIMIT. */
export function takeBeacon(address: string): Promise<boolean> {
  return state.limiter.take(address);
}

/**
 * The salt of `day`, made by whichever server asks first and shared through the database; the salts of
 * earlier days are deleted here, so a day's hashes cannot be recomputed once it is over.
 */
async function saltOf(db: Queryable, day: string): Promise<string> {
  await db.query('delete from public.analytics_salts where day < $1::date', [day]);
  await db.query('insert into public.analytics_salts (day, salt) values ($1, $2) on conflict (day) do nothing', [day, randomBytes(32).toString('hex')]);
  const { rows } = await db.query<{ salt: string }>('select salt from public.analytics_salts where day = $1::date', [day]);
  if (!rows[0]) throw new Error(`No analytics salt for ${day}.`);
  return rows[0].salt;
}

function daySalt(day: string): Promise<string> {
  if (state.salt?.day !== day) {
    const value = getDb().then((db) => saltOf(db, day));
    state.salt = { day, value };
    value.catch(() => {
      if (state.salt?.value === value) state.salt = null;
    });
  }
  return state.salt.value;
}

/** Writes the queued events and their counts in one transaction (lib/analytics/store.ts). */
export async function flushEvents(): Promise<void> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  while (state.flushing) await state.flushing;
  const batch = state.pending.splice(0, state.pending.length);
  if (batch.length === 0) return;
  state.flushing = (async () => {
    try {
      const db = await getDb();
      // A path of the site's shape that is no page (forged, or a page deleted since) is dropped here.
      const pages = await knownPages(db);
      const events = batch.filter((event) => event.kind === 'download' || pages.has(event.path));
      await storeEvents(db, events);
      // The retention, at most once an hour per server (an index range on the day: nothing to do most times).
      if (Date.now() - state.expiredAt > EXPIRE_MS) {
        state.expiredAt = Date.now();
        const settings = await collectorSettings();
        await dropExpired(db, { retentionDays: settings.retentionDays, today: dayIn(settings.timeZone) });
      }
    } catch (error) {
      // Counts are worth less than the site: a failed write loses this batch, and the server goes on.
      console.error(`Could not write ${batch.length} analytics events`, error);
    } finally {
      state.flushing = null;
    }
  })();
  await state.flushing;
}

function enqueue(event: StoredEvent): void {
  if (state.pending.length >= QUEUE.maxPending) {
    state.dropped += 1;
    return;
  }
  state.pending.push(event);
  // Once per QUEUE.flushSize events (a flush under way is waited for, then takes all that came meanwhile).
  if (state.pending.length === QUEUE.flushSize) void flushEvents();
  else if (onServerless) after(flushEvents);
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushEvents(), QUEUE.flushMs);
    state.timer.unref?.();
  }
}

/**
 * Queues one event for the request's reader, unless it is not to be counted (notCounted) or counting is off.
 * Never throws: a reader's page or file does not depend on it.
 */
export async function countEvent(headers: Pick<Headers, 'get'>, kind: EventKind, path: string, referrerHost: string | null = null): Promise<void> {
  try {
    if (notCounted(headers) !== null) return;
    const settings = await collectorSettings();
    if (!settings.enabled || !intakeOpen(true)) {
      if (settings.enabled) state.dropped += 1;
      return;
    }
    const day = dayIn(settings.timeZone);
    const salt = await daySalt(day);
    const hosts = siteHosts(headers);
    const visitor = visitorHash(salt, clientAddress(headers), headers.get('user-agent') ?? '', hosts[0] ?? '');
    enqueue({ day, kind, path, referrerHost, visitor });
  } catch (error) {
    console.error('Could not count a reader', error);
  }
}

/**
 * Counts a file the server answered with (a stored PDF or slides, the CV's PDF, the bibliographies, a paper's
 * citation) when the answer carries the file: a 200, or a 206 from its first byte (a viewer's later pieces of
 * one file are the same download). A 304 is a browser's copy still good: no new download. Answers `response`.
 */
export function countDownload(request: Request, path: string, response: Response): Response {
  const range = request.headers.get('range');
  const whole = response.status === 200 || (response.status === 206 && (!range || /^bytes=0-/.test(range)));
  if (request.method === 'GET' && whole) void countEvent(request.headers, 'download', path);
  return response;
}

/** For tests: the queue's length and the events dropped (the queue full, or past INTAKE); and emptying both. */
export function collectorQueue(): { pending: number; dropped: number } {
  return { pending: state.pending.length, dropped: state.dropped };
}
export function resetCollector(): void {
  if (state.timer) clearTimeout(state.timer);
  state.pending = [];
  state.timer = null;
  state.salt = null;
  state.expiredAt = 0;
  state.intake = { tokens: INTAKE.burst, at: 0 };
  state.dropped = 0;
  state.limiter = searchLimiter(BEACON_RATE_LIMIT, 'beacon-limit');
}
