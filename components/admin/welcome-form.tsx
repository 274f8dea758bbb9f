'use client';

import { useMemo, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { Loader2 } from 'lucide-react';

import { completeFirstRunAction } from '@/app/admin/(guarded)/welcome/actions';
import { errorsByRow, formFromAbout, toAboutInput, type AboutForm } from '@/components/admin/about/form';
import { IdentityFields } from '@/components/admin/about/identity-fields';
import { NameFields } from '@/components/admin/about/name-fields';
import { SaveFailedNotice } from '@/components/admin/editor-notices';
import { adminToast } from '@/components/admin/toast';
import { useFieldErrors } from '@/components/admin/use-field-errors';
import { useSingleFlight } from '@/components/admin/use-single-flight';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ActionResult } from '@/lib/action-result';
import type { About } from '@/lib/content/about/types';
import type { ContentState } from '@/lib/content/first-run';
import type { FirstRunInput, StartChoice } from '@/lib/validation/first-run';
import { withinBodyLimit } from '@/lib/validation/action-body';

const FAILED = 'Failed to set up your site';
const ROLE_HINT = 'The home page’s heading, under your name.';

/** The choices the site's content allows: the first is the one picked at first. */
const START_OPTIONS: Record<ContentState, { value: StartChoice; label: string; description: string }[]> = {
  sample: [
    { value: 'sample', label: 'Keep the sample content', description: 'See the site filled in with a sample researcher’s papers, posts and CV; replace them with yours, or remove them all later in Settings.' },
    { value: 'empty', label: 'Start empty', description: 'Remove the sample content now (a backup is made first): every page shows its empty state until you add your own.' },
  ],
  empty: [
    { value: 'empty', label: 'Start empty', description: 'Every page shows its empty state until you add your own content.' },
    { value: 'sample', label: 'Start with the sample content', description: 'See the site filled in with a sample researcher’s papers, posts and CV; remove them all later in Settings.' },
  ],
  own: [],
};

/**
 * The first run's form (docs/product.md §2, "Welcome"): the owner's name and role line, the identity the About
 * editor holds (affiliation, footer text, e-mail, mark, profile links) and how the site starts. A failure
 * keeps everything typed and shows each error beside its field.
 */
export function WelcomeForm({ identity, content }: { identity: About | null; content: ContentState }) {
  const router = useRouter();
  const initial = useMemo(() => formFromAbout(identity), [identity]);
  const [form, setForm] = useState<AboutForm>(initial);
  const options = START_OPTIONS[content];
  const [start, setStart] = useState<StartChoice>(options[0]?.value ?? 'as-is');
  const { errors, show: showErrors, clear: clearError } = useFieldErrors('welcome-form');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, startSaving] = useSingleFlight();

  const set = <K extends keyof AboutForm>(key: K, value: AboutForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const sent = form;
    const about = toAboutInput(sent);
    const input: FirstRunInput = {
      name: about.name,
      title: about.title,
      affiliation: about.affiliation,
      footerBlurb: about.footerBlurb,
      email: about.email,
      links: about.links,
      mark: about.mark,
      markImageUrl: about.markImageUrl,
      start,
    };
    startSaving(async () => {
      let result: ActionResult<{ message: string }>;
      try {
        result = await withinBodyLimit(completeFirstRunAction)(input);
      } catch (error) {
        console.error(FAILED, error);
        result = { ok: false, error: 'The server could not be reached. What you typed is kept here; please try again.' };
      }
      if (result.ok) {
        adminToast.success('Your site is set up', { description: result.data.message });
        router.replace('/admin');
        return;
      }
      showErrors(result.fieldErrors ? errorsByRow(result.fieldErrors, sent) : {});
      setFailure(result.error);
      adminToast.error(FAILED, { description: result.error });
    });
  };

  return (
    <form id="welcome-form" onSubmit={submit} noValidate className="flex max-w-3xl flex-col gap-6">
      {failure ? <SaveFailedNotice title={FAILED} message={failure} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>You</h2>
          </CardTitle>
          <CardDescription>The header, the page titles, the footer, the CV and search engines show these. The About editor holds them afterwards.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <NameFields
            name={form.name}
            title={form.title}
            errors={errors}
            titleLabel="Role Line"
            titleHint={ROLE_HINT}
            required
            onChange={(key, value) => {
              set(key, value);
              clearError(key);
            }}
          />
          <IdentityFields form={form} errors={errors} onChange={set} onFieldEdited={clearError} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Content</h2>
          </CardTitle>
          <CardDescription>
            {options.length > 0 ? 'How the site starts.' : 'The site holds content of its own: it stays as it is.'}
          </CardDescription>
        </CardHeader>
        {options.length > 0 ? (
          <CardContent>
            <fieldset className="flex flex-col gap-3">
              <legend className="sr-only">How the site starts</legend>
              {options.map((option) => (
                <label key={option.value} className="flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary">
                  <input
                    type="radio"
                    name="start"
                    value={option.value}
                    checked={start === option.value}
                    onChange={() => setStart(option.value)}
                    className="mt-1 size-4 accent-primary"
                    aria-describedby={`start-${option.value}-description`}
                  />
                  <span className="flex flex-col gap-1">
                    <span className="font-medium">{option.label}</span>
                    <span id={`start-${option.value}-description`} className="text-sm text-muted-foreground">
                      {option.description}
                    </span>
                  </span>
                </label>
              ))}
            </fieldset>
          </CardContent>
        ) : null}
      </Card>

      <div>
        <Button type="submit" disabled={saving}>
          {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {saving ? 'Setting up...' : 'Start'}
        </Button>
      </div>
    </form>
  );
}
