'use client';

import { useId, useState, useTransition } from 'react';
import { Loader2, RefreshCw, Save } from 'lucide-react';

import { refreshPaperAction, updatePaperAction } from '@/app/admin/(guarded)/research/edit/actions';
import { adminToast } from '@/components/admin/toast';
import { Button } from '@/components/ui/button';
import { settleAction } from '@/lib/action-result';
import type { ResearchPaper } from '@/lib/content/research/types';
import type { SourceName } from '@/lib/scholarly/types';
import { withinBodyLimit } from '@/lib/validation/action-body';
import type { PaperValues } from '@/lib/validation/research';
import { differences, mergedForm, refreshLabel, type Difference, type RefreshField } from './paper-fields';

const UNREACHABLE = 'The server could not be reached. Nothing was changed; please try again.';

/**
 * "Refresh from source" on a stored paper with a DOI or arXiv id (issue 34): what its source says now, field
 * by field beside what is stored (its kind and venue fields among them, issue 45), each difference ticked to
 * take it; Save writes the ticked ones through the editor's own update. Nothing changes until Save.
 */
export function RefreshFromSource({ paper, onSaved }: { paper: ResearchPaper; onSaved: (paper: ResearchPaper) => void }) {
  const id = useId();
  const [pending, startPending] = useTransition();
  const [found, setFound] = useState<{ source: SourceName; paper: PaperValues; differences: Difference[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ticked, setTicked] = useState<Set<RefreshField>>(new Set());

  const refresh = () => {
    if (pending) return;
    setProblem(null);
    startPending(async () => {
      const answer = await settleAction(() => refreshPaperAction(paper.id), UNREACHABLE, 'refresh from source');
      if (!answer.ok) return setProblem(answer.error);
      if (!answer.data.ok) return setProblem(answer.data.problem.message);
      const found = differences(paper, answer.data.paper);
      setFound({ source: answer.data.source, paper: answer.data.paper, differences: found });
      setTicked(new Set(found.map((difference) => difference.field)));
    });
  };

  const save = () => {
    if (pending || !found || ticked.size === 0) return;
    const form = mergedForm(paper, found.paper, ticked);
    startPending(async () => {
      const answer = await settleAction(() => withinBodyLimit(updatePaperAction)(paper.id, form), UNREACHABLE, 'refresh from source');
      if (!answer.ok) {
        adminToast.error('Error', { description: answer.error });
        return;
      }
      adminToast.success('Research paper updated successfully');
      setFound(null);
      onSaved(answer.data);
    });
  };

  const toggle = (field: RefreshField) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(field)) next.delete(field);
      else next.add(field);
      return next;
    });

  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button type="button" variant="outline" size="sm" onClick={refresh} disabled={pending}>
          {pending && !found ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
          {pending && !found ? 'Refreshing...' : 'Refresh from source'}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {found ? (
        <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-lg border border-border p-3">
          <h3 id={`${id}-heading`} className="text-sm font-semibold">
            {found.differences.length === 0 ? `Nothing differs from ${found.source}.` : `What ${found.source} says now`}
          </h3>
          {found.differences.length > 0 ? (
            <>
              <table className="w-full table-fixed text-left text-sm">
                <thead>
                  <tr className="text-muted-foreground">
                    <th scope="col" className="w-8 py-1">
                      <span className="sr-only">Take</span>
                    </th>
                    <th scope="col" className="w-28 py-1">
                      Field
                    </th>
                    <th scope="col" className="py-1">
                      Now
                    </th>
                    <th scope="col" className="py-1">
                      From {found.source}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {found.differences.map((difference) => {
                    const boxId = `${id}-${difference.field}`;
                    return (
                      <tr key={difference.field} data-refresh-field={difference.field} className="border-t border-border align-top">
                        <td className="py-2">
                          <input
                            id={boxId}
                            type="checkbox"
                            className="size-4 accent-primary"
                            checked={ticked.has(difference.field)}
                            onChange={() => toggle(difference.field)}
                          />
                        </td>
                        <th scope="row" className="py-2 font-medium">
                          <label htmlFor={boxId}>{refreshLabel(difference.field, found.paper)}</label>
                        </th>
                        <td className="py-2 pr-2 break-words text-muted-foreground">{clip(difference.now) || <em>empty</em>}</td>
                        <td className="py-2 break-words">{clip(difference.source) || <em>empty</em>}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <div className="flex flex-wrap gap-2">
                <Button type="button" size="sm" onClick={save} disabled={pending || ticked.size === 0}>
                  {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
                  {pending ? 'Saving...' : 'Save changes'}
                </Button>
                <Button type="button" size="sm" variant="outline" onClick={() => setFound(null)} disabled={pending}>
                  Cancel
                </Button>
              </div>
            </>
          ) : (
            <Button type="button" size="sm" variant="outline" className="self-start" onClick={() => setFound(null)}>
              Close
            </Button>
          )}
        </section>
      ) : null}
    </div>
  );
}

const clip = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}…` : text);
