import 'server-only';

import type { RefreshError } from '../citation-types';

/**
 * The run's error list (refresh_state.errors, issue 46): why a paper's count or the profile was kept out, at most
 * ERRORS_MAX entries. Past that the first ERRORS_MAX - 1 are kept and the last says how many more there were
 * ('and 12 more, …'); every one is written to the server's log as well, so none is lost. A resumed run reads
 * the list back, its count of further errors included, and goes on adding to it.
 */

export const ERRORS_MAX = 50;

/** The last entry's `what` when errors were left out. */
export const MORE_ERRORS = 'Further problems';

const moreMessage = (count: number) => `and ${count.toLocaleString('en-US')} more, each written to the server's log.`;

export class ErrorList {
  /** The first errors, at most ERRORS_MAX. */
  private readonly kept: RefreshError[] = [];
  /** Errors past those kept. */
  private further = 0;
  private lastAt = '';

  /** The list as stored (a run's, when it is resumed). */
  constructor(stored: readonly RefreshError[] = []) {
    const last = stored.at(-1);
    const more = last?.what === MORE_ERRORS ? /^and ([\d,]+) more/.exec(last.message) : null;
    if (last && more) {
      this.kept.push(...stored.slice(0, Math.min(stored.length - 1, ERRORS_MAX - 1)));
      this.further = Number(more[1]!.replace(/,/g, ''));
      this.lastAt = last.at;
    } else {
      this.kept.push(...stored.slice(0, ERRORS_MAX));
      this.further = Math.max(0, stored.length - ERRORS_MAX);
    }
  }

  add(error: RefreshError): void {
    this.lastAt = error.at;
    if (this.further === 0 && this.kept.length < ERRORS_MAX) this.kept.push(error);
    else this.further += 1;
  }

  /** How many errors there were in all. */
  get total(): number {
    return this.kept.length + this.further;
  }

  /** The list to store: at most ERRORS_MAX entries, the last of them 'and N more' when some were left out. */
  list(): RefreshError[] {
    if (this.further === 0) return [...this.kept];
    const shown = this.kept.slice(0, ERRORS_MAX - 1);
    return [...shown, { at: this.lastAt, what: MORE_ERRORS, message: moreMessage(this.total - shown.length) }];
  }
}
