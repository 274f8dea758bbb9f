// @ts-check
/**
 * The thread /cv.pdf is typeset in (lib/cv/pdf.tsx, docs/architecture.md "The CV"). react-pdf lays a document
 * out in synchronous JavaScript: 1.3 to 1.6 s for a CV of 150 papers, during which a server's event loop would
 * answer nothing else. Here it holds only this thread's.
 *
 * Plain JavaScript, loaded by Node as it is (not bundled by Next): it receives the document as react-pdf's own
 * elements in plain form ({ type, props, children }, built by pdf.tsx), rebuilds them with React and answers
 * the file's bytes. Functions cannot cross threads; the one the document needs, the footer's page numbers,
 * is named ('page-of-pages') and made here.
 */
import { parentPort } from 'node:worker_threads';

import { renderToBuffer } from '@react-pdf/renderer';
import { createElement } from 'react';

import { loadCvFonts } from './pdf-fonts.mjs';

/** @typedef {{ type: string; props: Record<string, unknown>; children: (PlainNode | string)[] }} PlainNode */

/** The render functions a document may name. */
const RENDERS = {
  'page-of-pages': (/** @type {{ pageNumber: number; totalPages: number }} */ { pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`,
};

/**
 * @param {PlainNode | string} node
 * @returns {import('react').ReactNode}
 */
function build(node) {
  if (typeof node === 'string') return node;
  const props = { ...node.props };
  if (typeof props.render === 'string') {
    const render = RENDERS[/** @type {keyof typeof RENDERS} */ (props.render)];
    if (!render) throw new Error(`Unknown render function ${props.render}.`);
    props.render = render;
  }
  return createElement(node.type, props, ...node.children.map(build));
}

if (!parentPort) throw new Error('lib/cv/pdf-worker.mjs runs as a worker thread.');
const port = parentPort;

port.on('message', async (/** @type {{ id: number; document: PlainNode }} */ { id, document }) => {
  try {
    await loadCvFonts();
    const buffer = await renderToBuffer(/** @type {Parameters<typeof renderToBuffer>[0]} */ (build(document)));
    const bytes = new Uint8Array(buffer.byteLength);
    bytes.set(buffer);
    port.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
