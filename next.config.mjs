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

const nextConfig = {
  images: { remotePatterns: supabaseStoragePatterns() },
  cacheComponents: true,
  partialPrefetching: true,
  poweredByHeader: false,
  reactStrictMode: true,
  // Database drivers load WebAssembly and native files at run time: keep them out of the bundle.
  serverExternalPackages: ['@electric-sql/pglite', 'pg'],
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
