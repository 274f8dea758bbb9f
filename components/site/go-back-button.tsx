import { ArrowLeft } from '@/components/site/icons';

import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { GoBackAction } from './go-back-action';

/** 'Go Back' on the 404 page: the look and icon are made on the server, the click is handled in the browser. */
export function GoBackButton() {
  return (
    <GoBackAction className={cn(buttonVariants({ variant: 'outline', size: 'lg' }))}>
      <ArrowLeft aria-hidden="true" />
      Go Back
    </GoBackAction>
  );
}
