'use client';

import { useState } from 'react';
import { Check, Copy, Download, Quote } from 'lucide-react';

import { Button } from '@/components/ui/button';

/**
 * Cite: the paper's BibTeX (copy, or download as a .bib file) and an APA reference, in a panel that opens
 * below the button. Both texts are made on the server; this only shows and copies them.
 */
export function CiteButton({ bibtex, apa, fileName }: { bibtex: string; apa: string; fileName: string }) {
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
      <Button type="button" variant="outline" className="self-start" aria-expanded={open} aria-controls="cite-panel" onClick={() => setOpen((value) => !value)}>
        <Quote aria-hidden="true" />
        Cite
      </Button>
      {open ? (
        <section id="cite-panel" aria-label="Cite this paper" className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
          <div className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold">BibTeX</h2>
            <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-black/30 p-3 font-mono text-xs leading-5">
              {bibtex}
            </pre>
            <div className="flex flex-wrap gap-2">
              <Button type="button" size="sm" variant="secondary" onClick={() => void copy('bibtex')}>
                {copied === 'bibtex' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied === 'bibtex' ? 'Copied' : 'Copy BibTeX'}
              </Button>
              <Button type="button" size="sm" variant="secondary" onClick={download}>
                <Download aria-hidden="true" />
                Download .bib
              </Button>
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold">APA</h2>
            <p className="text-sm text-foreground/90">{apa}</p>
            <Button type="button" size="sm" variant="secondary" className="self-start" onClick={() => void copy('apa')}>
              {copied === 'apa' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied === 'apa' ? 'Copied' : 'Copy reference'}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
