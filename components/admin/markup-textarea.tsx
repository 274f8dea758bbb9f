'use client';

import { useEffect, useRef, type ClipboardEvent, type ComponentProps, type DragEvent, type KeyboardEvent } from 'react';
import { Bold, Code, Heading2, Image as ImageIcon, Italic, Link2, List, ListOrdered, Sigma, SquareSigma, type LucideIcon } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { applyMarker, type Marker } from '@/lib/markup/toolbar';
import { cn } from '@/lib/utils';

const BUTTONS: Record<Marker, { label: string; shortcut?: string; icon: LucideIcon }> = {
  heading: { label: 'Heading', icon: Heading2 },
  bold: { label: 'Bold', shortcut: 'b', icon: Bold },
  italic: { label: 'Italic', shortcut: 'i', icon: Italic },
  link: { label: 'Link', shortcut: 'k', icon: Link2 },
  listItem: { label: 'List item', icon: List },
  numberedItem: { label: 'Numbered list item', icon: ListOrdered },
  code: { label: 'Code block', icon: Code },
  inlineMath: { label: 'Inline formula', icon: Sigma },
  displayMath: { label: 'Display formula', icon: SquareSigma },
  image: { label: 'Image', icon: ImageIcon },
};

/** The simple editor of docs/product.md §2 (experience descriptions): bold, italic, list item, link, image. */
export const SIMPLE_MARKERS: readonly Marker[] = ['bold', 'italic', 'listItem', 'link', 'image'];

/**
 * A text area with a toolbar that puts markup around the selection; Ctrl/⌘+B, I and K do the same, and
 * Ctrl/⌘+S calls `onSave`. With `onFiles`, images pasted or dropped into it are handed over with the
 * caret position (the blog uploads them and inserts their markup there).
 */
export function MarkupTextarea({
  value,
  onValueChange,
  markers = SIMPLE_MARKERS,
  onSave,
  onFiles,
  ...props
}: Omit<ComponentProps<typeof Textarea>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (value: string) => void;
  id: string;
  markers?: readonly Marker[];
  onSave?: () => void;
  onFiles?: (files: File[], at: number) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);

  // After React has put a toolbar edit in, select what the admin will type over next.
  useEffect(() => {
    const area = ref.current;
    const selection = pendingSelection.current;
    if (!area || !selection) return;
    pendingSelection.current = null;
    area.focus();
    area.setSelectionRange(selection[0], selection[1]);
  }, [value]);

  const mark = (marker: Marker) => {
    const area = ref.current;
    if (!area) return;
    const edit = applyMarker(marker, value, area.selectionStart, area.selectionEnd);
    pendingSelection.current = [edit.selectionStart, edit.selectionEnd];
    onValueChange(edit.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const key = event.key.toLowerCase();
    if (key === 's' && onSave) {
      event.preventDefault();
      onSave();
      return;
    }
    const marker = markers.find((m) => BUTTONS[m].shortcut === key);
    if (!marker) return;
    event.preventDefault();
    mark(marker);
  };

  const images = (list: FileList | null | undefined) => Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = images(event.clipboardData?.files);
    if (!onFiles || files.length === 0) return;
    event.preventDefault();
    onFiles(files, event.currentTarget.selectionStart);
  };

  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const files = images(event.dataTransfer?.files);
    if (!onFiles || files.length === 0) return;
    event.preventDefault();
    onFiles(files, event.currentTarget.selectionStart);
  };

  return (
    <div className="overflow-hidden rounded-md border border-input focus-within:ring-2 focus-within:ring-ring/50">
      <div role="toolbar" aria-label="Formatting" aria-controls={props.id} className="flex flex-wrap gap-1 border-b border-input bg-muted/40 p-1">
        {markers.map((marker) => {
          const { label, shortcut, icon: Icon } = BUTTONS[marker];
          return (
            <Button
              key={marker}
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => mark(marker)}
              aria-label={label}
              title={shortcut ? `${label} (Ctrl+${shortcut.toUpperCase()})` : label}
            >
              <Icon aria-hidden />
            </Button>
          );
        })}
      </div>
      <Textarea
        {...props}
        ref={ref}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onDrop={onDrop}
        className={cn('rounded-none border-0 shadow-none focus-visible:ring-0', props.className)}
      />
    </div>
  );
}
