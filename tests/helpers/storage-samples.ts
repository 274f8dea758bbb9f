/**
 * Tiny but complete files of every allowed upload type (2×2 pixels, made with sharp; a one-page PDF),
 * and disguised ones, for the storage tests.
 */
const b64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

export const SAMPLES = {
  jpeg: b64(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCSABTv/9k=',
  ),
  png: b64('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4IWdzQs6GAUIBACH2BIkFu4vdAAAAAElFTkSuQmCC'),
  gif: b64('R0lGODlhAgACAIAAAExpccgePCH5BAUAAAAALAAAAAACAAIAAAICjFMAOw=='),
  webp: b64('UklGRjgAAABXRUJQVlA4ICwAAACQAQCdASoCAAIAAUAmJaACdLoAA5gA/vD6K67xaUa/+8Z//cZ//cZ/7uAAAA=='),
  pdf: ascii(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/MediaBox[0 0 72 72]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
  script: ascii('alert(document.cookie);\n'),
  html: ascii('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  svg: ascii('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
  /** A valid GIF header followed by script: a GIF/JavaScript polyglot. */
  gifPolyglot: ascii('GIF89a/*\x02\x00\x02\x00\x80\x00\x00*/=1;alert(document.cookie);//<script>alert(1)</script>'),
} as const;

/** `size` bytes that file-type reads as `kind`: the sample's header, padded with zeros. */
export function padded(sample: Uint8Array, size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(sample.subarray(0, Math.min(sample.byteLength, size)));
  return bytes;
}
