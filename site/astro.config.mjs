import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { clientDirectives } from './src/directives/register.mjs';
import { katexAssets } from './src/integrations/katex-assets.mjs';

// Content pages are prerendered from the CMS at build time; pages that depend on the visitor
// opt out with `export const prerender = false`. The server entry runs in middleware mode inside
// site/server (which swaps to a new build without dropping requests).
export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  // The sitemap lists every prerendered page but those that are not for search engines.
  integrations: [react(), clientDirectives(), katexAssets(), sitemap({ filter: (page) => !/\/(404|410|auth|search|unsubscribe)$/.test(new URL(page).pathname) })],
  outDir: process.env.SITE_OUT_DIR ?? './dist',
  site: process.env.PUBLIC_URL ?? 'http://localhost:3000',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'never' },
  redirects: { '/policies/privacy': '/policies#privacy', '/bulletin': '/community' },
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
  server: { port: Number(process.env.SITE_DEV_PORT ?? 4321) },
});
