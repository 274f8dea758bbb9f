'use client';

import { toast, type ExternalToast } from 'sonner';

import { ADMIN_TOASTER_ID } from './toaster-id';


type Options = Omit<ExternalToast, 'toasterId'>;

/** Toasts for admin screens (the admin toaster sits top right, docs/product.md §9): `adminToast.success('Saved')` lands in the admin toaster. */
export const adminToast = {
  success: (message: string, options?: Options) => toast.success(message, { ...options, toasterId: ADMIN_TOASTER_ID }),
  error: (message: string, options?: Options) => toast.error(message, { ...options, toasterId: ADMIN_TOASTER_ID }),
  info: (message: string, options?: Options) => toast.info(message, { ...options, toasterId: ADMIN_TOASTER_ID }),
  warning: (message: string, options?: Options) => toast.warning(message, { ...options, toasterId: ADMIN_TOASTER_ID }),
};

/**
 * The "sign in again" toasts can be raised twice for one event (the proxy's redirect to login and the
 * admin frame's own re-check race on a client-side navigation): one id makes sonner show one toast.
 */
export const SIGN_IN_AGAIN_TOAST_ID = 'admin-sign-in-again';
