import 'server-only';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Fragment, isValidElement, type ReactNode } from 'react';

/**
 * The main thread's side of lib/cv/pdf-worker.mjs: one worker, started at the first PDF and kept (not holding
 * the process open while idle), one document at a time in the order asked. A document that takes longer
 * than TIMEOUT_MS ends the worker (the next one starts a new worker); so does a worker that fails.
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
  resolve(bytes: Uint8Array): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

let worker: Worker | null = null;
const jobs = new Map<number, Job>();
let nextId = 0;

function failAll(error: Error): void {
  for (const job of jobs.values()) {
    clearTimeout(job.timer);
    job.reject(error);
  }
  jobs.clear();
}

function pdfWorker(): Worker {
  if (worker) return worker;
  // From the project root, as Node loads it: the file is not part of Next's bundle (next.config.mjs traces it).
  const started = new Worker(path.join(process.cwd(), 'lib', 'cv', 'pdf-worker.mjs'));
  started.unref();
  started.on('message', (message: { id: number; bytes?: Uint8Array; error?: string }) => {
    const job = jobs.get(message.id);
    if (!job) return;
    jobs.delete(message.id);
    clearTimeout(job.timer);
    if (jobs.size === 0) started.unref();
    if (message.bytes) job.resolve(message.bytes);
    else job.reject(new Error(`The PDF could not be typeset: ${message.error ?? 'no answer'}`));
  });
  started.on('error', (error) => {
    if (worker === started) worker = null;
    failAll(error);
  });
  started.on('exit', (code) => {
    if (worker === started) worker = null;
    failAll(new Error(`The PDF worker stopped (exit code ${code}).`));
  });
  worker = started;
  return started;
}

/** Typesets a document (react-pdf's elements) in the worker thread, with page numbers when given; answers the PDF's bytes. */
export function typesetInWorker(document: ReactNode, pageNumbers: PageNumbers | null = null): Promise<Uint8Array> {
  const [plain] = toPlainNode(document);
  if (!plain || typeof plain === 'string') return Promise.reject(new Error('The PDF document is empty.'));
  const thread = pdfWorker();
  const id = (nextId += 1);
  return new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => {
      jobs.delete(id);
      reject(new Error(`The PDF took longer than ${TIMEOUT_MS / 1000} s to typeset.`));
      // Whatever it is doing, it is stopped; the next document starts a new worker.
      void thread.terminate();
    }, TIMEOUT_MS);
    timer.unref();
    jobs.set(id, { resolve, reject, timer });
    thread.ref();
    thread.postMessage({ id, document: plain, pageNumbers });
  });
}
