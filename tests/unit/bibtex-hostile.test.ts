// @module-tag security
import { describe, expect, it } from 'vitest';

import { previewLibrary } from '@/lib/content/research/bibtex-import';
import { BIBTEX_LIMITS } from '@/lib/content/research/bibtex-limits';
import { BIBTEX_TOO_BIG, BIBTEX_TOO_SLOW, readBibtex } from '@/lib/content/research/bibtex-reader';
import { checkBibtexText } from '@/lib/validation/bibtex';

/**
 * Issue 24: hostile .bib files. The server reads BibTeX through readBibtex: a precheck of size, entry count
 * and entry length, then the parser in a child process with BIBTEX_LIMITS' time and heap. Each case here
 * made the parser run for seconds to tens of seconds, or grow the server's heap by hundreds of MB, in the
 * server's own thread before.
 */

const entry = (key: string, fields: string) => `@article{${key}, author={Ada Lovelace}, year={2020}, journal={J}, ${fields}}`;

/** Reads a file and says how long the server's own thread was blocked at most meanwhile. */
async function readWhileTicking(text: string) {
  let last = performance.now();
  let longestGap = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 20);
  const started = performance.now();
  try {
    const read = await readBibtex(text);
    return { read, elapsed: performance.now() - started, longestGap: Math.max(longestGap, performance.now() - last) };
  } finally {
    clearInterval(ticker);
  }
}

const reasons = (read: Awaited<ReturnType<typeof readBibtex>>) => ('refused' in read ? read.refused.problems.map((problem) => problem.reason) : []);

describe('hostile BibTeX', () => {
  it('refuses a 5 MB paste before reading it', () => {
    const paste = entry('big', `abstract={${'x'.repeat(5_000_000)}}`);
    expect(checkBibtexText(paste)).toMatchObject({ ok: false, error: expect.stringMatching(/^That file is too large to import at once \(at most 300,000 characters\)/) });
  });

  it('refuses 10,000 entries without parsing them, saying how many there are', async () => {
    const file = Array.from({ length: 10_000 }, (_, index) => `@misc{k${index},title={T${index}}}`).join('\n');
    expect(file.length).toBeLessThanOrEqual(BIBTEX_LIMITS.chars);
    const { read, elapsed } = await readWhileTicking(file);
    expect(reasons(read)).toEqual(['That file has 10,000 entries; at most 500 are read at once: split it into smaller files.']);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('refuses an entry longer than 50,000 characters, naming it', async () => {
    const file = `${entry('short', 'title={Fine}')}\n${entry('huge', `title={Huge}, abstract={${'word '.repeat(12_000)}}`)}`;
    const { read, elapsed } = await readWhileTicking(file);
    expect(reasons(read)).toEqual([
      'The entry huge is too long to read: at most 50,000 characters an entry (an abstract may have 20,000). Shorten it or leave it out.',
    ]);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('reads deeply nested braces as an unreadable entry, in the worker', async () => {
    const depth = 20_000;
    const { read } = await readWhileTicking(entry('deep', `title={${'{'.repeat(depth)}x${'}'.repeat(depth)}}`));
    expect('library' in read).toBe(true);
    if (!('library' in read)) return;
    const preview = previewLibrary(read.library, read.formulas, []);
    expect(preview.entries).toEqual([]);
    expect(preview.problems).toEqual([{ key: 'deep', reason: expect.stringMatching(/^It could not be read: /) }]);
  });

  it('stops @string macros that expand to gigabytes at the heap limit, and the server keeps its memory', async () => {
    const macros = Array.from({ length: 40 }, (_, index) => `@string{a${index + 1} = a${index} # a${index}}`).join('\n');
    const file = `@string{a0 = "xxxxxxxxxx"}\n${macros}\n${entry('k', 'title = a40')}`;
    const heapBefore = process.memoryUsage().heapUsed;
    const { read, longestGap } = await readWhileTicking(file);
    // The parser either runs out of its heap or of its time, whichever comes first on this machine.
    expect([[BIBTEX_TOO_BIG], [BIBTEX_TOO_SLOW], [expect.stringMatching(/^The file could not be read as BibTeX: Invalid string length/)]]).toContainEqual(reasons(read));
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
    expect(longestGap).toBeLessThan(500);
  });

  it('keeps the server answering while pathological entries within the limits are parsed, and stops at the time limit', async () => {
    // Six entries of 40,000 characters the parser is slowest on: a run of backslashes, thousands of
    // authors, escaped dollars. In the server's thread each took 0.2–0.5 s, the whole file several seconds.
    const file = [
      entry('slashes1', `title={${'\\'.repeat(40_000)}}`),
      entry('slashes2', `title={${'\\'.repeat(40_000)}}`),
      `@article{authors1, title={T}, year={2020}, journal={J}, author={${'A and '.repeat(6_500)}B}}`,
      `@article{authors2, title={T}, year={2020}, journal={J}, author={${'A and '.repeat(6_500)}B}}`,
      entry('dollars1', `title={${'$a\\$'.repeat(10_000)}}`),
      entry('dollars2', `title={${'$a\\$'.repeat(10_000)}}`),
    ].join('\n');
    expect(file.length).toBeLessThanOrEqual(BIBTEX_LIMITS.chars);
    const { read, elapsed, longestGap } = await readWhileTicking(file);
    expect(elapsed).toBeLessThan(BIBTEX_LIMITS.parseMs + 2_000);
    expect(longestGap).toBeLessThan(500);
    if ('refused' in read) expect(reasons(read)).toEqual([BIBTEX_TOO_SLOW]);
    else expect(previewLibrary(read.library, read.formulas, []).entries).toEqual([]);
  });

  it('reads an ordinary file through the worker as before', async () => {
    const read = await readBibtex(`${entry('one', 'title={On $\\zeta(s)$}, doi={10.1000/one}')}\n@string{x = "y"}`);
    expect('library' in read).toBe(true);
    if (!('library' in read)) return;
    expect(previewLibrary(read.library, read.formulas, []).entries.map((found) => [found.key, found.paper.title, found.paper.doi])).toEqual([
      ['one', 'On $\\zeta(s)$', '10.1000/one'],
    ]);
  });
});
