import type { APIRoute } from 'astro';
import { loadContent } from '../lib/content';

/**
 * The build's site settings (lib/site-settings.ts): the site server reads this file when it loads the
 * build (server/loaded-build.ts) and hands it to the pages it renders on demand, so they show what
 * the build's prerendered pages show. The same settings GET /api/settings answers publicly.
 */
export const GET: APIRoute = async () => {
  const { settings } = await loadContent();
  return new Response(JSON.stringify(settings), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
