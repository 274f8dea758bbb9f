'use client';

import { describedBy, Field } from '@/components/admin/about/field';
import { itemTextFields, MARKUP_HINT, SELECT_CLASSES } from '@/components/admin/item-text-field';
import { ItemFormFrame, useItemFields, type ItemFormProps } from '@/components/admin/list-editor-shell';
import { TimeZoneField } from '@/components/admin/time-zone-field';
import { FileUpload } from '@/components/admin/upload/file-upload';
import { Textarea } from '@/components/ui/textarea';
import { TALK_ATTENDANCE, TALK_ATTENDANCE_LABELS, TALK_KINDS, TALK_KIND_LABELS, type TalkPaperChoice } from '@/lib/content/talks/types';
import { TALK_LIMITS } from '@/lib/validation/talks';
import { CityField } from './city-field';
import type { TalkFormItem } from './form';

const URL_HINT = 'A full address starting with https://, or blank.';
const DATE_HINT = 'The day, as 2027-03-12.';
const END_HINT = 'The last day of a talk over several days (2027-03-14); blank for one day.';

/**
 * The fields of one talk (docs/product.md, "Talks"): title, kind, attendance, event and its address, the day(s),
 * the time and its zone, where (venue, city, country), the abstract, slides (an uploaded PDF or an address), the
 * video, the paper it is on, and the CV's one line.
 */
export function TalkItemForm({ idPrefix, value, errors, onChange, onSubmit, actions, papers, siteTimeZone }: ItemFormProps<TalkFormItem> & { papers: TalkPaperChoice[]; siteTimeZone: string }) {
  const { id, set } = useItemFields(idPrefix, value, onChange);

  const text = itemTextFields(id, value, errors, set);

  return (
    <ItemFormFrame onSubmit={onSubmit} actions={actions}>
      {text('title', 'Title', { max: TALK_LIMITS.title })}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('kind')} label="Kind" error={errors.kind}>
          <select id={id('kind')} value={value.kind} onChange={(event) => set('kind', event.target.value as TalkFormItem['kind'])} className={SELECT_CLASSES}>
            <option value="">Not stated</option>
            {TALK_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {TALK_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id('attendance')} label="Attendance" error={errors.attendance}>
          <select
            id={id('attendance')}
            value={value.attendance}
            onChange={(event) => set('attendance', event.target.value as TalkFormItem['attendance'])}
            className={SELECT_CLASSES}
          >
            {TALK_ATTENDANCE.map((mode) => (
              <option key={mode} value={mode}>
                {TALK_ATTENDANCE_LABELS[mode]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {text('eventName', 'Event', { max: TALK_LIMITS.eventName, placeholder: 'Analytic Number Theory Seminar' })}
        {text('eventUrl', 'Event Address', { hint: URL_HINT, max: TALK_LIMITS.url, type: 'url', inputMode: 'url' })}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {/* A date picker, but for a talk moved from the CV dated by its year or month only, which a picker would show as blank. */}
        {text('start', 'Date', { hint: DATE_HINT, max: 10, placeholder: '2027-03-12', type: value.start === '' || value.start.length === 10 ? 'date' : 'text' })}
        {text('end', 'Last Day', { hint: END_HINT, max: 10, type: 'date' })}
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        {text('startTime', 'Start Time', { type: 'time' })}
        {text('endTime', 'End Time', { type: 'time' })}
        <TimeZoneField
          id={id('timeZone')}
          label="Time Zone"
          hint={`Blank: the site's (${siteTimeZone}).`}
          field={{ value: value.timeZone, error: errors.timeZone, onChange: (next) => set('timeZone', next) }}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        {text('venue', 'Venue', { max: TALK_LIMITS.venue, placeholder: 'University of Oxford' })}
        <CityField
          id={id('city')}
          value={{ city: value.city, country: value.country, placeId: value.placeId, lat: value.lat, lng: value.lng }}
          error={errors.city}
          onChange={(next) => {
            set('city', next.city);
            set('country', next.country);
            set('placeId', next.placeId);
            set('lat', next.lat);
            set('lng', next.lng);
          }}
        />
        {text('country', 'Country', { hint: 'Two letters: GB, US, FR.', max: 2 })}
      </div>
      <Field id={id('abstract')} label="Abstract" hint={MARKUP_HINT} error={errors.abstract}>
        <Textarea
          id={id('abstract')}
          rows={6}
          value={value.abstract}
          maxLength={TALK_LIMITS.abstract}
          onChange={(event) => set('abstract', event.target.value)}
          aria-invalid={errors.abstract ? true : undefined}
          aria-describedby={describedBy(id('abstract'), { hint: MARKUP_HINT, error: errors.abstract })}
        />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm leading-none font-medium">Slides</legend>
        {text('slidesUrl', 'Slides Address', { hint: 'An uploaded PDF (/storage/…) or an https:// address, or blank.', max: TALK_LIMITS.url })}
        <FileUpload
          bucket="research-papers"
          maxFiles={1}
          onUploaded={(urls) => {
            if (urls[0]) set('slidesUrl', urls[0]);
          }}
        />
      </fieldset>
      {text('videoUrl', 'Video Address', { hint: URL_HINT, max: TALK_LIMITS.url, type: 'url', inputMode: 'url' })}
      <Field id={id('paperId')} label="Paper" hint="The paper the talk is on: its page then lists this talk." error={errors.paperId}>
        <select
          id={id('paperId')}
          value={value.paperId}
          onChange={(event) => set('paperId', event.target.value)}
          className={SELECT_CLASSES}
          aria-describedby={describedBy(id('paperId'), { hint: 'The paper the talk is on: its page then lists this talk.', error: errors.paperId })}
        >
          <option value="">None</option>
          {papers.map((paper) => (
            <option key={paper.id} value={paper.id}>
              {paper.status === 'draft' ? `${paper.title} (draft)` : paper.title}
            </option>
          ))}
        </select>
      </Field>
      {text('note', 'CV Note', { hint: 'One line under the talk on the CV; blank shows its kind.', max: TALK_LIMITS.note })}
    </ItemFormFrame>
  );
}
