import { Check, Copy, Download, Quote } from '@/components/site/icons';

import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { CitePanel } from './cite-panel';

/**
 * Cite: the paper's BibTeX and RIS (copy, or download as files) and its reference in APA, Chicago, IEEE and
 * Springer MathPhys, in a panel that opens below the button. Everything is made on the server and fetched
 * when the panel first opens (cite-panel.tsx), so the page carries only the paper's id. The buttons' looks
 * and icons are made here, so the browser needs no icon or class library.
 */
export function CiteButton({ paperId }: { paperId: string }) {
  return (
    <CitePanel
      paperId={paperId}
      looks={{
        cite: cn(buttonVariants({ variant: 'outline', className: 'self-start' })),
        action: cn(buttonVariants({ size: 'sm', variant: 'secondary' })),
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
