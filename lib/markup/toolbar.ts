/**
 * The simple editor's toolbar (spec section 2: bold, italic, list item, link and image markers): each
 * button turns the selection into marked-up text. Pure, so the editors and the tests share it.
 */

export type Marker = 'bold' | 'italic' | 'listItem' | 'link' | 'image';

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
};

function wrap(value: string, start: number, end: number, before: string, after: string, placeholder: string): Edit {
  const selected = value.slice(start, end) || placeholder;
  const next = value.slice(0, start) + before + selected + after + value.slice(end);
  return { value: next, selectionStart: start + before.length, selectionEnd: start + before.length + selected.length };
}

/** Starts every selected line (or the caret's line) with '- '. */
function listItems(value: string, start: number, end: number): Edit {
  const lineStart = value.lastIndexOf('\n', start - 1) + 1;
  const block = value.slice(lineStart, end);
  if (block.trim() === '') {
    const inserted = `- ${PLACEHOLDER.listItem}`;
    const next = value.slice(0, lineStart) + inserted + value.slice(end);
    return { value: next, selectionStart: lineStart + 2, selectionEnd: lineStart + inserted.length };
  }
  const marked = block
    .split('\n')
    .map((line) => (line.trim() === '' || /^\s*- /.test(line) ? line : `- ${line}`))
    .join('\n');
  const next = value.slice(0, lineStart) + marked + value.slice(end);
  return { value: next, selectionStart: lineStart, selectionEnd: lineStart + marked.length };
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
      return listItems(value, start, end);
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
