'use client';

import { useId, useState, useTransition, type FormEvent } from 'react';
import { Loader2, Save } from 'lucide-react';

import { saveAnalyticsSettingsAction } from '@/app/admin/(guarded)/settings/actions';
import { describedBy, FieldError } from '@/components/admin/about/field';
import { adminToast } from '@/components/admin/toast';
import { useUnsavedWarning } from '@/components/admin/use-unsaved-warning';
import { Button } from '@/components/ui/button';
import type { ActionResult } from '@/lib/action-result';
import { RETENTION_CHOICES, type AnalyticsSettings } from '@/lib/analytics/types';

const UNREACHABLE = 'The server could not be reached. Please try again.';

const keyOf = (settings: { enabled: boolean; retentionDays: number | string }) => JSON.stringify([settings.enabled, String(settings.retentionDays)]);

/**
 * Settings → Reader Analytics (issue 48): whether page views and downloads are counted at all, and how long the
 * raw events are kept before only their daily counts remain.
 */
export function AnalyticsSettingsForm({ initial }: { initial: AnalyticsSettings }) {
  const id = useId();
  const [enabled, setEnabled] = useState(initial.enabled);
  // The select's value, as it sends it: the schema (lib/validation/analytics.ts) reads it as a number of days.
  const [retentionDays, setRetentionDays] = useState(String(initial.retentionDays));
  const [baseline, setBaseline] = useState(() => keyOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, startSaving] = useTransition();
  const values = { enabled, retentionDays };
  const dirty = keyOf(values) !== baseline;
  useUnsavedWarning(dirty);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const sent = values;
    startSaving(async () => {
      let result: ActionResult<AnalyticsSettings>;
      try {
        result = await saveAnalyticsSettingsAction(sent);
      } catch (error) {
        console.error('Failed to save analytics settings', error);
        result = { ok: false, error: UNREACHABLE };
      }
      if (result.ok) {
        setErrors({});
        setBaseline(keyOf(result.data));
        adminToast.success('Analytics settings saved');
        return;
      }
      setErrors(result.fieldErrors ?? {});
      adminToast.error('Failed to save analytics settings', { description: result.error });
    });
  };

  const enabledId = `${id}-enabled`;
  const retentionId = `${id}-retention`;
  return (
    <form id="analytics-settings-form" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">
        The site counts its own page views and downloads: no cookies are set, no IP address is stored, and no other service is asked. Visitors whose
        browsers send Do Not Track or Global Privacy Control are not counted. Each raw event is kept for the period chosen below, then dropped; the daily
        counts made from the events are kept.
      </p>
      <div className="flex flex-col gap-2">
        <label className="flex items-start gap-2 text-sm">
          <input
            id={enabledId}
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
            aria-invalid={errors.enabled ? true : undefined}
            aria-describedby={describedBy(enabledId, { error: errors.enabled })}
          />
          Count page views and downloads
        </label>
        <FieldError id={enabledId} error={errors.enabled} />
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={retentionId} className="text-sm leading-none font-medium">
          Keep raw events for
        </label>
        <select
          id={retentionId}
          value={retentionDays}
          onChange={(event) => setRetentionDays(event.target.value)}
          aria-invalid={errors.retentionDays ? true : undefined}
          aria-describedby={describedBy(retentionId, { error: errors.retentionDays })}
          className="h-9 w-fit rounded-md border border-input bg-transparent px-3 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
        >
          {RETENTION_CHOICES.map((days) => (
            <option key={days} value={days}>
              {days} days
            </option>
          ))}
        </select>
        <FieldError id={retentionId} error={errors.retentionDays} />
      </div>
      <Button type="submit" disabled={saving} className="self-start">
        {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
        {saving ? 'Saving...' : 'Save Analytics'}
      </Button>
    </form>
  );
}
