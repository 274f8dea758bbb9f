'use client';

import { useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isNewSkill } from '@/lib/validation/about';
import { describedBy, FieldError } from './field';

/**
 * Skills as tags (spec section 2): added with the Add button or Enter, each removable. Blank text and
 * a skill already in the list are not added.
 */
export function SkillsField({ skills, onChange, error }: { skills: string[]; onChange: (skills: string[]) => void; error?: string }) {
  const [text, setText] = useState('');
  const id = 'about-skill';

  const add = () => {
    const skill = text.trim();
    if (isNewSkill(skills, skill)) onChange([...skills, skill]);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the skill; it must not submit the whole form.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    add();
  };

  const hint = 'Press Enter or Add after each skill.';
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Skills</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          placeholder="e.g. Analytic number theory"
          maxLength={80}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { hint, error })}
        />
        <Button type="button" variant="secondary" onClick={add}>
          <Plus aria-hidden />
          Add
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={id} error={error} />
      {skills.length > 0 ? (
        <ul aria-label="Skill list" className="flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill}>
              <Badge variant="secondary" className="gap-1 py-1 pr-1 pl-2.5 text-sm">
                {skill}
                <button
                  type="button"
                  onClick={() => onChange(skills.filter((s) => s !== skill))}
                  aria-label={`Remove ${skill}`}
                  className="rounded-sm p-0.5 text-muted-foreground hover:bg-background/60 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No skills yet.</p>
      )}
    </div>
  );
}
