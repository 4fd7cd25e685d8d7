// Security headers of the site's pages (DESIGN §6): the common ones (@app/shared/security-headers,
// which the front door and deploy/Caddyfile also set) and each page's Content-Security-Policy.
import { createHash } from 'node:crypto';

export { commonSecurityHeaders } from '@app/shared/security-headers';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The CSP hashes of a page's inline scripts (data blocks such as JSON-LD are not scripts and are skipped). */
export function inlineScriptHashes(html: string): Set<string> {
  const hashes = new Set<string>();
  for (const [, attrs = '', body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs) || /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attrs) || !body) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * Where pages may load pictures from: this origin (CMS media and members' avatars at /media, which
 * the edge serves from the disk or the bucket), data: URIs, YouTube's video thumbnails, D-ID's
 * presenter pictures, Stripe's Payment Element, and the media bucket's own address
 * (MEDIA_S3_PUBLIC_URL) for avatars saved before /media read the bucket. No other host: a picture
 * on a member's own server would tell it the address of every visitor who sees their name, so
 * avatars are always our re-encoded copies (issue 34).
 */
export function imageSources(env: NodeJS.ProcessEnv = process.env): string[] {
  const sources = ["'self'", 'data:', 'https://i.ytimg.com', 'https://*.d-id.com', 'https://*.stripe.com'];
  if (env.MEDIA_S3_PUBLIC_URL) sources.push(new URL(env.MEDIA_S3_PUBLIC_URL).origin);
  return sources;
}

/**
 * The pages' policy: scripts only from this origin or inline with a known hash (no
 * 'unsafe-inline', no eval), pictures only from imageSources, nothing may frame the site, no
 * plugins, forms post here only. `frameAncestors` is for the one page this origin may frame (a
 * preview link's, in the CMS's live preview).
 */
export function pageContentSecurityPolicy(scriptHashes: Iterable<string>, env: NodeJS.ProcessEnv = process.env, { frameAncestors = "'none'" }: { frameAncestors?: "'none'" | "'self'" } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${[...scriptHashes].sort().join(' ')} https://js.stripe.com`.replace(/\s+/g, ' ').trim(),
    // Islands set a few style attributes (progress bars, widths); styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources(env).join(' ')}`,
    // The AI assistant's presenter videos come from D-ID's storage.
    "media-src 'self' https:",
    "font-src 'self'",
    "connect-src 'self' https://api.stripe.com",
    // Players a reader starts (study intros, video embeds in bodies): YouTube without cookies and
    // Vimeo without tracking (videoEmbed in @app/shared); Stripe's card fields.
    'frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://js.stripe.com https://hooks.stripe.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}
