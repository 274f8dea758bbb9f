'use client';

import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';

import { FileUpload } from '@/components/admin/upload/file-upload';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { PROFILE_KIND_LABELS, PROFILE_KINDS, type ProfileKind } from '@/lib/content/about/types';
import { ABOUT_LIMITS } from '@/lib/validation/about';
import { describedBy, Field } from './field';
import { newLinkRow, rowErrorKey, type AboutForm, type LinkRow } from './form';

type IdentityKey = 'affiliation' | 'footerBlurb' | 'email' | 'mark' | 'markImageUrl' | 'links';

const MARK_HINT = 'One or two characters, such as ∂ or JD; an uploaded image is shown instead when there is one.';
const EMAIL_HINT = 'Shown in the footer and on the CV. Leave it empty to show none.';
const LINKS_HINT = 'In the order the footer and the CV list them.';

/** What each kind's address field asks for. */
const URL_PLACEHOLDERS: Record<ProfileKind, string> = {
  github: 'https://github.com/name',
  gitlab: 'https://gitlab.com/name',
  linkedin: 'https://www.linkedin.com/in/name',
  scholar: 'https://scholar.google.com/citations?user=…',
  orcid: '0000-0002-1825-0097',
  researchgate: 'https://www.researchgate.net/profile/Name',
  mastodon: '@name@mathstodon.xyz',
  bluesky: 'name.bsky.social',
  x: 'https://x.com/name',
  website: 'https://example.org',
  other: 'https://example.org',
};

/**
 * The owner's identity (docs/product.md §2, "Identity and Links"): what the header, the footer, the titles,
 * the CV and search engines show of the owner beside the name and role line above.
 */
