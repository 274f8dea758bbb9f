'use client';

import { useEffect, useId, useState, useTransition, type FormEvent } from 'react';
import { Loader2, RefreshCw, Save } from 'lucide-react';

import { citationStatusAction, refreshCitationsNowAction, saveCitationSettingsAction } from '@/app/admin/(guarded)/settings/actions';
import { describedBy, FieldError } from '@/components/admin/about/field';
import { CitationRunStatus } from '@/components/admin/citation-run-status';
import { adminToast } from '@/components/admin/toast';
import { useUnsavedWarning } from '@/components/admin/use-unsaved-warning';
import { Button } from '@/components/ui/button';
import type { ActionResult } from '@/lib/action-result';
import type { CitationSettings, RefreshHours, RefreshStatus } from '@/lib/scholarly/citation-types';
import { REFRESH_CHOICES } from '@/lib/validation/citations';

const UNREACHABLE = 'The server could not be reached. Please try again.';

/** While a run goes on, how often its status is read again. */
const POLL_MS = 3_000;

const keyOf = (settings: CitationSettings) => JSON.stringify([settings.showOnSite, settings.showOnCv, settings.refreshHours]);

/**
 * Settings → Citations (issue 46): whether the counts show on the site and the CV, how often they are read,
 * Refresh now, and the run's status (read again every few seconds while a run goes on). `orcid` is the About
 * profile's ORCID iD, whose works each run compares with the site's papers; null when it has none.
 */
export function CitationSettingsForm({ initial, status: initialStatus, orcid }: { initial: CitationSettings; status: RefreshStatus; orcid: string | null }) {
  const id = useId();
  const [showOnSite, setShowOnSite] = useState(initial.showOnSite);
  const [showOnCv, setShowOnCv] = useState(initial.showOnCv);
  const [refreshHours, setRefreshHours] = useState<RefreshHours>(initial.refreshHours);
  const [baseline, setBaseline] = useState(() => keyOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState(initialStatus);
  const [watching, setWatching] = useState(initialStatus.running);
  const [saving, startSaving] = useTransition();
  const [starting, startStarting] = useTransition();
  const values: CitationSettings = { showOnSite, showOnCv, refreshHours };
  const dirty = keyOf(values) !== baseline;
  useUnsavedWarning(dirty);

  // While a run goes on (or was just asked for), its progress is read every few seconds.
  useEffect(() => {
    if (!watching) return;
    let stopped = false;
    const timer = setInterval(() => {
      citationStatusAction()
        .then((result) => {
          if (stopped || !result.ok) return;
          setStatus(result.data);
          if (!result.data.running && !result.data.requested) setWatching(false);
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [watching]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const sent = values;
    startSaving(async () => {
      let result: ActionResult<CitationSettings>;
      try {
        result = await saveCitationSettingsAction(sent);
      } catch (error) {
        console.error('Failed to save citation settings', error);
        result = { ok: false, error: UNREACHABLE };
      }
      if (result.ok) {
        setErrors({});
        setBaseline(keyOf(result.data));
        adminToast.success('Citation settings saved', { description: 'The research pages and the CV use them from the next request.' });
        return;
      }
      setErrors(result.fieldErrors ?? {});
      adminToast.error('Failed to save citation settings', { description: result.error });
    });
  };

  const refreshNow = () => {
    if (starting) return;
    startStarting(async () => {
      let result: ActionResult<RefreshStatus>;
      try {
        result = await refreshCitationsNowAction();
      } catch (error) {
        console.error('Failed to start the citation run', error);
        result = { ok: false, error: UNREACHABLE };
      }
      if (!result.ok) {
        adminToast.error('Failed to start the refresh', { description: result.error });
        return;
      }
      setStatus(result.data);
      setWatching(true);
      adminToast.success('Refresh started', { description: 'The counts are being read; this page shows the progress.' });
    });
  };

  const hoursId = `${id}-hours`;
  return (
    <div className="flex flex-col gap-6">
      <form id="citation-settings-form" noValidate onSubmit={submit} className="flex flex-col gap-5">
        <p className="text-sm text-muted-foreground">
          Counts come from OpenAlex, or from Crossref when OpenAlex has no record of a paper, for every paper with a DOI or an arXiv id. Google Scholar is never
          read.{' '}
          {orcid
            ? `Each run also looks for works on your ORCID profile (${orcid}) that are not on the site.`
            : 'Add your ORCID iD to the profile links on the About page, and each run also looks for your works that are not on the site.'}
        </p>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={showOnSite} onChange={(event) => setShowOnSite(event.target.checked)} />
          <span>
            Show citation counts on the site
            <span className="block text-xs text-muted-foreground">Each paper&apos;s count on its card and page, its citations per year, and the totals on Research.</span>
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={showOnCv} onChange={(event) => setShowOnCv(event.target.checked)} />
          <span>
            Show the totals on the CV
            <span className="block text-xs text-muted-foreground">Citations and h-index of the papers the CV lists, on its page and PDF.</span>
          </span>
        </label>
        <div className="flex flex-col gap-2">
          <label htmlFor={hoursId} className="text-sm leading-none font-medium">
            Read the counts
          </label>
          <select
            id={hoursId}
            value={refreshHours}
            onChange={(event) => setRefreshHours(Number(event.target.value) as RefreshHours)}
            aria-invalid={errors.refreshHours ? true : undefined}
            aria-describedby={describedBy(hoursId, { error: errors.refreshHours })}
            className="h-9 w-fit rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
          >
            {REFRESH_CHOICES.map((choice) => (
              <option key={choice.hours} value={choice.hours}>
                {choice.label}
              </option>
            ))}
          </select>
          <FieldError id={hoursId} error={errors.refreshHours} />
        </div>
        <Button type="submit" disabled={saving} className="self-start">
          {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {saving ? 'Saving...' : 'Save Citations'}
        </Button>
      </form>
      <div className="flex flex-col gap-3 border-t border-border pt-4">
        <h3 className="text-sm font-medium">Citation run</h3>
        <CitationRunStatus status={status} />
        <Button type="button" variant="outline" className="self-start" onClick={refreshNow} disabled={starting || status.running}>
          {starting || status.running ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
          {status.running ? 'Refreshing...' : 'Refresh now'}
        </Button>
      </div>
    </div>
  );
}
