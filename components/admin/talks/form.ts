import { z } from '@/lib/validation/zod';

import { listDraftSchema } from '@/components/admin/use-list-editor';
import { TALK_ATTENDANCE, TALK_KINDS, type Talk, type TalkAttendance, type TalkKind } from '@/lib/content/talks/types';
import type { TalkItemValues } from '@/lib/validation/talks';

/** One talk as the editor holds it: optional fields as typed ('' = none), so a failed save shows what was entered. */
export interface TalkFormItem {
  id: string;
  title: string;
  eventName: string;
  eventUrl: string;
  start: string;
  end: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  kind: TalkKind | '';
  attendance: TalkAttendance;
  venue: string;
  city: string;
  country: string;
  /** A city chosen from the gazetteer: its GeoNames id and coordinates; null for a typed one. */
  placeId: number | null;
  lat: number | null;
  lng: number | null;
  abstract: string;
  slidesUrl: string;
  videoUrl: string;
  paperId: string;
  note: string;
}

export function formItemFrom(talk: Talk | TalkItemValues): TalkFormItem {
  const paperId = 'paper' in talk ? (talk.paper?.id ?? '') : (talk.paperId ?? '');
  return {
    id: talk.id,
    title: talk.title,
    eventName: talk.eventName,
    eventUrl: talk.eventUrl ?? '',
    start: talk.start,
    end: talk.end ?? '',
    startTime: talk.startTime ?? '',
    endTime: talk.endTime ?? '',
    timeZone: talk.timeZone ?? '',
    kind: talk.kind ?? '',
    attendance: talk.attendance,
    venue: talk.venue,
    city: talk.city,
    country: talk.country ?? '',
    placeId: talk.placeId,
    lat: talk.lat,
    lng: talk.lng,
    abstract: talk.abstract,
    slidesUrl: talk.slidesUrl ?? '',
    videoUrl: talk.videoUrl ?? '',
    paperId,
    note: talk.note,
  };
}

const formItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  eventName: z.string(),
  eventUrl: z.string(),
  start: z.string(),
  end: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  kind: z.union([z.enum(TALK_KINDS), z.literal('')]),
  attendance: z.enum(TALK_ATTENDANCE),
  venue: z.string(),
  city: z.string(),
  country: z.string(),
  placeId: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  abstract: z.string(),
  slidesUrl: z.string(),
  videoUrl: z.string(),
  paperId: z.string(),
  note: z.string(),
});

/** A stored draft is read back only when it still has this shape. */
export const talksDraftSchema = listDraftSchema<TalkFormItem>(formItemSchema);
