import config from '@payload-config';
import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes';

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

export const GET = withGenericNotFound(REST_GET(config));
export const POST = withGenericNotFound(REST_POST(config));
export const DELETE = withGenericNotFound(REST_DELETE(config));
export const PATCH = withGenericNotFound(REST_PATCH(config));
export const PUT = withGenericNotFound(REST_PUT(config));
export const OPTIONS = REST_OPTIONS(config);
