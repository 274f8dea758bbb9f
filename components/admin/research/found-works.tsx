'use client';

import { useId, useState, useTransition } from 'react';
import { Loader2, Search, X } from 'lucide-react';

import { dismissFoundWorksAction, lookupFoundWorksAction } from '@/app/admin/(guarded)/research/edit/actions';
import { adminToast } from '@/components/admin/toast';
import { Button } from '@/components/ui/button';
import { settleAction } from '@/lib/action-result';
import type { ResearchPaper } from '@/lib/content/research/types';
import { plural } from '@/lib/format';
import type { FoundWork } from '@/lib/scholarly/citation-types';
import { withinBodyLimit } from '@/lib/validation/action-body';
import type { LookupMode } from '@/lib/validation/paper-lookup';
import { addLookedUp, LookupPreview } from './identifier-import';
import { usePreviewImport } from './preview-import';

const UNREACHABLE = 'The server could not be reached. Please try again.';

/**
 * The works on the owner's ORCID profile that are not on the site (issue 46), as the citation run found them:
 * each with Dismiss (never offered again), and Review, which looks them up at their sources as Add by identifier
 * does and shows the same preview, where they are added as they are or as drafts. Added works leave the list.
 */
export function FoundWorks({ initial, orcid, onImported }: { initial: readonly FoundWork[]; orcid: string | null; onImported: (papers: ResearchPaper[]) => void }) {
  const id = useId();
  const [works, setWorks] = useState(initial);
  const [mode, setMode] = useState<LookupMode>('as-source');
  const [dismissing, startDismissing] = useTransition();
  const keys = works.map((work) => work.key);
  const importer = usePreviewImport({
    sourceId: `${id}-review`,
    clearOnChange: false,
    unreachable: UNREACHABLE,
    label: 'found works',
    check: () => ({ ok: true }),
    preview: () => withinBodyLimit(lookupFoundWorksAction)(keys),
    ...addLookedUp(mode),
    onImported: (papers) => {
      onImported(papers);
      // What was added is on the site now: the list keeps the rest (the next run forgets the added ones).
      setWorks((current) => current.filter((work) => !papers.some((paper) => isWorkOf(work, paper))));
    },
  });
  const { preview, setPreview, pending, runPreview } = importer;

  if (works.length === 0) return null;

  const dismiss = (dismissed: string[]) => {
    if (dismissing) return;
    startDismissing(async () => {
      const result = await settleAction(() => dismissFoundWorksAction(dismissed), UNREACHABLE, 'dismiss found works');
      if (!result.ok) {
        adminToast.error('Failed to dismiss', { description: result.error });
        return;
      }
      setWorks((current) => current.filter((work) => !dismissed.includes(work.key)));
      setPreview(null);
      adminToast.success(dismissed.length === 1 ? 'Work dismissed' : `${plural(dismissed.length, 'work')} dismissed`, { description: 'It is not offered again.' });
    });
  };

  return (
    <section id="found-works" aria-labelledby={`${id}-heading`} className="flex scroll-mt-20 flex-col gap-4 rounded-xl border border-primary/40 bg-card p-4 sm:p-6">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {plural(works.length, 'new work')} found on your ORCID profile
        </h2>
        <p className="text-sm text-muted-foreground">
          {orcid ? `Works on ${orcid} that are not on the site. ` : 'Works on your ORCID profile that are not on the site. '}
          Review them to add them, or dismiss those that do not belong here: a dismissed work is not offered again.
        </p>
      </div>
      <ul aria-label="Works found on your ORCID profile" className="flex flex-col gap-2">
        {works.map((work) => (
          <li key={work.key} data-found-work={work.key} className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-border p-3 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-words">{work.title || `ORCID work ${work.putCode}`}</p>
              <p className="text-xs text-muted-foreground">
                {[work.year, work.workType.replaceAll('-', ' '), work.doi ? `DOI ${work.doi}` : null, work.arxivId ? `arXiv ${work.arxivId}` : null]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            <Button type="button" variant="ghost" size="sm" onClick={() => dismiss([work.key])} disabled={dismissing || pending}>
              <X aria-hidden />
              Dismiss<span className="sr-only">: {work.title || `ORCID work ${work.putCode}`}</span>
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button id={`${id}-review`} type="button" onClick={runPreview} disabled={pending || dismissing}>
          {pending && !preview ? <Loader2 className="animate-spin" aria-hidden /> : <Search aria-hidden />}
          {pending && !preview ? 'Looking up...' : `Review ${plural(works.length, 'work')}`}
        </Button>
        <Button type="button" variant="outline" onClick={() => dismiss(keys)} disabled={pending || dismissing}>
          Dismiss all
        </Button>
      </div>
      <LookupPreview name={`${id}-mode`} state={importer} mode={mode} onMode={setMode} />
    </section>
  );
}

const bare = (arxivId: string) => arxivId.toLowerCase().replace(/v\d+$/, '');
const plainTitle = (title: string) => title.toLowerCase().replace(/\W+/g, ' ').trim();

/** Whether an added paper is this work: the same DOI or arXiv paper, or the same title. */
function isWorkOf(work: FoundWork, paper: ResearchPaper): boolean {
  if (work.doi && paper.doi) return work.doi.toLowerCase() === paper.doi.toLowerCase();
  if (work.arxivId && paper.arxivId) return bare(work.arxivId) === bare(paper.arxivId);
  return work.title !== '' && plainTitle(work.title) === plainTitle(paper.title);
}
