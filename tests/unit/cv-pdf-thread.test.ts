import { createElement, Fragment } from 'react';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';

import { renderCvPdf } from '@/lib/cv/pdf';
import { toPlainNode } from '@/lib/cv/pdf-thread';
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
  }, 60_000);

  it('typesets several documents asked at once, each answered with its own file', async () => {
    const names = ['Emmy Noether', 'Srinivasa Ramanujan', 'Sofia Kovalevskaya'];
    const files = await Promise.all(names.map((name) => renderCvPdf(sampleCvData({ name }))));
    const authors = await Promise.all(files.map(async (bytes) => ((await (await getDocumentProxy(bytes.slice())).getMetadata()).info as { Author?: string }).Author));
    expect(authors).toEqual(names);
  }, 60_000);
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
