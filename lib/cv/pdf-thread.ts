import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Fragment, isValidElement, type ReactNode } from 'react';

/**
 * The main thread's side of lib/cv/pdf-worker.mjs: one worker, started at the first PDF and kept (not holding
 * the process open while idle), one document at a time in the order asked (pdfThread). The queue has no
 * bound: a caller waits behind every document asked before it, and TIMEOUT_MS counts only from when its own
 * is sent. A document that takes longer ends the worker (the next one starts a new worker); so does a worker
 * that fails.
 */

const TIMEOUT_MS = 60_000;

/** A react-pdf element in the form that crosses threads. */
export interface PlainNode {
  type: string;
  props: Record<string, unknown>;
  children: (PlainNode | string)[];
}

/**
 * 'Page n of m' on every page, written by the worker after typesetting (lib/cv/pdf-worker.mjs says why):
 * right-aligned `right` points from the page's right edge, the baseline `baseline` points above the foot,
 * in DejaVu Serif of `size` points, in `color` (RGB, 0 to 1).
 */
export interface PageNumbers {
  right: number;
  baseline: number;
  size: number;
  color: [number, number, number];
}

/**
 * react-pdf's elements (their types are strings such as 'VIEW') as plain data: arrays and fragments
 * flattened, numbers as text, nothing for null and booleans. A function in the tree (a component, a render
 * prop) would not reach the worker: it is refused here, by name.
 */
export function toPlainNode(node: ReactNode): (PlainNode | string)[] {
  if (node === null || node === undefined || typeof node === 'boolean') return [];
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return [String(node)];
  if (Array.isArray(node)) return node.flatMap(toPlainNode);
  if (!isValidElement<Record<string, unknown>>(node)) throw new Error('The PDF document holds something that is not an element.');
  const { children, ...props } = node.props;
  if (typeof node.type !== 'string') {
    // A fragment: its children stand in its place.
    // (React's element types are registered symbols: any copy of React's Fragment is this one.)
    if (node.type === Fragment) return toPlainNode(children as ReactNode);
    throw new Error('The PDF document holds a component: build it from react-pdf elements only.');
  }
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') throw new Error(`The PDF element ${node.type} has a function in ${name}: name it for the worker instead.`);
  }
  return [{ type: node.type, props, children: toPlainNode(children as ReactNode) }];
}

interface Job {
  message: { document: PlainNode; pageNumbers: PageNumbers | null };
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** The document being typeset, sent with this id; null while idle and once the thread is given up. */
  current: { id: number; job: Job; timer: NodeJS.Timeout } | null;
}

/**
 * A queue of documents typeset one at a time, in the order asked, by the worker thread in `file`. A document
 * is sent only when the one before it is answered, so the time limit counts its own typesetting and a stuck
 * one is the one stopped: its worker is given up at once (no later document is sent to it, nor can its exit
 * fail them) and the next document starts a new worker.
 */
export function pdfThread(file: string, timeoutMs: number): (job: Job['message']) => Promise<Uint8Array> {
  const waiting: Job[] = [];
  let live: Thread | null = null;
  let nextId = 0;

  function start(): Thread {
    const thread: Thread = { worker: new Worker(file), current: null };
    thread.worker.unref();
    thread.worker.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
      const current = thread.current;
      if (!current || current.id !== message.id) return;
      settle(thread);
      if (message.bytes) current.job.resolve(message.bytes);
      else current.job.reject(new Error(`The PDF could not be typeset: ${message.error ?? 'no answer'}`));
      sendNext();
    });
    const giveUp = (error: Error) => {
      const current = thread.current;
      if (live === thread) live = null;
      settle(thread);
      current?.job.reject(error);
      sendNext();
    };
    thread.worker.on('error', giveUp);
    thread.worker.on('exit', (code) => giveUp(new Error(`The PDF worker stopped (exit code ${code}).`)));
    return thread;
  }

  function settle(thread: Thread): void {
    if (thread.current) clearTimeout(thread.current.timer);
    thread.current = null;
  }

  function sendNext(): void {
    if (live?.current) return;
    const job = waiting.shift();
    if (!job) {
      // Idle, the worker does not hold the process open.
      live?.worker.unref();
      return;
    }
    const thread = (live ??= start());
    const id = (nextId += 1);
    const timer = setTimeout(() => {
      // Given up before it is stopped: between now and its exit event nothing more is sent to it.
      if (live === thread) live = null;
      settle(thread);
      job.reject(new Error(`The PDF took longer than ${timeoutMs / 1000} s to typeset.`));
      void thread.worker.terminate();
      sendNext();
    }, timeoutMs);
    timer.unref();
    thread.current = { id, job, timer };
    thread.worker.ref();
    thread.worker.postMessage({ id, ...job.message });
  }

  return (message) =>
    new Promise<Uint8Array>((resolve, reject) => {
      waiting.push({ message, resolve, reject });
      sendNext();
    });
}

// From the project root, as Node loads it: the file is not part of Next's bundle (next.config.mjs traces it).
const typeset = pdfThread(path.join(process.cwd(), 'lib', 'cv', 'pdf-worker.mjs'), TIMEOUT_MS);

/** Typesets a document (react-pdf's elements) in the worker thread, with page numbers when given; answers the PDF's bytes. */
export function typesetInWorker(document: ReactNode, pageNumbers: PageNumbers | null = null): Promise<Uint8Array> {
  const [plain] = toPlainNode(document);
  if (!plain || typeof plain === 'string') return Promise.reject(new Error('The PDF document is empty.'));
  return typeset({ document: plain, pageNumbers });
}
