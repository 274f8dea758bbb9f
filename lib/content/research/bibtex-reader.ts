import 'server-only';

import { spawn } from 'node:child_process';

import { BIBTEX_LIMITS } from './bibtex-limits';
import { PARSE_OPTIONS, precheckBibtex, protectBibtex, unreadable, type ImportPreview, type ParsedLibrary } from './bibtex-import';

/**
 * BibTeX as the server reads it: the parser's time grows faster than its input and a few
 * @string lines can expand to hundreds of megabytes, all in one synchronous call. So the file is
 * checked first (size, entry count, entry length: precheckBibtex), then parsed in a child process with a
 * time limit and a heap limit (BIBTEX_LIMITS), one file at a time. The server goes on answering pages
 * meanwhile; a file past a limit is refused with a message saying which.
 */

export const BIBTEX_TOO_SLOW = `That file took too long to read (over ${BIBTEX_LIMITS.parseMs / 1000} seconds): split it into smaller files, or look for an entry with very long or deeply nested fields.`;
export const BIBTEX_TOO_BIG = `That file needs too much memory to read (over ${BIBTEX_LIMITS.parseHeapMb} MB): an @string may expand to a huge text. Split it or simplify it.`;

// The reader is a Node process of its own, given its script as text (no file to bundle): a heap limit on a
// worker thread does not hold (Node aborts the whole process when a worker's heap runs out while building
// a long string), a child process's does, and only the child ends. It imports the parser as the server
// does, from the project's node_modules (serverExternalPackages keeps it there).
const READER = `
import('@retorquere/bibtex-parser').then(
  ({ parse }) => process.once('message', ({ text, options }) => {
    let reply;
    try {
      const library = parse(text, options);
      reply = { library: { entries: library.entries, errors: library.errors } };
    } catch (error) {
      reply = { thrown: error instanceof Error ? error.message : String(error) };
    }
    process.send(reply, () => process.exit(0));
  }),
  (error) => process.send({ missing: String(error) }, () => process.exit(1)),
);
process.send({ ready: true });
`;

type Outcome = { library: ParsedLibrary } | { thrown: string } | { missing: string } | { limit: 'time' | 'memory' } | { failed: string };

function parseInChild(text: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${BIBTEX_LIMITS.parseHeapMb}`, '--stack-size=4000', '-e', READER], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? 'production' },
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString();
    });
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(outcome);
    };
    const timer = setTimeout(() => settle({ limit: 'time' }), BIBTEX_LIMITS.parseMs);
    child.on('message', (message: Outcome | { ready: true }) => {
      if ('ready' in message) child.send({ text, options: PARSE_OPTIONS });
      else settle(message);
    });
    child.once('error', (error) => settle({ failed: error.message }));
    child.once('exit', (code, signal) =>
      settle(/heap out of memory|Invalid string length/.test(stderr) ? { limit: 'memory' } : { failed: `the reader stopped (${signal ?? `exit code ${code}`}) ${stderr.slice(0, 300)}` }),
    );
  });
}

// One file at a time: a second request waits for the first, so n requests cost n × the limits, never n workers at once.
let queue: Promise<unknown> = Promise.resolve();

/** A .bib file's text → its parsed entries and the formulas kept aside, or the preview that says why it cannot be read. */
export async function readBibtex(input: string): Promise<{ library: ParsedLibrary; formulas: string[] } | { refused: ImportPreview }> {
  const refused = precheckBibtex(input);
  if (refused) return { refused: { entries: [], problems: [{ key: null, reason: refused }] } };
  const { text, formulas } = protectBibtex(input);
  const run = queue.then(() => parseInChild(text));
  queue = run.catch(() => undefined);
  const outcome = await run;
  if ('library' in outcome) return { library: outcome.library, formulas };
  if ('thrown' in outcome) return { refused: unreadable(outcome.thrown) };
  if ('limit' in outcome) return { refused: { entries: [], problems: [{ key: null, reason: outcome.limit === 'time' ? BIBTEX_TOO_SLOW : BIBTEX_TOO_BIG }] } };
  const reason = 'missing' in outcome ? outcome.missing : outcome.failed;
  console.error(`BibTeX reader failed: ${reason}`);
  return { refused: unreadable('the server could not start its BibTeX reader; try again, and see the server log if it persists.') };
}
