'use client';

import { useState, useTransition, type FormEvent, type ReactNode } from 'react';
import { ChevronDown, KeyRound, Loader2, Save } from 'lucide-react';

import { changePasswordAction, saveLookupContactAction, saveProfileAction, saveSiteSettingsAction, saveTimeZoneAction } from '@/app/admin/(guarded)/settings/actions';
import { describedBy, Field } from '@/components/admin/about/field';
import { adminToast } from '@/components/admin/toast';
import { useUnsavedWarning } from '@/components/admin/use-unsaved-warning';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import type { ActionResult } from '@/lib/action-result';
import type { ProfileSettings, SiteSettings } from '@/lib/content/settings/types';
import type { CvSettings } from '@/lib/cv/types';
import type { CitationSettings, RefreshStatus } from '@/lib/scholarly/citation-types';
import type { AnalyticsSettings } from '@/lib/analytics/types';
import { AnalyticsSettingsForm } from './analytics-settings';
import { CitationSettingsForm } from './citation-settings';
import { CvSettingsForm } from './cv-settings-form';
import { SampleContent } from './sample-content';
import { SiteContent, type BackupRow } from './site-content';
import { SETTINGS_LIMITS } from '@/lib/validation/settings';
import { TimeZoneField } from '../time-zone-field';

/** One collapsible section of the Settings page (docs/product.md §2). */
function Section({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-20 rounded-xl border border-border bg-card">
      <h2 id={`${id}-heading`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-4 rounded-xl p-4 text-left text-lg font-semibold hover:bg-muted/30 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <span className="flex flex-col gap-1">
            {title}
            <span className="text-sm font-normal text-muted-foreground">{description}</span>
          </span>
          <ChevronDown className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="border-t border-border p-4">
        {children}
      </div>
    </section>
  );
}

/**
 * A settings form: its own values, errors beside the fields, 'Saving...' on a disabled button while its
 * action runs, and the toasts. What was typed stays after any failure.
 */
function useSettingsForm<Values extends Record<string, string>, Result>(
  initial: Values,
  action: (values: Values) => Promise<ActionResult<Result>>,
  messages: { saved: string; savedDescription?: string; failed: string },
  onSaved?: (result: Result) => Values,
) {
  const [values, setValues] = useState(initial);
  /** What is stored (or, for the password form, the empty form): anything else is unsaved. */
  const [baseline, setBaseline] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, startSaving] = useTransition();
  const dirty = Object.keys(values).some((key) => values[key] !== baseline[key]);
  const field = (key: keyof Values & string) => ({
    value: values[key],
    error: errors[key],
    onChange: (next: string) => {
      setValues((current) => ({ ...current, [key]: next }));
      setErrors((current) => {
        if (!(key in current)) return current;
        const copy = { ...current };
        delete copy[key];
        return copy;
      });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const sent = values;
    // React clears currentTarget once the handler returns: keep the form for the focus after a refusal.
    const form = event.currentTarget;
    startSaving(async () => {
      let result: ActionResult<Result>;
      try {
        result = await action(sent);
      } catch (error) {
        console.error(messages.failed, error);
        result = { ok: false, error: 'The server could not be reached. Please try again.' };
      }
      if (result.ok) {
        setErrors({});
        const next = onSaved ? onSaved(result.data) : sent;
        setValues(next);
        setBaseline(next);
        adminToast.success(messages.saved, messages.savedDescription ? { description: messages.savedDescription } : undefined);
        return;
      }
      setErrors(result.fieldErrors ?? {});
      adminToast.error(messages.failed, { description: result.error });
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    });
  };
  return { values, field, submit, saving, dirty };
}

function SaveButton({ saving, label, icon }: { saving: boolean; label: string; icon?: ReactNode }) {
  return (
    <Button type="submit" disabled={saving} className="self-start">
      {saving ? <Loader2 className="animate-spin" aria-hidden /> : (icon ?? <Save aria-hidden />)}
      {saving ? 'Saving...' : label}
    </Button>
  );
}

function TextField({
  id,
  label,
  hint,
  type = 'text',
  max,
  autoComplete,
  rows,
  field,
}: {
  id: string;
  label: string;
  hint?: string;
  type?: string;
  max?: number;
  autoComplete?: string;
  rows?: number;
  field: { value: string; error?: string; onChange: (value: string) => void };
}) {
  const common = {
    id,
    value: field.value,
    maxLength: max,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error: field.error }),
  } as const;
  return (
    <Field id={id} label={label} hint={hint} error={field.error}>
      {rows ? (
        <Textarea {...common} rows={rows} onChange={(event) => field.onChange(event.target.value)} />
      ) : (
        <Input {...common} type={type} autoComplete={autoComplete} onChange={(event) => field.onChange(event.target.value)} />
      )}
    </Field>
  );
}

