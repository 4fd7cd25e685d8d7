import { withPayload } from '@payloadcms/next/withPayload';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A deployed commit's release folder links the app's installed packages, and Turbopack reads no
// file outside its root: the build there names a root holding both (CMS_WORKSPACE_ROOT, set by
// scripts/lib/stack.mjs's buildCmsIn).
const root = process.env.CMS_WORKSPACE_ROOT ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), usb=()' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Hoisted workspace: dependencies live in the repository's node_modules.
  turbopack: { root },
  outputFileTracingRoot: root,
  poweredByHeader: false,
  // Our shared package ships TypeScript sources.
  transpilePackages: ['@app/shared'],
  distDir: process.env.CMS_DIST_DIR ?? '.next',
  // `npm run typecheck` checks this project (TypeScript 7, in CI before anything is built); Next's
  // own pass with TypeScript 5.9 repeated it in every build — each start, each deployed commit —
  // for about 40 s of a 2-core machine.
  typescript: { ignoreBuildErrors: true },
  // The admin's server functions send a document's whole form state, a long article's body with
  // it (issue 49 #1): Next's 1 MB default refused those. The edge holds the same limit
  // (packages/front-door/src/edge-table.mjs, class cms-admin).
  experimental: {
    serverActions: { bodySizeLimit: '16mb' },
    // Turbopack keeps a cache for the next build in this folder (a rebuild after a small change:
    // ~20 s instead of ~55). Writing it takes ~13 s of the first build (~18 CPU s); a build that will
    // not run again in this folder (a deployed commit's release, CI's fresh clone) is made with
    // CMS_BUILD_CACHE=off and goes without.
    turbopackFileSystemCacheForBuild: process.env.CMS_BUILD_CACHE !== 'off',
  },
  async headers() {
    // Nothing may frame the admin, no MIME sniffing. REST answers are data; the admin pages get
    // their nonce-based policy from src/proxy.ts.
    return [
      { source: '/:path*', headers: securityHeaders },
      { source: '/cms/api/:path*', headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }] },
    ];
  },
};

export default withPayload(nextConfig, { devBundleServerPackages: false });
