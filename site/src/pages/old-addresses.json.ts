import type { APIRoute } from 'astro';
import { loadContent } from '../lib/content';

/**
 * The build's old addresses (DESIGN §7.22): which moved to which article (301) and which are gone
 * (410). The site server reads this file when the build goes live (server/live-site.ts); every
 * target is a public article page, so the list gives nothing away.
 */
export const GET: APIRoute = async () => {
  const { version, oldAddresses } = await loadContent();
  return new Response(JSON.stringify({ version, ...oldAddresses }), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
