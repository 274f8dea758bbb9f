'use client';

import { useState, type ReactNode } from 'react';

interface CitePanelProps {
  bibtex: string;
  apa: string;
  fileName: string;
  /** The buttons' class names (cite-button.tsx makes them on the server). */
  looks: { cite: string; action: string; copyReference: string };
  icons: { cite: ReactNode; copy: ReactNode; copied: ReactNode; download: ReactNode };
}

/** CiteButton's interactive part: the Cite toggle and its panel, with copy and download. */
export function CitePanel({ bibtex, apa, fileName, looks, icons }: CitePanelProps) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<'bibtex' | 'apa' | null>(null);
  const copy = async (what: 'bibtex' | 'apa') => {
    try {
      await navigator.clipboard.writeText(what === 'bibtex' ? bibtex : apa);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([bibtex], { type: 'application/x-bibtex' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-3">
      <button type="button" data-slot="button" className={looks.cite} aria-expanded={open} aria-controls="cite-panel" onClick={() => setOpen((value) => !value)}>
        {icons.cite}
        Cite
      </button>
      {open ? (
        <section id="cite-panel" aria-label="Cite this paper" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
          <div className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold">BibTeX</h2>
            <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-black/30 p-3 font-mono text-xs leading-5">
              {bibtex}
            </pre>
            <div className="flex flex-wrap gap-2">
              <button type="button" data-slot="button" className={looks.action} onClick={() => void copy('bibtex')}>
                {copied === 'bibtex' ? icons.copied : icons.copy}
                {copied === 'bibtex' ? 'Copied' : 'Copy BibTeX'}
              </button>
              <button type="button" data-slot="button" className={looks.action} onClick={download}>
                {icons.download}
                Download .bib
              </button>
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold">APA</h2>
            <p className="text-sm text-foreground/90">{apa}</p>
            <button type="button" data-slot="button" className={looks.copyReference} onClick={() => void copy('apa')}>
              {copied === 'apa' ? icons.copied : icons.copy}
              {copied === 'apa' ? 'Copied' : 'Copy reference'}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
