/** The admin area's sonner toaster id; a plain module so the server layout and client code share it. */
export const ADMIN_TOASTER_ID = 'admin';
