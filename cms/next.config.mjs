import { withPayload } from '@payloadcms/next/withPayload';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Hoisted workspace: dependencies live in the repository's node_modules.
  turbopack: { root },
  outputFileTracingRoot: root,
  poweredByHeader: false,
  // Our shared package ships TypeScript sources.
  transpilePackages: ['@app/shared'],
  distDir: process.env.CMS_DIST_DIR ?? '.next',
};

export default withPayload(nextConfig, { devBundleServerPackages: false });
