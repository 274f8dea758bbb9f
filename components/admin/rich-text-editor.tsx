'use client';

import { useEffect, useRef } from 'react';
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Quote, type LucideIcon } from 'lucide-react';

import { inertHtml } from '@/components/admin/paste-filter';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A toolbar button: a document.execCommand name and argument, or 'link' (asks for the address). */
type Command = { label: string; icon: LucideIcon; command: string; argument?: string };

const COMMANDS: readonly Command[] = [
  { label: 'Heading', icon: Heading2, command: 'formatBlock', argument: 'h2' },
  { label: 'Bold', icon: Bold, command: 'bold' },
  { label: 'Italic', icon: Italic, command: 'italic' },
  { label: 'Bulleted list', icon: List, command: 'insertUnorderedList' },
  { label: 'Numbered list', icon: ListOrdered, command: 'insertOrderedList' },
  { label: 'Quote', icon: Quote, command: 'formatBlock', argument: 'blockquote' },
  { label: 'Link', icon: Link2, command: 'link' },
];

/**
 * The personal posts' rich editor (docs/product.md §2): an editable area producing HTML, with a toolbar for
 * headings, bold, italic, lists, quotes and links (and Ctrl/⌘+B, I, K). The HTML it produces is
 * sanitised on the server before it is stored.
 */
export function RichTextEditor({
  id,
  value,
  onValueChange,
  invalid,
  describedBy,
  labelledBy,
}: {
  id: string;
  value: string;
  onValueChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string;
  labelledBy: string;
}) {
  const ref = useRef<HTMLDivElement>(null);

  // The area keeps its own DOM while typing; it is rewritten only when the value changes from outside
  // (a restored draft, a reset after create), so the caret does not jump. A draft is HTML read back from
  // the browser's storage, not typed here, so it goes through the same filter as a paste.
  useEffect(() => {
    const area = ref.current;
    if (area && area.innerHTML !== value) area.innerHTML = inertHtml(value);
  }, [value]);

  const exec = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    if (ref.current) onValueChange(ref.current.innerHTML);
  };

  const link = () => {
    const url = window.prompt('Link address (https://…)', 'https://');
    if (url && /^https?:\/\/\S+$/i.test(url.trim())) exec('createLink', url.trim());
  };

  const run = ({ command, argument }: Command) => (command === 'link' ? link() : exec(command, argument));

  return (
    <div className={cn('overflow-hidden rounded-md border border-input focus-within:ring-2 focus-within:ring-ring/50', invalid && 'border-destructive')}>
      <div role="toolbar" aria-label="Formatting" aria-controls={id} className="flex flex-wrap gap-1 border-b border-input bg-muted/40 p-1">
        {COMMANDS.map((command) => (
          <Button
            key={command.label}
            type="button"
            variant="ghost"
            size="sm"
            aria-label={command.label}
            title={command.label}
            // Keep the selection in the area: a button that takes focus would lose it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run(command)}
          >
            <command.icon aria-hidden />
          </Button>
        ))}
      </div>
      <div
        id={id}
        ref={ref}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        contentEditable
        suppressContentEditableWarning
        className="min-h-48 px-3 py-2 text-sm outline-none [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_h2]:text-lg [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
        onInput={(event) => onValueChange(event.currentTarget.innerHTML)}
        onKeyDown={(event) => {
          if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
          const key = event.key.toLowerCase();
          if (key === 'k') {
            event.preventDefault();
            link();
          }
        }}
        onPaste={(event) => {
          // Pasted HTML is cleaned (components/admin/paste-filter.ts) before it enters the area; plain text
          // goes in as it is.
          const html = event.clipboardData.getData('text/html');
          if (!html) return;
          event.preventDefault();
          document.execCommand('insertHTML', false, inertHtml(html));
          onValueChange(event.currentTarget.innerHTML);
        }}
      />
    </div>
  );
}
