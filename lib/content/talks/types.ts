/** A talk (table talks): client-safe types and the lists the editor, the pages and the database share. */

/** The kinds of talk, in the order the editor and the filter offer them; the table's check constraint is the database's copy. */
export const TALK_KINDS = ['invited', 'contributed', 'keynote', 'seminar', 'colloquium', 'poster', 'panel'] as const;
export type TalkKind = (typeof TALK_KINDS)[number];

export const TALK_KIND_LABELS: Record<TalkKind, string> = {
  invited: 'Invited talk',
  contributed: 'Contributed talk',
  keynote: 'Keynote',
  seminar: 'Seminar',
  colloquium: 'Colloquium',
  poster: 'Poster',
  panel: 'Panel',
};

/** How the audience attends: the Event markup's attendance mode. */
export const TALK_ATTENDANCE = ['in-person', 'online', 'hybrid'] as const;
export type TalkAttendance = (typeof TALK_ATTENDANCE)[number];

export const TALK_ATTENDANCE_LABELS: Record<TalkAttendance, string> = {
  'in-person': 'In person',
  online: 'Online',
  hybrid: 'Hybrid',
};

export function isTalkKind(value: unknown): value is TalkKind {
  return typeof value === 'string' && (TALK_KINDS as readonly string[]).includes(value);
}

export interface Talk {
  id: string;
  title: string;
  /** The conference, workshop or seminar series ('' for none stated). */
  eventName: string;
  eventUrl: string | null;
  /** 'yyyy-mm-dd' (a talk moved from the CV may keep 'yyyy' or 'yyyy-mm'). */
  start: string;
  /** The last day of a talk over several days ('yyyy-mm-dd'), else null. */
  end: string | null;
  /** 'HH:MM' on the start day, in `timeZone` (else the site's), or null for the day only. */
  startTime: string | null;
  endTime: string | null;
  /** An IANA zone, or null for the site's. */
  timeZone: string | null;
  kind: TalkKind | null;
  attendance: TalkAttendance;
  /** The venue or institution, as written. */
  venue: string;
  /** The city, as the gazetteer names it or as typed ('' for none). */
  city: string;
  /** ISO 3166-1 alpha-2, or null. */
  country: string | null;
  /** The GeoNames id and coordinates of a city chosen from the gazetteer; null for a typed one. */
  placeId: number | null;
  lat: number | null;
  lng: number | null;
  /** The site's markup with mathematics. */
  abstract: string;
  /** A stored PDF (/storage/…) or an http(s) address. */
  slidesUrl: string | null;
  videoUrl: string | null;
  /** The related paper, when it is public (a draft's talk shows no link). */
  paper: { id: string; title: string } | null;
  /** One line for the CV. */
  note: string;
  /** A talk moved from the CV: its place among the CV's talks there; null for one added since. */
  cvOrder: number | null;
  /** ISO timestamp of the last save. */
  updatedAt: string;
}

/** What the editor holds of a talk's paper: its id only (the list of papers to choose from comes with the editor). */
export interface TalkPaperChoice {
  id: string;
  title: string;
  /** 'draft' papers may be chosen but show no link until published. */
  status: string;
}

/** What saving the Talks editor answers: the stored list read back and each new talk's server id. */
export interface SavedTalks {
  items: Talk[];
  /** The server id each temporary (talk-) id became. */
  created: Record<string, string>;
}
