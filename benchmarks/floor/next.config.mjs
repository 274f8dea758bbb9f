/**
 * Next's defaults. The file is here because Next looks for a next.config upwards from the project folder:
 * without it, `next build benchmarks/floor` would build the floor with the site's own (../../next.config.mjs).
 * @type {import('next').NextConfig}
 */
const nextConfig = {};

export default nextConfig;
