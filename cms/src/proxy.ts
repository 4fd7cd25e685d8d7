import { NextResponse, type NextRequest } from 'next/server';
import { cmsContentSecurityPolicy } from './security-headers';

/**
 * The admin pages' Content-Security-Policy with a fresh nonce per request. Next.js reads the
 * nonce from the request's policy header and puts it on its own scripts, so no inline script
 * runs without it.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = cmsContentSecurityPolicy(nonce);
  const headers = new Headers(request.headers);
  headers.set('x-nonce', nonce);
  headers.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = { matcher: ['/cms/admin', '/cms/admin/:path*'] };