export function IdentityFields({
  form,
  errors,
  onChange,
  onFieldEdited,
}: {
  form: Pick<AboutForm, IdentityKey>;
  errors: Record<string, string>;
  onChange: <K extends IdentityKey>(key: K, value: AboutForm[K]) => void;
  onFieldEdited: (errorKey: string) => void;
}) {
  const text = (key: 'affiliation' | 'footerBlurb' | 'email' | 'mark', value: string) => {
    onChange(key, value);
    onFieldEdited(key);
  };
  const setLinks = (links: LinkRow[]) => {
    onChange('links', links);
    onFieldEdited('links');
  };
  const updateLink = (key: string, field: 'kind' | 'label' | 'url', value: string) => {
    setLinks(form.links.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    onFieldEdited(rowErrorKey('links', key, field === 'kind' ? 'url' : field));
  };
  const move = (index: number, by: -1 | 1) => {
    const links = [...form.links];
    const [row] = links.splice(index, 1);
    if (!row) return;
    links.splice(index + by, 0, row);
    setLinks(links);
  };
  const full = form.links.length >= ABOUT_LIMITS.links;

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="about-affiliation" label="Affiliation" error={errors.affiliation}>
          <Input
            id="about-affiliation"
            value={form.affiliation}
            maxLength={ABOUT_LIMITS.affiliation}
            placeholder="University of Edinburgh"
            onChange={(event) => text('affiliation', event.target.value)}
            aria-invalid={errors.affiliation ? true : undefined}
            aria-describedby={describedBy('about-affiliation', { error: errors.affiliation })}
          />
        </Field>
        <Field id="about-email" label="Public e-mail" hint={EMAIL_HINT} error={errors.email}>
          <Input
            id="about-email"
            type="email"
            value={form.email}
            maxLength={ABOUT_LIMITS.email}
            autoComplete="email"
            onChange={(event) => text('email', event.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('about-email', { hint: EMAIL_HINT, error: errors.email })}
          />
        </Field>
      </div>
      <Field id="about-footer-blurb" label="Footer text" error={errors.footerBlurb}>
        <Textarea
          id="about-footer-blurb"
          rows={3}
          value={form.footerBlurb}
          maxLength={ABOUT_LIMITS.footerBlurb}
          onChange={(event) => text('footerBlurb', event.target.value)}
          aria-invalid={errors.footerBlurb ? true : undefined}
          aria-describedby={describedBy('about-footer-blurb', { error: errors.footerBlurb })}
        />
      </Field>
      <div className="grid items-start gap-5 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <Field id="about-mark" label="Header mark" hint={MARK_HINT} error={errors.mark}>
          <Input
            id="about-mark"
            value={form.mark}
            maxLength={16}
            onChange={(event) => text('mark', event.target.value)}
            aria-invalid={errors.mark ? true : undefined}
            aria-describedby={describedBy('about-mark', { hint: MARK_HINT, error: errors.mark })}
          />
        </Field>
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium">Mark image</span>
          {form.markImageUrl ? (
            <div className="flex items-center gap-3">
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={form.markImageUrl} alt="Mark image preview" className="size-9 rounded-lg border border-border object-cover" />
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange('markImageUrl', null)}>
                <Trash2 aria-hidden />
                Remove Mark Image
              </Button>
            </div>
          ) : null}
          <FileUpload
            bucket="profile-images"
            maxFiles={1}
            onUploaded={(urls) => {
              if (urls[0]) onChange('markImageUrl', urls[0]);
            }}
          />
          {errors.markImageUrl ? <p className="text-sm text-destructive">{errors.markImageUrl}</p> : null}
        </div>
      </div>

      <fieldset className="flex flex-col gap-4">
        <legend className="text-sm font-medium">Profile links</legend>
        <p className="text-xs text-muted-foreground">{LINKS_HINT}</p>
        {form.links.map((row, index) => {
          const id = (field: string) => `link-${row.key}-${field}`;
          const error = (field: 'label' | 'url') => errors[rowErrorKey('links', row.key, field)];
          return (
            <div key={row.key} className="grid items-start gap-3 rounded-lg border border-border bg-card/50 p-3 sm:grid-cols-[9rem_9rem_minmax(0,1fr)_auto]">
              <Field id={id('kind')} label={`Link ${index + 1} kind`}>
                <select
                  id={id('kind')}
                  value={row.kind}
                  onChange={(event) => updateLink(row.key, 'kind', event.target.value)}
                  className="h-9 rounded-md border border-input bg-input/20 px-3 text-sm"
                >
                  {PROFILE_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {PROFILE_KIND_LABELS[kind]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={id('label')} label="Label" error={error('label')}>
                <Input
                  id={id('label')}
                  value={row.label}
                  maxLength={ABOUT_LIMITS.linkLabel}
                  placeholder={row.kind === 'other' ? 'Required' : PROFILE_KIND_LABELS[row.kind]}
                  onChange={(event) => updateLink(row.key, 'label', event.target.value)}
                  aria-invalid={error('label') ? true : undefined}
                  aria-describedby={describedBy(id('label'), { error: error('label') })}
                />
              </Field>
              <Field id={id('url')} label="Address" error={error('url')}>
                <Input
                  id={id('url')}
                  value={row.url}
                  maxLength={ABOUT_LIMITS.url}
                  placeholder={URL_PLACEHOLDERS[row.kind]}
                  onChange={(event) => updateLink(row.key, 'url', event.target.value)}
                  aria-invalid={error('url') ? true : undefined}
                  aria-describedby={describedBy(id('url'), { error: error('url') })}
                />
              </Field>
              <div className="flex gap-1 self-end">
                <Button type="button" variant="ghost" size="icon" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move link ${index + 1} up`}>
                  <ArrowUp aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  disabled={index === form.links.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move link ${index + 1} down`}
                >
                  <ArrowDown aria-hidden />
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="text-destructive hover:text-destructive"
                  onClick={() => setLinks(form.links.filter((other) => other.key !== row.key))}
                  aria-label={`Remove link ${index + 1}`}
                >
                  <Trash2 aria-hidden />
                </Button>
              </div>
            </div>
          );
        })}
        {errors.links ? <p className="text-sm text-destructive">{errors.links}</p> : null}
        <div>
          <Button type="button" variant="outline" disabled={full} onClick={() => setLinks([...form.links, newLinkRow()])}>
            <Plus aria-hidden />
            Add Link
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
