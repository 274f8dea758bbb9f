import { describe, expect, it } from 'vitest';

import { fieldErrorsOf } from '@/lib/action-result';
import { DEFAULT_ANALYTICS_SETTINGS, RETENTION_CHOICES } from '@/lib/analytics/types';
import { ANALYTICS_MESSAGES, analyticsSettingsSchema } from '@/lib/validation/analytics';

/** Settings → Reader Analytics (issue 48): what its form may send, as the server action checks it. */

const RETENTION_MESSAGE = 'Choose how long raw events are kept: 30, 90, 180 or 365 days.';

describe('the check of Settings → Reader Analytics', () => {
  it('takes counting on or off and each retention choice, as the select sends it or as a number', () => {
    for (const days of RETENTION_CHOICES) {
      expect(analyticsSettingsSchema.parse({ enabled: false, retentionDays: String(days) })).toEqual({ enabled: false, retentionDays: days });
      expect(analyticsSettingsSchema.parse({ enabled: true, retentionDays: days })).toEqual({ enabled: true, retentionDays: days });
    }
    expect(analyticsSettingsSchema.parse(DEFAULT_ANALYTICS_SETTINGS)).toEqual(DEFAULT_ANALYTICS_SETTINGS);
  });

  it('refuses any other retention, with a message naming the choices beside the select', () => {
    expect(ANALYTICS_MESSAGES.retentionDays).toBe(RETENTION_MESSAGE);
    for (const retentionDays of [0, 7, 91, -30, 90.5, '', '7', '90.0', ' 90', '90 ', '0x5a', '9e1', ['90'], { valueOf: () => 90 }, null, undefined, true, Number.NaN]) {
      const parsed = analyticsSettingsSchema.safeParse({ enabled: true, retentionDays });
      expect(parsed.success, JSON.stringify(retentionDays)).toBe(false);
      if (!parsed.success) expect(fieldErrorsOf(parsed.error)).toEqual({ retentionDays: RETENTION_MESSAGE });
    }
  });

  it('refuses an on/off that is not a boolean, and any other field', () => {
    for (const enabled of ['true', 'on', 1, null, undefined]) {
      const parsed = analyticsSettingsSchema.safeParse({ enabled, retentionDays: 90 });
      expect(parsed.success, JSON.stringify(enabled)).toBe(false);
      if (!parsed.success) expect(fieldErrorsOf(parsed.error)).toEqual({ enabled: ANALYTICS_MESSAGES.enabled });
    }
    for (const bad of [{ enabled: true, retentionDays: 90, extra: 1 }, {}, null, 'enabled', [true, 90]]) {
      expect(analyticsSettingsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
