/** Types of public-page-policy.mjs. */
import type { z } from 'zod';

export const NEVER_STORE: string;
export function publicPageCacheControl(publicCacheSeconds: number | undefined): string;
export const publicCacheSecondsSchema: z.ZodType<number | undefined, unknown>;
export const PUBLIC_PAGE_SOURCES: readonly string[];
export const SESSION_COOKIE_HEADER: string;
type Condition = { type: 'header' | 'query'; key: string; value?: string };
export function publicPageHeaderRules(publicCacheSeconds: number | undefined): { source: string; missing: Condition[]; headers: { key: string; value: string }[] }[];
export function publicCacheMismatch(running: number | undefined, built: string): string | null;
