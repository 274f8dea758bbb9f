import 'server-only';

import { noteAdminWrite } from '@/lib/backup/notify';
import { getSiteTimeZoneForEditing } from '@/lib/content/settings/queries';
import { getDb } from '@/lib/db/client';
import type { Queryable } from '@/lib/db/types';
import { DEFAULT_ANALYTICS_SETTINGS, RETENTION_CHOICES, type AnalyticsSettings, type RetentionDays } from './types';

const retentionOf = (value: unknown): RetentionDays =>
  RETENTION_CHOICES.includes(Number(value) as RetentionDays) ? (Number(value) as RetentionDays) : DEFAULT_ANALYTICS_SETTINGS.retentionDays;

/** The stored choices (Settings → Reader Analytics), or the defaults while none are stored. */
export async function readAnalyticsSettings(db: Queryable): Promise<AnalyticsSettings> {
  const { rows } = await db.query<{ enabled: boolean; retention_days: number }>('select enabled, retention_days from public.analytics_settings where id');
  const row = rows[0];
  return row ? { enabled: row.enabled, retentionDays: retentionOf(row.retention_days) } : DEFAULT_ANALYTICS_SETTINGS;
}

export async function getAnalyticsSettings(): Promise<AnalyticsSettings> {
  return readAnalyticsSettings(await getDb());
}

/** Stores the owner's choices; the collector on this server reads them again at once, the others within seconds. */
export async function saveAnalyticsSettings(settings: AnalyticsSettings): Promise<AnalyticsSettings> {
  const { rows } = await (await getDb()).query<{ enabled: boolean; retention_days: number }>(
    `insert into public.analytics_settings as s (id, enabled, retention_days) values (true, $1, $2)
     on conflict (id) do update set enabled = excluded.enabled, retention_days = excluded.retention_days
     returning enabled, retention_days`,
    [settings.enabled, settings.retentionDays],
  );
  if (!rows[0]) throw new Error('The analytics settings were not written.');
  forgetCollectorSettings();
  // An admin write like any other (the backup is scheduled), though no public page reads these.
  noteAdminWrite();
  return { enabled: rows[0].enabled, retentionDays: retentionOf(rows[0].retention_days) };
}

// The collector's copy of the settings and the site's time zone: read at most every SETTINGS_MS, not on
// every beacon. On globalThis, as Next bundles the beacon route and the download routes with a copy each.
const SETTINGS_MS = 10_000;
interface CollectorSettings extends AnalyticsSettings {
  timeZone: string;
}
const slotKey = Symbol.for('academic-portfolio.analytics-settings');
type Slot = { value?: Promise<CollectorSettings>; readAt: number };
const slot = ((globalThis as Record<symbol, unknown>)[slotKey] ??= { readAt: 0 } satisfies Slot) as Slot;

function forgetCollectorSettings(): void {
  slot.value = undefined;
}

/** What the collector needs on each event: the owner's choices and the site's time zone, read at most every few seconds. */
export function collectorSettings(now = Date.now()): Promise<CollectorSettings> {
  if (!slot.value || now - slot.readAt > SETTINGS_MS) {
    slot.readAt = now;
    slot.value = (async () => {
      const [settings, timeZone] = await Promise.all([getAnalyticsSettings(), getSiteTimeZoneForEditing()]);
      return { ...settings, timeZone };
    })();
    slot.value.catch(() => forgetCollectorSettings());
  }
  return slot.value;
}
