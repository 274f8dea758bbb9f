'use client';

import { useState, useTransition, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, Loader2, Save } from 'lucide-react';

import { saveCvSettingsAction } from '@/app/admin/(guarded)/settings/actions';
import { describedBy, Field, FieldError } from '@/components/admin/about/field';
import { adminToast } from '@/components/admin/toast';
import { useUnsavedWarning } from '@/components/admin/use-unsaved-warning';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import type { ActionResult } from '@/lib/action-result';
import { CV_SECTION_TITLES, CV_SECTIONS, type CvSectionKey, type CvSettings } from '@/lib/cv/types';
import { CV_LIMITS } from '@/lib/validation/cv';

interface SectionRow {
  key: CvSectionKey;
  shown: boolean;
}

/** Every section in the CV's order: the shown ones as stored, then the hidden ones in the default order. */
function rowsOf(settings: CvSettings): SectionRow[] {
  const shown = settings.sections.map((key) => ({ key, shown: true }));
  const hidden = CV_SECTIONS.filter((key) => !settings.sections.includes(key)).map((key) => ({ key, shown: false }));
  return [...shown, ...hidden];
}

function valuesOf(rows: SectionRow[], rest: Omit<CvSettings, 'sections'>): CvSettings {
  return { ...rest, sections: rows.filter((row) => row.shown).map((row) => row.key) };
}

/**
 * The settings as one string, each field in a fixed place: equal strings, equal settings. Not
 * JSON.stringify of the object itself, whose text follows the order its keys were made in: the server's
 * CvSettings (sections first) and the form's values (sections last) never matched, so an untouched form
 * counted as unsaved and leaving Settings always asked.
 */
export function cvSettingsKey(settings: CvSettings): string {
  return JSON.stringify([settings.sections, settings.paperSize, settings.projects, settings.includeDrafts, settings.summary]);
}

/**
 * Settings → CV: which sections the CV shows and in what order (a tick and Move up / Move down per section),
 * the PDF's paper size, featured or all projects, whether draft papers are listed as in preparation, and a
 * one-paragraph summary. Saved on its own with Save CV Settings; the page, the PDF and JSON Resume use it
 * from the next request.
 */
export function CvSettingsForm({ initial }: { initial: CvSettings }) {
  const [rows, setRows] = useState(() => rowsOf(initial));
  const [paperSize, setPaperSize] = useState(initial.paperSize);
  const [projects, setProjects] = useState(initial.projects);
  const [includeDrafts, setIncludeDrafts] = useState(initial.includeDrafts);
  const [summary, setSummary] = useState(initial.summary);
  const [baseline, setBaseline] = useState(() => cvSettingsKey(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const [saving, startSaving] = useTransition();
  const values = valuesOf(rows, { paperSize, projects, includeDrafts, summary });
  const dirty = cvSettingsKey(values) !== baseline;
  useUnsavedWarning(dirty);

  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= rows.length) return;
    const next = [...rows];
    [next[index], next[target]] = [next[target]!, next[index]!];
    setRows(next);
    setAnnouncement(`${CV_SECTION_TITLES[rows[index]!.key]} moved ${by < 0 ? 'up' : 'down'}.`);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const sent = values;
    const form = event.currentTarget;
    startSaving(async () => {
      let result: ActionResult<CvSettings>;
      try {
        result = await saveCvSettingsAction(sent);
      } catch (error) {
        console.error('Failed to save CV settings', error);
        result = { ok: false, error: 'The server could not be reached. Please try again.' };
      }
      if (result.ok) {
        setErrors({});
        setBaseline(cvSettingsKey(result.data));
        setRows(rowsOf(result.data));
        setPaperSize(result.data.paperSize);
        setProjects(result.data.projects);
        setIncludeDrafts(result.data.includeDrafts);
        setSummary(result.data.summary);
        adminToast.success('CV settings saved', { description: 'The CV page, its PDF and JSON Resume use them from the next request.' });
        return;
      }
      setErrors(result.fieldErrors ?? {});
      adminToast.error('Failed to save CV settings', { description: result.error });
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    });
  };

  return (
    <form id="cv-settings-form" noValidate onSubmit={submit} className="flex flex-col gap-6">
      <fieldset aria-describedby={describedBy('cv-settings-sections', { hint: true, error: errors.sections })}>
        <legend className="text-sm leading-none font-medium">Sections</legend>
        <p id="cv-settings-sections-hint" className="mt-2 text-xs text-muted-foreground">
          Ticked sections appear on the CV in this order. A section with nothing in it is left out.
        </p>
        <ol className="mt-3 flex flex-col gap-2">
          {rows.map((row, index) => (
            <li key={row.key} className="flex flex-wrap items-center gap-2 rounded-md border border-border px-3 py-2">
              <label className="flex min-w-48 flex-1 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={row.shown}
                  onChange={(event) => setRows(rows.map((other) => (other.key === row.key ? { ...other, shown: event.target.checked } : other)))}
                />
                {CV_SECTION_TITLES[row.key]}
              </label>
              <Button type="button" variant="ghost" size="sm" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${CV_SECTION_TITLES[row.key]} up`}>
                <ArrowUp aria-hidden />
              </Button>
              <Button type="button" variant="ghost" size="sm" disabled={index === rows.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${CV_SECTION_TITLES[row.key]} down`}>
                <ArrowDown aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
        <FieldError id="cv-settings-sections" error={errors.sections} />
      </fieldset>

      <div className="grid gap-6 sm:grid-cols-2">
        <fieldset>
          <legend className="text-sm leading-none font-medium">PDF paper size</legend>
          <div className="mt-3 flex gap-5 text-sm">
            {(
              [
                ['a4', 'A4'],
                ['letter', 'US Letter'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="cv-paper-size" className="size-4 accent-primary" checked={paperSize === value} onChange={() => setPaperSize(value)} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm leading-none font-medium">Projects</legend>
          <div className="mt-3 flex gap-5 text-sm">
            {(
              [
                ['featured', 'Featured only'],
                ['all', 'All projects'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="cv-projects" className="size-4 accent-primary" checked={projects === value} onChange={() => setProjects(value)} />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5 size-4 accent-primary" checked={includeDrafts} onChange={(event) => setIncludeDrafts(event.target.checked)} />
        <span>
          List draft papers under &ldquo;In preparation&rdquo;
          <span className="block text-xs text-muted-foreground">Off: papers with the status Draft never appear on the CV.</span>
        </span>
      </label>

      <Field id="cv-settings-summary" label="Summary" hint="Optional: one paragraph under your name." error={errors.summary}>
        <Textarea
          id="cv-settings-summary"
          rows={4}
          value={summary}
          maxLength={CV_LIMITS.summary}
          onChange={(event) => setSummary(event.target.value)}
          aria-invalid={errors.summary ? true : undefined}
          aria-describedby={describedBy('cv-settings-summary', { hint: true, error: errors.summary })}
        />
      </Field>

      <p role="status" className="sr-only">
        {announcement}
      </p>
      <Button type="submit" disabled={saving} className="self-start">
        {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
        {saving ? 'Saving...' : 'Save CV Settings'}
      </Button>
    </form>
  );
}
