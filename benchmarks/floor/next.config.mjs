/**
 * Next's defaults but one. The file exists because Next looks for its config upwards from the project folder:
 * without one here, `next build benchmarks/floor` would take the site's (../../next.config.mjs). The one
 * setting: Turbopack looks upwards too for the proxy and instrumentation files, with the page extensions, and
 * would build the site's proxy.ts and instrumentation.ts into the floor; with .tsx only (the floor's layout and
 * page are .tsx) it finds neither, as long as the site's stay .ts.
 * @type {import('next').NextConfig}
 */
const nextConfig = { pageExtensions: ['tsx'] };

export default nextConfig;
