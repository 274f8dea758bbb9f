/**
 * An attribute a page renders when it must not be kept by the page cache (lib/page-cache.ts): a page
 * showing a load-error toast is a 200, yet it must not be served again once the database is back.
 */
export const NO_PAGE_CACHE_ATTRIBUTE = 'data-no-page-cache';
