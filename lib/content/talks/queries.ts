import 'server-only';
import { cacheTag } from 'next/cache';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { isSafeImageUrl } from '@/lib/validation/about';
import { isUuid, storedLink } from '@/lib/validation/lists';
import { isTemporaryTalkId, type TalkItemValues } from '@/lib/validation/talks';
import { syncList, type SyncColumn } from '../sync-list';
import { afterContentWrite, TAGS } from '../tags';
import { isTalkKind, TALK_ATTENDANCE, type SavedTalks, type Talk, type TalkAttendance, type TalkPaperChoice } from './types';

export type { SavedTalks, Talk, TalkPaperChoice } from './types';

interface TalkRow {
  id: string;
  title: string;
  event_name: string;
  event_url: string | null;
  start_date: string;
  end_date: string | null;
  start_time: string | null;
  end_time: string | null;
  time_zone: string | null;
  kind: string | null;
  attendance: string;
  venue: string;
  city: string;
  country: string | null;
  place_id: number | null;
  lat: number | null;
  lng: number | null;
  abstract: string;
  slides_url: string | null;
  video_url: string | null;
  paper_id: string | null;
  paper_title: string | null;
  note: string;
  cv_order: number | null;
  updated_at: Date | string;
}

function toTalk(row: TalkRow): Talk {
  return {
    id: row.id,
    title: row.title,
    eventName: row.event_name,
    eventUrl: storedLink(row.event_url),
    start: row.start_date,
    end: row.end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    timeZone: row.time_zone,
    kind: isTalkKind(row.kind) ? row.kind : null,
    attendance: (TALK_ATTENDANCE as readonly string[]).includes(row.attendance) ? (row.attendance as TalkAttendance) : 'in-person',
    venue: row.venue,
    city: row.city,
    country: row.country,
    placeId: row.place_id,
    lat: row.lat === null ? null : Number(row.lat),
    lng: row.lng === null ? null : Number(row.lng),
    abstract: row.abstract,
    slidesUrl: storedLink(row.slides_url, isSafeImageUrl),
    videoUrl: storedLink(row.video_url),
    paper: row.paper_id && row.paper_title !== null ? { id: row.paper_id, title: row.paper_title } : null,
    note: row.note,
    cvOrder: row.cv_order,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** Public reads name the paper only while it is public; the editor sees the chosen paper whatever its status. */
function select(publicOnly: boolean): string {
  return `select t.id, t.title, t.event_name, t.event_url, t.start_date, t.end_date, t.start_time, t.end_time, t.time_zone,
                 t.kind, t.attendance, t.venue, t.city, t.country, t.place_id, t.lat, t.lng, t.abstract, t.slides_url,
                 t.video_url, t.paper_id, p.title as paper_title, t.note, t.cv_order, t.updated_at
            from talks t
            left join research_papers p on p.id = t.paper_id${publicOnly ? " and p.status <> 'draft'" : ''}`;
}

const ORDER = 'order by t.start_date desc, t.start_time desc nulls last, t.created_at, t.id';

async function readTalks(db: Queryable, publicOnly: boolean): Promise<Talk[]> {
  const { rows } = await db.query<TalkRow>(`${select(publicOnly)} ${ORDER}`);
  return rows.map(toTalk);
}

/**
 * Every talk, newest first, for /talks, the CV, the calendars and the map: cached, tagged with the talks and
 * the papers (a talk names its paper's title), so a save to either shows on the next request.
 */
export async function getTalks(): Promise<Talk[]> {
  'use cache';
  cacheTag(TAGS.talks, TAGS.research);
  return readTalks(await getDb(), true);
}

/** One talk for its page, or null when there is none with this id (any text: a malformed id is simply none). */
export async function getTalk(id: string): Promise<Talk | null> {
  'use cache';
  cacheTag(TAGS.talks, TAGS.research);
  if (!isUuid(id)) return null;
  const { rows } = await (await getDb()).query<TalkRow>(`${select(true)} where t.id = $1`, [id]);
  return rows[0] ? toTalk(rows[0]) : null;
}

/** A paper's talks, newest first, for the paper's page. */
export async function getTalksForPaper(paperId: string): Promise<Talk[]> {
  'use cache';
  cacheTag(TAGS.talks, TAGS.research);
  if (!isUuid(paperId)) return [];
  const { rows } = await (await getDb()).query<TalkRow>(`${select(true)} where t.paper_id = $1 ${ORDER}`, [paperId]);
  return rows.map(toTalk);
}

/** Each talk's id and last change, newest first, for the sitemap: at most `limit`, addresses and dates only. */
export async function getTalkStamps(limit: number): Promise<Pick<Talk, 'id' | 'updatedAt'>[]> {
  'use cache';
  cacheTag(TAGS.talks);
  const { rows } = await (await getDb()).query<{ id: string; updated_at: Date | string }>(
    'select id, updated_at from talks order by start_date desc, id limit $1',
    [limit],
  );
  return rows.map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at).toISOString() }));
}

