'use client';

import { useState, useTransition } from 'react';
import { Loader2, Trash2 } from 'lucide-react';

import { removeSampleContentAction } from '@/app/admin/(guarded)/settings/actions';
import { useConfirm } from '@/components/admin/confirm-dialog';
import { adminToast } from '@/components/admin/toast';
import { Button } from '@/components/ui/button';

/**
 * Settings' "Sample content" (docs/product.md §2): what the site still holds of the sample, and the button that
 * removes exactly that (a backup first in embedded mode), saying what it removed and what it kept.
 */
export function SampleContent({ initial }: { initial: string }) {
  const [holding, setHolding] = useState(initial);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [removing, startRemoving] = useTransition();
  const { confirm, dialog } = useConfirm();

  const remove = async () => {
    const yes = await confirm(
      `This removes ${holding}. Entries you added or edited are kept. A backup is made first when the site keeps its own database.`,
      { title: 'Remove the Sample Content', action: 'Remove' },
    );
    if (!yes) return;
    startRemoving(async () => {
      const result = await removeSampleContentAction().catch(() => ({ ok: false as const, error: 'The server could not be reached. Nothing was removed; please try again.' }));
      if (!result.ok) {
        adminToast.error('Failed to remove the sample content', { description: result.error });
        return;
      }
      setHolding('');
      setOutcome(result.data.message);
      adminToast.success('Sample content removed', { description: result.data.message });
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm">
        {outcome ?? (holding ? `The site still holds ${holding}.` : 'The site holds none of the sample content.')}
      </p>
      {holding ? (
        <div>
          <Button type="button" variant="destructive" onClick={remove} disabled={removing}>
            {removing ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
            {removing ? 'Removing...' : 'Remove the Sample Content'}
          </Button>
        </div>
      ) : null}
      {dialog}
    </div>
  );
}
