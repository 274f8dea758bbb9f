// @ts-check
/**
 * The thread /cv.pdf is typeset in (lib/cv/pdf.tsx, docs/architecture.md "The CV"). react-pdf lays a document
 * out in synchronous JavaScript, seconds for a long CV, during which a server's event loop would answer
 * nothing else. Here it holds only this thread's.
 *
 * Plain JavaScript, loaded by Node as it is (not bundled by Next): it receives the document as react-pdf's own
 * elements in plain form ({ type, props, children }, built by pdf.tsx), rebuilds them with React and answers
 * the file's bytes.
 *
 * 'Page n of m' is written on each page afterwards, with pdf-lib (`pageNumbers`), not by react-pdf: react-pdf
 * lays a document with a dynamic node (a `render` function) out again, whole, at every page break, so its
 * time grows with its pages times its length; pdf-lib's one pass over the finished file costs little
 * (docs/architecture.md, "Measurements").
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';

import fontkit from '@pdf-lib/fontkit';
import { renderToBuffer } from '@react-pdf/renderer';
import { PDFDocument, rgb } from 'pdf-lib';
import { createElement } from 'react';

import { cvFontFile, loadCvFonts } from './pdf-fonts.mjs';

/** @typedef {{ type: string; props: Record<string, unknown>; children: (PlainNode | string)[] }} PlainNode */

/**
 * @param {PlainNode | string} node
 * @returns {import('react').ReactNode}
 */
function build(node) {
  if (typeof node === 'string') return node;
  return createElement(node.type, node.props, ...node.children.map(build));
}

/**
 * Where 'Page n of m' goes: right-aligned at `right` points from the page's right edge, its baseline `baseline`
 * points above the foot, in DejaVu Serif.
 * @typedef {{ right: number; baseline: number; size: number; color: [number, number, number] }} PageNumbers
 */

/** @type {Promise<Uint8Array> | null} */
let numberFont = null;

/**
 * Writes 'Page n of m' on every page. The document's own metadata is kept (no new producer or dates), and the
 * font is embedded under a fixed name, so the same document gives the same bytes.
 * @param {Uint8Array} bytes
 * @param {PageNumbers} place
 * @returns {Promise<Uint8Array>}
 */
async function numberPages(bytes, place) {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  pdf.registerFontkit(fontkit);
  numberFont ??= readFile(cvFontFile('DejaVuSerif.ttf'));
  const font = await pdf.embedFont(await numberFont, { subset: true, customName: 'DejaVuSerif-PageNumbers' });
  const pages = pdf.getPages();
  pages.forEach((page, index) => {
    const text = `Page ${index + 1} of ${pages.length}`;
    const x = page.getWidth() - place.right - font.widthOfTextAtSize(text, place.size);
    page.drawText(text, { x, y: place.baseline, size: place.size, font, color: rgb(...place.color) });
  });
  return pdf.save({ useObjectStreams: false });
}

if (!parentPort) throw new Error('lib/cv/pdf-worker.mjs runs as a worker thread.');
const port = parentPort;

port.on('message', async (/** @type {{ id: number; document: PlainNode; pageNumbers: PageNumbers | null }} */ { id, document, pageNumbers }) => {
  try {
    await loadCvFonts();
    const buffer = await renderToBuffer(/** @type {Parameters<typeof renderToBuffer>[0]} */ (build(document)));
    const numbered = pageNumbers ? await numberPages(buffer, pageNumbers) : buffer;
    const bytes = new Uint8Array(numbered.byteLength);
    bytes.set(numbered);
    port.postMessage({ id, bytes }, [bytes.buffer]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
