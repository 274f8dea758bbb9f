/**
 * Next.js calls register() once when a server starts, before it serves: `next start`, `npm start`'s
 * server, `output: 'standalone'` and Vercel alike. The startup work (lib/startup.ts) runs only in the
 * Node.js runtime and never during `next build`, which must neither read nor create the data directory.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startUp } = await import('./lib/startup');
  // Written into the build by next.config.mjs (its `env`): the value the build's pages' policy was made with.
  await startUp({ builtPublicCacheSeconds: process.env.BUILT_PUBLIC_CACHE_SECONDS ?? '' });
}
