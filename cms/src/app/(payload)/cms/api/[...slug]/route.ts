import config from '@payload-config';
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes';
import { withRequestFilter } from '../../../../../request-filter';

type Handler = (request: Request, context: { params: Promise<{ slug: string[] }> }) => Promise<Response>;

/**
 * Payload answers an unknown route with its own text, which names the CMS's internal address
 * ("Cannot GET http://localhost:3002/…"). Those answers become a plain 404; everything else,
 * including a missing document's 404, passes through untouched.
 */
function withGenericNotFound(handler: Handler): Handler {
  return async (request, context) => {
    const response = await handler(request, context);
    if (response.status !== 404 && response.status !== 501) return response;
    const body = (await response.clone().json().catch(() => null)) as { message?: unknown } | null;
    if (typeof body?.message === 'string' && /^(Cannot [A-Z]+ |Route not found)/.test(body.message)) {
      return Response.json({ message: 'Not found' }, { status: 404 });
    }
    return response;
  };
}

// Requests that would make PostgreSQL fail (NUL bytes, ids that are not integers in its range) are
// answered before Payload queries anything (src/request-filter.ts).
const rest = (handler: Handler) => withRequestFilter(config, withGenericNotFound(handler));

export const GET = rest(REST_GET(config));
export const POST = rest(REST_POST(config));
export const DELETE = rest(REST_DELETE(config));
export const PATCH = rest(REST_PATCH(config));
export const PUT = rest(REST_PUT(config));
export const OPTIONS = REST_OPTIONS(config);
