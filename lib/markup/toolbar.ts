/**
 * The simple editor's toolbar (docs/product.md §2: bold, italic, list item, link and image markers): each
 * button turns the selection into marked-up text. Pure, so the editors and the tests share it.
 */

export type Marker =
  | 'bold'
  | 'italic'
  | 'listItem'
  | 'link'
  | 'image'
  | 'heading'
  | 'numberedItem'
  | 'code'
  | 'inlineMath'
  | 'displayMath';

export interface Edit {
  value: string;
  /** The selection after the edit: the text the admin is most likely to type over next. */
  selectionStart: number;
  selectionEnd: number;
}

const PLACEHOLDER: Record<Marker, string> = {
  bold: 'bold text',
  italic: 'italic text',
  listItem: 'List item',
  link: 'link text',
  image: 'image description',
  heading: 'Heading',
  numberedItem: 'List item',
  code: 'code',
  inlineMath: 'x^2',
  displayMath: '\\int_0^1 f(x)\\,dx',
};

function wrap(value: string, start: number, end: number, before: string, after: string, placeholder: string): Edit {
  const selected = value.slice(start, end) || placeholder;
  const next = value.slice(0, start) + before + selected + after + value.slice(end);
  return { value: next, selectionStart: start + before.length, selectionEnd: start + before.length + selected.length };
}

/** Starts every selected line (or the caret's line) with a prefix: '- ', '1. ', '## '. */
function prefixLines(value: string, start: number, end: number, prefix: (index: number) => string, already: RegExp, placeholder: string): Edit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const block = value.slice(lineStart, end);
  if (block.trim() === '') {
    const inserted = `${prefix(0)}${placeholder}`;
    const next = value.slice(0, lineStart) + inserted + value.slice(end);
    return { value: next, selectionStart: lineStart + prefix(0).length, selectionEnd: lineStart + inserted.length };
  }
  let index = 0;
  const marked = block
    .split('\n')
    .map((line) => (line.trim() === '' || already.test(line) ? line : `${prefix(index++)}${line}`))
    .join('\n');
  const next = value.slice(0, lineStart) + marked + value.slice(end);
  return { value: next, selectionStart: lineStart, selectionEnd: lineStart + marked.length };
}

/** A block (fenced code, display math) on lines of its own: the fences must start their lines. */
function onOwnLines(value: string, start: number, end: number, before: string, after: string, placeholder: string): Edit {
  const lead = start > 0 && value[start - 1] !== '\n' ? '\n' : '';
  const trail = end < value.length && value[end] !== '\n' ? '\n' : '';
  return wrap(value, start, end, lead + before, after + trail, placeholder);
}

/** The edit one toolbar button makes to `value` with the given selection. */
export function applyMarker(marker: Marker, value: string, selectionStart: number, selectionEnd: number): Edit {
  const start = Math.max(0, Math.min(selectionStart, selectionEnd, value.length));
  const end = Math.min(value.length, Math.max(selectionStart, selectionEnd));
  switch (marker) {
    case 'bold':
      return wrap(value, start, end, '**', '**', PLACEHOLDER.bold);
    case 'italic':
      return wrap(value, start, end, '*', '*', PLACEHOLDER.italic);
    case 'listItem':
      return prefixLines(value, start, end, () => '- ', /^\s*- /, PLACEHOLDER.listItem);
    case 'numberedItem':
      return prefixLines(value, start, end, (index) => `${index + 1}. `, /^\s*\d+\. /, PLACEHOLDER.numberedItem);
    case 'heading':
      return prefixLines(value, start, end, () => '## ', /^#{1,3} /, PLACEHOLDER.heading);
    case 'code':
      return onOwnLines(value, start, end, '```\n', '\n```', PLACEHOLDER.code);
    case 'inlineMath':
      return wrap(value, start, end, '$', '$', PLACEHOLDER.inlineMath);
    case 'displayMath':
      return onOwnLines(value, start, end, '$$\n', '\n$$', PLACEHOLDER.displayMath);
    case 'link': {
      const edit = wrap(value, start, end, '[', '](https://)', PLACEHOLDER.link);
      // Select the address: the text is usually right, the URL never is yet.
      const urlStart = edit.selectionEnd + 2;
      return { ...edit, selectionStart: urlStart, selectionEnd: urlStart + 'https://'.length };
    }
    case 'image': {
      const edit = wrap(value, start, end, '![', '](/storage/)', PLACEHOLDER.image);
      const urlStart = edit.selectionEnd + 2;
      return { ...edit, selectionStart: urlStart, selectionEnd: urlStart + '/storage/'.length };
    }
  }
}
