'use client';

import { useRef, type ComponentProps, type KeyboardEvent } from 'react';
import { Bold, Image as ImageIcon, Italic, Link2, List } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { applyMarker, type Marker } from '@/lib/markup/toolbar';

const BUTTONS: { marker: Marker; label: string; shortcut?: string; icon: typeof Bold }[] = [
  { marker: 'bold', label: 'Bold', shortcut: 'b', icon: Bold },
  { marker: 'italic', label: 'Italic', shortcut: 'i', icon: Italic },
  { marker: 'listItem', label: 'List item', icon: List },
  { marker: 'link', label: 'Link', shortcut: 'k', icon: Link2 },
  { marker: 'image', label: 'Image', icon: ImageIcon },
];

/**
 * The simple text editor (spec section 2): a text area with a toolbar that inserts bold, italic, list
 * item, link and image markers around the selection; Ctrl/⌘+B, I and K do the same. The public page
 * renders the markers (components/site/simple-markup.tsx).
 */
export function MarkupTextarea({
  value,
  onValueChange,
  ...props
}: Omit<ComponentProps<typeof Textarea>, 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void; id: string }) {
  const ref = useRef<HTMLTextAreaElement>(null);

  const mark = (marker: Marker) => {
    const area = ref.current;
    if (!area) return;
    const edit = applyMarker(marker, value, area.selectionStart, area.selectionEnd);
    onValueChange(edit.value);
    // After React has put the new value in, select what the admin will type over.
    requestAnimationFrame(() => {
      area.focus();
      area.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const button = BUTTONS.find((b) => b.shortcut === event.key.toLowerCase());
    if (!button) return;
    event.preventDefault();
    mark(button.marker);
  };

  return (
    <div className="overflow-hidden rounded-md border border-input focus-within:ring-2 focus-within:ring-ring/50">
      <div role="toolbar" aria-label="Formatting" aria-controls={props.id} className="flex flex-wrap gap-1 border-b border-input bg-muted/40 p-1">
        {BUTTONS.map(({ marker, label, shortcut, icon: Icon }) => (
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
        ))}
      </div>
      <Textarea
        {...props}
        ref={ref}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="rounded-none border-0 shadow-none focus-visible:ring-0"
      />
    </div>
  );
}
