'use client';

import { useMemo, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';

import { saveAboutAction } from '@/app/admin/(guarded)/about/edit/actions';
import { withinBodyLimit } from '@/lib/validation/action-body';
import type { ActionResult } from '@/lib/action-result';
import { RestoredDraftNotice, SaveFailedNotice } from '@/components/admin/editor-notices';
import { EditorLoadFailed } from '@/components/admin/editor-load-failed';
import { SaveBar } from '@/components/admin/save-bar';
import { adminToast } from '@/components/admin/toast';
import { useEditorDraft } from '@/components/admin/use-editor-draft';
import { useFieldErrors } from '@/components/admin/use-field-errors';
import { useSingleFlight } from '@/components/admin/use-single-flight';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/textarea';
import type { About } from '@/lib/content/about/types';
import { ABOUT_LIMITS } from '@/lib/validation/about';
import { EducationFields } from './education-fields';
import { IdentityFields } from './identity-fields';
import { NameFields } from './name-fields';
import { describedBy, Field } from './field';
import { aboutFormSchema, errorsByRow, formFromAbout, sameContent, toAboutInput, type AboutForm } from './form';
import { ProfileImageCard } from './profile-image-card';
import { ResearchInterestsFields } from './research-interests-fields';
import { SkillsField } from './skills-field';

/** The draft's name in the browser: one per editor. */
const DRAFT = 'about';
const SAVE_FAILED = 'Failed to save about data';
const BIO_HINT = 'Separate paragraphs with a blank line.';
const TITLE_HINT = 'The home page’s heading.';

/**
 * Edit About Information (docs/product.md §2): the whole profile in one form, saved at once. Typed work is
 * kept as a draft in this browser until it is saved, so a reload, a lost connection or an expired
 * session costs nothing; a failed save keeps everything and shows each error beside its field.
 */
export function AboutEditor({ initial }: { initial: About | null }) {
  const router = useRouter();
  const saved = useMemo(() => formFromAbout(initial), [initial]);
  const [form, setForm] = useState<AboutForm>(saved);
  const { errors, show: showErrors, clear: clearError, reset: resetErrors } = useFieldErrors('about-editor');
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, startSaving] = useSingleFlight();
  const [announcement, setAnnouncement] = useState('');

  // Kept until the editor is left through Save or Cancel (`finish`); a draft equal to the stored profile is dropped.
  const { restored, finish, forget } = useEditorDraft({
    name: DRAFT,
    schema: aboutFormSchema,
    current: form,
    dirty: !sameContent(form, saved),
    basedOn: initial?.updatedAt ?? null,
    restore: (draft) => {
      if (sameContent(draft, saved)) return false;
      setForm(draft);
      return true;
    },
  });

  const set = <K extends keyof AboutForm>(key: K, value: AboutForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const discardDraft = () => {
    forget();
    setForm(saved);
    resetErrors();
    setFailure(null);
  };

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const sent = form;
    startSaving(async () => {
      let result: ActionResult<About>;
      try {
        result = await withinBodyLimit(saveAboutAction)(toAboutInput(sent));
      } catch (error) {
        console.error(SAVE_FAILED, error);
        result = { ok: false, error: 'The server could not be reached. Your changes are kept here; please try again.' };
      }
      if (result.ok) {
        finish();
        adminToast.success('About information saved successfully');
        router.push('/admin');
        return;
      }
      console.error(SAVE_FAILED, result.error, result.fieldErrors ?? {});
      showErrors(result.fieldErrors ? errorsByRow(result.fieldErrors, sent) : {});
      setFailure(result.error);
      setAnnouncement(`${SAVE_FAILED}. ${result.error}`);
      adminToast.error(SAVE_FAILED, { description: result.error });
    });
  };

  const cancel = () => {
    finish();
    router.push('/admin');
  };

  return (
    <form id="about-editor" onSubmit={save} noValidate className="flex flex-col gap-6">
      {restored ? (
        <RestoredDraftNotice
          savedAt={restored.savedAt}
          note={restored.basedOn !== (initial?.updatedAt ?? null) ? 'The saved profile has changed since; saving will replace it.' : undefined}
          onDiscard={discardDraft}
        />
      ) : null}
      {failure ? <SaveFailedNotice title={SAVE_FAILED} message={failure} /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Profile</h2>
              </CardTitle>
              <CardDescription>Your name, title, biography and skills. The name and title are the site’s own: its header, page titles and home page show them.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <NameFields
                name={form.name}
                title={form.title}
                errors={errors}
                titleLabel="Title"
                titleHint={TITLE_HINT}
                onChange={(key, value) => {
                  set(key, value);
                  clearError(key);
                }}
              />
              <Field id="about-bio" label="Bio" hint={BIO_HINT} error={errors.bio}>
                <Textarea
                  id="about-bio"
                  rows={8}
                  value={form.bio}
                  maxLength={ABOUT_LIMITS.bio}
                  onChange={(event) => {
                    set('bio', event.target.value);
                    clearError('bio');
                  }}
                  aria-invalid={errors.bio ? true : undefined}
                  aria-describedby={describedBy('about-bio', { hint: BIO_HINT, error: errors.bio })}
                />
              </Field>
              <SkillsField
                skills={form.skills}
                error={errors.skills}
                onChange={(skills) => {
                  set('skills', skills);
                  clearError('skills');
                }}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Identity and Links</h2>
              </CardTitle>
              <CardDescription>How the header, the footer, the CV and search engines present you.</CardDescription>
            </CardHeader>
            <CardContent>
              <IdentityFields form={form} errors={errors} onChange={set} onFieldEdited={clearError} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Education</h2>
              </CardTitle>
              <CardDescription>Saved with current programmes first, then by end year.</CardDescription>
            </CardHeader>
            <CardContent>
              <EducationFields rows={form.education} errors={errors} onChange={(rows) => set('education', rows)} onFieldEdited={clearError} />
              {errors.education ? <p className="mt-2 text-sm text-destructive">{errors.education}</p> : null}
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Research Interests</h2>
              </CardTitle>
              <CardDescription>Each with a title and a short description.</CardDescription>
            </CardHeader>
            <CardContent>
              <ResearchInterestsFields
                rows={form.researchInterests}
                errors={errors}
                onChange={(rows) => set('researchInterests', rows)}
                onFieldEdited={clearError}
              />
              {errors.researchInterests ? <p className="mt-2 text-sm text-destructive">{errors.researchInterests}</p> : null}
            </CardContent>
          </Card>
        </div>

        <ProfileImageCard
          imageUrl={form.imageUrl}
          error={errors.imageUrl}
          onChange={(imageUrl) => {
            set('imageUrl', imageUrl);
            clearError('imageUrl');
          }}
        />
      </div>

      <SaveBar saving={saving} saveLabel="Save Changes" onCancel={cancel} />
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </form>
  );
}

/** docs/product.md §8: a failed load is an error toast; the form stays closed so nothing empty is saved over the profile. */
export function AboutLoadFailed() {
  return <EditorLoadFailed toast="Failed to load about data" what="The about data" />;
}
