'use client';

import type { ComponentProps, FormEvent } from 'react';

const stay = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

/** A form whose submission goes nowhere: the browser still checks its fields (SubscribeForm). */
export function SubmitlessForm(props: Omit<ComponentProps<'form'>, 'onSubmit' | 'action'>) {
  return <form {...props} onSubmit={stay} />;
}
