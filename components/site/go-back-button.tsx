'use client';

import { ArrowLeft } from 'lucide-react';
import { useRouter } from 'next/navigation';

import { Button } from '@/components/ui/button';

export function GoBackButton() {
  const router = useRouter();

  function goBack() {
    // A page opened directly (new tab, typed URL) has nothing to go back to inside the site.
    if (window.history.length > 1) {
      router.back();
    } else {
      router.push('/');
    }
  }

  return (
    <Button type="button" variant="outline" size="lg" onClick={goBack}>
      <ArrowLeft aria-hidden="true" />
      Go Back
    </Button>
  );
}
