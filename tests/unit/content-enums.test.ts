import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERSONAL_TYPES } from '@/lib/content/personal/types';
import { PROJECT_CATEGORIES } from '@/lib/content/projects/types';
import { PAPER_STATUSES } from '@/lib/content/research/types';

const schema = readFileSync(path.join(import.meta.dirname, '../../supabase/migrations/20261122000000_initial_schema.sql'), 'utf8');

/** The values a column's `check (<column> in (...))` constraint allows, in order. */
function checkedValues(column: string): string[] {
  const match = new RegExp(`check \\(${column} in \\(([^)]*)\\)\\)`).exec(schema);
  if (!match) throw new Error(`no check constraint for ${column}`);
  return match[1].split(',').map((value) => value.trim().replace(/^'|'$/g, ''));
}

describe('the enums the app defines once agree with the database check constraints', () => {
  it('project categories', () => expect([...PROJECT_CATEGORIES]).toEqual(checkedValues('category')));
  it('paper statuses', () => expect([...PAPER_STATUSES]).toEqual(checkedValues('status')));
  it('personal post types', () => expect([...PERSONAL_TYPES]).toEqual(checkedValues('type')));
});