/** Admin Settings (docs/product.md §2): Profile Settings, Site Configuration, CV, Publication Lookups, Citations, Reader Analytics, Site content and Security Settings, each on its own. */
export function SettingsForms({
  profile,
  site,
  defaults,
  cv,
  lookupContactEmail,
  timeZone,
  citations,
  analytics,
  siteContent,
}: {
  profile: ProfileSettings;
  site: SiteSettings;
  defaults: { title: string; description: string };
  cv: CvSettings;
  lookupContactEmail: string;
  timeZone: string;
  citations: { settings: CitationSettings; status: RefreshStatus; orcid: string | null };
  analytics: AnalyticsSettings;
  siteContent: { labels: Record<string, string>; backups: BackupRow[] | null; sample: string };
}) {
  const profileForm = useSettingsForm({ displayName: profile.displayName, bio: profile.bio }, saveProfileAction, {
    saved: 'Profile saved',
    savedDescription: 'Your display name and bio have been updated.',
    failed: 'Failed to save profile',
  });
  const siteForm = useSettingsForm(
    { siteTitle: site.siteTitle, metaDescription: site.metaDescription, socialImageUrl: site.socialImageUrl },
    saveSiteSettingsAction,
    { saved: 'Site configuration saved', savedDescription: 'The public pages use it from the next request.', failed: 'Failed to save site configuration' },
  );
  const lookupForm = useSettingsForm({ lookupContactEmail }, saveLookupContactAction, {
    saved: 'Publication lookups saved',
    savedDescription: 'Lookups by DOI, arXiv id or ORCID iD give this address from now on.',
    failed: 'Failed to save publication lookups',
  });
  const timeZoneForm = useSettingsForm({ timeZone }, saveTimeZoneAction, {
    saved: 'Time zone saved',
    savedDescription: 'The talks page splits upcoming and past talks by it from the next request.',
    failed: 'Failed to save the time zone',
  });
  const passwordForm = useSettingsForm(
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    changePasswordAction,
    { saved: 'Password updated', savedDescription: 'Your other sessions have been signed out.', failed: 'Failed to update password' },
    () => ({ currentPassword: '', newPassword: '', confirmPassword: '' }),
  );
  useUnsavedWarning(profileForm.dirty || siteForm.dirty || timeZoneForm.dirty || lookupForm.dirty || passwordForm.dirty);

  return (
    <div className="flex flex-col gap-6">
      <Section id="profile-settings" title="Profile Settings" description="Your name as other admins see it, and a short bio.">
        <form id="profile-form" noValidate onSubmit={profileForm.submit} className="flex flex-col gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField id="settings-display-name" label="Display Name" max={SETTINGS_LIMITS.name} autoComplete="name" field={profileForm.field('displayName')} />
            <Field id="settings-email" label="Email" hint="Your sign-in address.">
              <Input id="settings-email" type="email" value={profile.email} readOnly aria-describedby="settings-email-hint" />
            </Field>
          </div>
          <TextField id="settings-bio" label="Bio" rows={4} max={SETTINGS_LIMITS.bio} field={profileForm.field('bio')} />
          <SaveButton saving={profileForm.saving} label="Save Profile" />
        </form>
      </Section>

      <Section id="site-settings" title="Site Configuration" description="How the site appears in browser tabs, search results and link previews.">
        <form id="site-form" noValidate onSubmit={siteForm.submit} className="flex flex-col gap-5">
          <TextField
            id="settings-site-title"
            label="Site Title"
            hint={defaults.title ? `Blank uses "${defaults.title}", your name on the About page.` : 'Blank uses your name on the About page.'}
            max={SETTINGS_LIMITS.title}
            field={siteForm.field('siteTitle')}
          />
          <TextField
            id="settings-meta-description"
            label="Meta Description"
            hint="Blank uses the first paragraph of your biography on the About page."
            rows={3}
            max={SETTINGS_LIMITS.description}
            field={siteForm.field('metaDescription')}
          />
          <TextField
            id="settings-social-image"
            label="Default Social Image URL"
            hint="An uploaded image (/storage/…) or an https:// address, shown when a page is shared."
            type="url"
            max={SETTINGS_LIMITS.url}
            field={siteForm.field('socialImageUrl')}
          />
          <SaveButton saving={siteForm.saving} label="Save Configuration" />
        </form>
      </Section>

      <Section id="time-zone-settings" title="Time Zone" description="Where you are: what today is for your talks, and the zone of a talk's time when the talk names none.">
        <form id="time-zone-form" noValidate onSubmit={timeZoneForm.submit} className="flex flex-col gap-5">
          <TimeZoneField field={timeZoneForm.field('timeZone')} />
          <SaveButton saving={timeZoneForm.saving} label="Save Time Zone" />
        </form>
      </Section>

      <Section id="cv-settings" title="CV" description="What the CV page and its PDF show, in what order, and on which paper size.">
        <CvSettingsForm initial={cv} />
      </Section>

      <Section
        id="lookup-settings"
        title="Publication Lookups"
        description="What the Research Papers editor tells Crossref, DataCite, arXiv and ORCID when it looks papers up."
      >
        <form id="lookup-form" noValidate onSubmit={lookupForm.submit} className="flex flex-col gap-5">
          <TextField
            id="settings-lookup-contact"
            label="Contact E-mail"
            hint="Sent with each lookup, as Crossref asks of the tools that use it, so they can write before blocking a misbehaving site. Never shown on the site. Blank sends none."
            type="email"
            max={SETTINGS_LIMITS.email}
            autoComplete="email"
            field={lookupForm.field('lookupContactEmail')}
          />
          <SaveButton saving={lookupForm.saving} label="Save Lookups" />
        </form>
      </Section>

      <Section id="citation-settings" title="Citations" description="Citation counts from OpenAlex and Crossref, and new works from your ORCID profile.">
        <CitationSettingsForm initial={citations.settings} status={citations.status} orcid={citations.orcid} />
      </Section>

      <Section id="analytics-settings" title="Reader Analytics" description="The site's own count of its page views and downloads, shown on the dashboard.">
        <AnalyticsSettingsForm initial={analytics} />
      </Section>

      <Section
        id="site-content"
        title="Site content"
        description="Take the site's content out as one archive, bring an archive in, and find the backups."
      >
        <SiteContent labels={siteContent.labels} backups={siteContent.backups} />
      </Section>

      <Section id="sample-content" title="Sample content" description="The sample researcher's content the site started with: what is left of it, and its removal.">
        <SampleContent initial={siteContent.sample} />
      </Section>

      <Section id="security-settings" title="Security Settings" description="Change your password. Every other browser signed in as you is signed out.">
        <form id="password-form" noValidate onSubmit={passwordForm.submit} className="flex flex-col gap-5">
          {/* For password managers: the account whose password this is. */}
          <input type="text" name="username" autoComplete="username" value={profile.email} readOnly hidden />
          <TextField id="settings-current-password" label="Current Password" type="password" autoComplete="current-password" field={passwordForm.field('currentPassword')} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField id="settings-new-password" label="New Password" hint="At least 8 characters." type="password" autoComplete="new-password" field={passwordForm.field('newPassword')} />
            <TextField id="settings-confirm-password" label="Confirm New Password" type="password" autoComplete="new-password" field={passwordForm.field('confirmPassword')} />
          </div>
          <SaveButton saving={passwordForm.saving} label="Update Password" icon={<KeyRound aria-hidden />} />
        </form>
      </Section>
    </div>
  );
}
