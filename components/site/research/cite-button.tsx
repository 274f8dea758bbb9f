import { Check, Copy, Download, Quote } from '@/components/site/icons';

import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { CitePanel } from './cite-panel';

const secondarySmall = cn(buttonVariants({ size: 'sm', variant: 'secondary' }));

/**
 * Cite: the paper's BibTeX (copy, or download as a .bib file) and an APA reference, in a panel that opens
 * below the button. Both texts are made on the server; the panel (cite-panel.tsx) only shows and copies
 * them. The buttons' looks and icons are made here, so the browser needs no icon or class library.
 */
export function CiteButton({ bibtex, apa, fileName }: { bibtex: string; apa: string; fileName: string }) {
  return (
    <CitePanel
      bibtex={bibtex}
      apa={apa}
      fileName={fileName}
      looks={{
        cite: cn(buttonVariants({ variant: 'outline', className: 'self-start' })),
        action: secondarySmall,
        copyReference: cn(buttonVariants({ size: 'sm', variant: 'secondary', className: 'self-start' })),
      }}
      icons={{
        cite: <Quote aria-hidden="true" />,
        copy: <Copy aria-hidden="true" />,
        copied: <Check aria-hidden="true" />,
        download: <Download aria-hidden="true" />,
      }}
    />
  );
}
