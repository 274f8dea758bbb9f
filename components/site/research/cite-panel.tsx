'use client';

import { useState, type ReactNode } from 'react';

import { isPaperCitation, type PaperCitation } from '@/lib/citations/types';
import { CiteCredit } from './cite-credit';

interface CitePanelProps {
  paperId: string;
  /** The buttons' class names (cite-button.tsx makes them on the server). */
  looks: { cite: string; action: string };
  icons: { cite: ReactNode; copy: ReactNode; copied: ReactNode; download: ReactNode };
}

type Citation = { state: 'idle' | 'loading' | 'failed' } | { state: 'loaded'; citation: PaperCitation };

/**
 * CiteButton's interactive part: the Cite toggle and its panel. The citation is fetched from
 * /research/{id}/cite when the panel first opens, so the page carries none of it; then each format has its
 * own copy button, and BibTeX and RIS can be downloaded as files.
 */
export function CitePanel({ paperId, looks, icons }: CitePanelProps) {
  const [open, setOpen] = useState(false);
  const [citation, setCitation] = useState<Citation>({ state: 'idle' });
  const [copied, setCopied] = useState<{ id: string; label: string } | null>(null);

  const load = async () => {
    setCitation({ state: 'loading' });
    try {
      const response = await fetch(`/research/${encodeURIComponent(paperId)}/cite`);
      const body: unknown = response.ok ? await response.json() : null;
      if (!isPaperCitation(body)) throw new Error(`The citation answered ${response.status} without a citation.`);
      setCitation({ state: 'loaded', citation: body });
    } catch (error) {
      console.error('Could not load the citation', error);
      setCitation({ state: 'failed' });
    }
  };
  const toggle = () => {
    setOpen((value) => !value);
    if (!open && citation.state === 'idle') void load();
  };
  const copy = async (id: string, label: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ id, label });
    } catch {
      // The browser refused the clipboard (no permission, not focused): the text stays there to select.
      setCopied(null);
    }
  };
  const download = (text: string, fileName: string, type: string) => {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  const copyButton = (id: string, label: string, text: string, name: string) => (
    <button type="button" data-slot="button" className={looks.action} onClick={() => void copy(id, label, text)}>
      {copied?.id === id ? icons.copied : icons.copy}
      {copied?.id === id ? 'Copied' : name}
    </button>
  );

  return (
    <div className="flex flex-col gap-3">
      <button type="button" data-slot="button" className={looks.cite} aria-expanded={open} aria-controls="cite-panel" onClick={toggle}>
        {icons.cite}
        Cite
      </button>
      {open ? (
        <section id="cite-panel" aria-label="Cite this paper" className="flex min-w-0 flex-col gap-5 rounded-xl border border-border bg-card p-4">
          {citation.state === 'loaded' ? (
            <>
              {(
                [
                  { id: 'bibtex', label: 'BibTeX', text: citation.citation.bibtex, extension: 'bib', type: 'application/x-bibtex' },
                  { id: 'ris', label: 'RIS', text: citation.citation.ris, extension: 'ris', type: 'application/x-research-info-systems' },
                ] as const
              ).map((file) => (
                <div key={file.id} className="flex min-w-0 flex-col gap-2">
                  <h2 id={`cite-${file.id}`} className="text-sm font-semibold">
                    {file.label}
                  </h2>
                  <pre tabIndex={0} aria-labelledby={`cite-${file.id}`} className="max-h-64 overflow-auto rounded-lg bg-black/30 p-3 font-mono text-xs leading-5">
                    {file.text}
                  </pre>
                  <div className="flex flex-wrap gap-2">
                    {copyButton(file.id, file.label, file.text, `Copy ${file.label}`)}
                    <button
                      type="button"
                      data-slot="button"
                      className={looks.action}
                      onClick={() => download(file.text, `${citation.citation.key}.${file.extension}`, file.type)}
                    >
                      {icons.download}
                      Download .{file.extension}
                    </button>
                  </div>
                </div>
              ))}
              {citation.citation.styles.map((style) => (
                <div key={style.id} className="flex min-w-0 flex-col items-start gap-2">
                  <h2 className="text-sm font-semibold">{style.label}</h2>
                  {/* Sanitised on the server to italics, bold and scripts (lib/citations/formats.ts). */}
                  <p className="text-sm wrap-anywhere text-foreground/90" dangerouslySetInnerHTML={{ __html: style.html }} />
                  {copyButton(style.id, style.label, style.text, `Copy ${style.label} reference`)}
                </div>
              ))}
              <CiteCredit />
            </>
          ) : citation.state === 'failed' ? (
            <div className="flex flex-col items-start gap-2">
              <p role="alert" className="text-sm">
                The citation could not be loaded. Please try again.
              </p>
              <button type="button" data-slot="button" className={looks.action} onClick={() => void load()}>
                Try again
              </button>
            </div>
          ) : (
            <p role="status" className="text-sm text-muted-foreground">
              Loading citation...
            </p>
          )}
          <p aria-live="polite" className="sr-only">
            {copied ? `${copied.label} copied to the clipboard.` : ''}
          </p>
        </section>
      ) : null}
    </div>
  );
}