/** The stored talks as they are right now, past every cache, and the papers the editor offers. */
export async function getTalksForEditing(): Promise<{ talks: Talk[]; papers: TalkPaperChoice[] }> {
  const db = await getDb();
  const [talks, papers] = await Promise.all([
    readTalks(db, false),
    db.query<TalkPaperChoice>(`select id, title, status from research_papers order by date desc, title, id`),
  ]);
  return { talks, papers: papers.rows };
}

/** What the Talks editor writes, in order. */
const EDITED_COLUMNS: readonly SyncColumn<TalkItemValues>[] = [
  { name: 'title', value: (item) => item.title },
  { name: 'event_name', value: (item) => item.eventName },
  { name: 'event_url', value: (item) => item.eventUrl },
  { name: 'start_date', value: (item) => item.start },
  { name: 'end_date', value: (item) => item.end },
  { name: 'start_time', value: (item) => item.startTime },
  { name: 'end_time', value: (item) => item.endTime },
  { name: 'time_zone', value: (item) => item.timeZone },
  { name: 'kind', value: (item) => item.kind },
  { name: 'attendance', value: (item) => item.attendance },
  { name: 'venue', value: (item) => item.venue },
  { name: 'city', value: (item) => item.city },
  { name: 'country', value: (item) => item.country },
  { name: 'place_id', cast: 'integer', value: (item) => item.placeId },
  { name: 'lat', cast: 'double precision', value: (item) => item.lat },
  { name: 'lng', cast: 'double precision', value: (item) => item.lng },
  { name: 'abstract', value: (item) => item.abstract },
  { name: 'slides_url', value: (item) => item.slidesUrl },
  { name: 'video_url', value: (item) => item.videoUrl },
  { name: 'paper_id', cast: 'uuid', value: (item) => item.paperId },
  { name: 'note', value: (item) => item.note },
];

/** The paper a talk names is one that exists: a paper deleted meanwhile is no paper, not a failed save. */
async function existingPapers(tx: Queryable, items: readonly TalkItemValues[]): Promise<Set<string>> {
  const ids = [...new Set(items.flatMap((item) => (item.paperId ? [item.paperId] : [])))];
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ id: string }>('select id from research_papers where id = any($1::uuid[])', [ids]);
  return new Set(rows.map((row) => row.id));
}

/**
 * Saving the Talks editor: the list becomes the stored list in one transaction, as the Projects editor's.
 * A talk the save leaves unchanged keeps its updated_at (the calendars' DTSTAMP). A failure leaves the table
 * as it was.
 */
export async function saveTalkList(items: readonly TalkItemValues[]): Promise<SavedTalks> {
  const db = await getDb();
  const saved = await db.transaction(async (tx) => {
    const papers = await existingPapers(tx, items);
    const kept = items.map((item) => (item.paperId && !papers.has(item.paperId) ? { ...item, paperId: null } : item));
    const created = await syncList(tx, 'talks', EDITED_COLUMNS, kept, isTemporaryTalkId, { onlyChanged: true });
    return { items: await readTalks(tx, false), created };
  });
  afterContentWrite(TAGS.talks);
  return saved;
}

/** Removing a saved talk deletes it at once. Answers whether there was one. */
export async function deleteTalk(id: string): Promise<boolean> {
  const { affectedRows } = await (await getDb()).query('delete from talks where id = $1', [id]);
  if (affectedRows > 0) afterContentWrite(TAGS.talks);
  return affectedRows > 0;
}
