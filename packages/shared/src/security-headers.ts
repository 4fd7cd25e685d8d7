// Security headers every answer of the public origin carries (DESIGN §6): the pages (the site
// server and the front door), the API and the production proxy (deploy/Caddyfile sets the same).

/** Headers every response carries. HSTS only when the site is served over https. */
export function commonSecurityHeaders({ https = false }: { https?: boolean } = {}): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com")',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * The API's: the common ones, and as its answers are JSON, never documents, a policy that allows
 * nothing and no framing, isolated from other origins.
 */
export function apiSecurityHeaders({ https = false }: { https?: boolean } = {}): Record<string, string> {
  return {
    ...commonSecurityHeaders({ https }),
    'Content-Security-Policy': "default-src 'none';frame-ancestors 'none'",
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
  };
}
