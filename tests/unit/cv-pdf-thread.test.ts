import path from 'node:path';
import { createElement, Fragment } from 'react';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { renderCvPdf } from '@/lib/cv/pdf';
import { pdfThread, toPlainNode } from '@/lib/cv/pdf-thread';
import { largeCvData, sampleCvData } from '@/tests/fixtures/cv-data';

/**
 * /cv.pdf is typeset in a worker thread (lib/cv/pdf-thread.ts, lib/cv/pdf-worker.mjs): react-pdf's layout is
 * synchronous JavaScript (1.3 to 1.6 s for 150 papers), which on the server's own thread would answer nothing
 * else meanwhile. Shown here by the event loop turning while a large CV is typeset: on the main thread the
 * render of a warm process resolves in microtasks only, and no setImmediate callback would run before it.
 */
describe('typesetting in a worker', () => {
  it('leaves the event loop free while a large CV is typeset, and answers a PDF', async () => {
    await renderCvPdf(sampleCvData());
    let turns = 0;
    let done = false;
    const spin = () => {
      if (done) return;
      turns += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    const bytes = await renderCvPdf(largeCvData());
    done = true;
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(turns).toBeGreaterThan(100);
  });

  it('typesets several documents asked at once, each answered with its own file', async () => {
    const names = ['Emmy Noether', 'Srinivasa Ramanujan', 'Sofia Kovalevskaya'];
    const files = await Promise.all(names.map((name) => renderCvPdf(sampleCvData({ name }))));
    const authors = await Promise.all(files.map(async (bytes) => ((await (await getDocumentProxy(bytes.slice())).getMetadata()).info as { Author?: string }).Author));
    expect(authors).toEqual(names);
  });
});

describe('the queue of documents', () => {
  const fakeWorker = path.join(process.cwd(), 'tests', 'fixtures', 'pdf-worker-fake.mjs');
  const doc = (name: string, props: Record<string, unknown> = {}) => ({ document: { type: 'DOCUMENT', props: { name, ...props }, children: [] }, pageNumbers: null });
  const answer = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as { name: string; threadId: number; together: number };

  it('sends the worker one document at a time, in the order asked', async () => {
    const typeset = pdfThread(fakeWorker, 10_000);
    const finished: string[] = [];
    const answers = await Promise.all(
      [doc('slow', { ms: 60 }), doc('quick', { ms: 0 }), doc('middling', { ms: 20 })].map(async (job) => {
        const bytes = answer(await typeset(job));
        finished.push(bytes.name);
        return bytes;
      }),
    );
    expect(finished).toEqual(['slow', 'quick', 'middling']);
    expect(answers.map((a) => a.together)).toEqual([1, 1, 1]);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(1);
  });

  it('after a timeout sends nothing more to the stopped worker: the documents after it are typeset by a new one', async () => {
    const typeset = pdfThread(fakeWorker, 300);
    const first = answer(await typeset(doc('before')));
    const stuck = typeset({ document: { type: 'STUCK', props: {}, children: [] }, pageNumbers: null });
    const queued = typeset(doc('queued'));
    // Asked the moment the stuck one is given up, before its worker has stopped.
    const askedThen = stuck.then(
      () => null,
      () => typeset(doc('asked then')),
    );
    await expect(stuck).rejects.toThrow('The PDF took longer than 0.3 s to typeset.');
    const next = await askedThen;
    if (!next) throw new Error('the stuck document was answered');
    const after = [answer(await queued), answer(next)];
    expect(after.map((a) => a.name)).toEqual(['queued', 'asked then']);
    expect(after.every((a) => a.threadId !== first.threadId)).toBe(true);
  });
});

describe('the document as plain data', () => {
  it('keeps react-pdf elements, flattens fragments and arrays, and writes numbers as text', () => {
    const tree = createElement('VIEW', { style: { padding: 4 } }, [createElement(Fragment, { key: 'a' }, 'x', 1, null, false), createElement('TEXT', { key: 'b' }, 'y')]);
    expect(toPlainNode(tree)).toEqual([
      {
        type: 'VIEW',
        props: { style: { padding: 4 } },
        children: ['x', '1', { type: 'TEXT', props: {}, children: ['y'] }],
      },
    ]);
  });

  it('refuses components and functions, which cannot cross to the worker', () => {
    const Component = () => createElement('TEXT', null, 'x');
    expect(() => toPlainNode(createElement(Component))).toThrow(/component/);
    expect(() => toPlainNode(createElement('TEXT', { render: () => 'x' }))).toThrow(/function in render/);
  });
});
