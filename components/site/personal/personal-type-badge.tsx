import { Badge } from '@/components/ui/badge';
import type { PersonalType } from '@/lib/content/personal/types';
import { cn } from '@/lib/utils';

const LABELS: Record<PersonalType, string> = { story: 'Story', update: 'Update', thought: 'Thought' };

// Each type keeps one hue on the list and on the post, so a reader learns it once.
const TONES: Record<PersonalType, string> = {
  story: 'border-violet-400/30 bg-violet-400/10 text-violet-200',
  update: 'border-sky-400/30 bg-sky-400/10 text-sky-200',
  thought: 'border-emerald-400/30 bg-emerald-400/10 text-emerald-200',
};

export function PersonalTypeBadge({ type, className }: { type: PersonalType; className?: string }) {
  return (
    <Badge variant="outline" className={cn(TONES[type], className)}>
      {LABELS[type]}
    </Badge>
  );
}
