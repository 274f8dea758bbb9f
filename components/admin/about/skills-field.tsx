'use client';

import { TagsField } from '@/components/admin/tags-field';
import { ABOUT_LIMITS } from '@/lib/validation/about';

/**
 * Skills as tags (docs/product.md §2): added with the Add button or Enter, each removable. Blank text and
 * a skill already in the list are not added.
 */
export function SkillsField({ skills, onChange, error }: { skills: string[]; onChange: (skills: string[]) => void; error?: string }) {
  return (
    <TagsField
      id="about-skill"
      label="Skills"
      listLabel="Skill list"
      hint="Press Enter or Add after each skill."
      values={skills}
      onChange={onChange}
      error={error}
      placeholder="e.g. Analytic number theory"
      maxLength={ABOUT_LIMITS.skill}
      emptyText="No skills yet."
    />
  );
}
