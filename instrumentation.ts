/**
 * Next.js calls register() once when a server starts, before it serves: `next start`, `npm start`'s
 * server, `output: 'standalone'` and Vercel alike. The startup work (lib/startup.ts) runs only in the
 * Node.js runtime and never during `next build`, which must neither read nor create the data directory.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // First, so that every request from here on carries its connection's address (the per-address limits).
  const { recordConnectionAddresses } = await import('./lib/client-address');
  recordConnectionAddresses();
  // Page-view beacons answered on the HTTP server, before Next's handler (issue 48: a flood of them must not slow pages).
  const { answerBeaconsBeforeNext } = await import('./lib/analytics/fast-path');
  answerBeaconsBeforeNext();
  // Pages rendered per request load their JavaScript after their first paint, as stored pages do (issue 49).
  if (process.env.NODE_ENV === 'production') {
    const { loadStreamedPageChunksAfterPaint } = await import('./lib/streamed-page-chunks');
    loadStreamedPageChunksAfterPaint();
  }
  // Exports and uploads of Settings → Site content left by a server that crashed: they hold drafts and up to the archive limit.
  const { removeLeftOperationFolders } = await import('./lib/backup/site-content-folders');
  removeLeftOperationFolders();
  const { startUp } = await import('./lib/startup');
  // Written into the build by next.config.mjs (its `env`): the value the build's pages' policy was made with.
  await startUp({ builtPublicCacheSeconds: process.env.BUILT_PUBLIC_CACHE_SECONDS ?? '' });
  // The citation run's schedule (issue 46), here rather than in startUp: under `npm start`, startUp runs first
  // in the start script's own copy of the modules, which cannot load the run's server-only ones; this is Next's.
  const { startRefreshScheduleFromEnv } = await import('./lib/scholarly/refresh/start');
  startRefreshScheduleFromEnv();
}
