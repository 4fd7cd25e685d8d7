import type { Endpoint } from 'payload';
import cmsPackage from '../../package.json';
import { hasServiceSecret } from '../access/editors';

// Payload is pinned to one exact version in package.json (its packages must match each other).
const payloadVersion = cmsPackage.dependencies.payload.replace(/^[^\d]*/, '') || null;

/** GET /cms/api/service-info — the Payload version and this process's uptime, for the admin's System tab (our services only). */
export const serviceInfo: Endpoint = {
  path: '/service-info',
  method: 'get',
  handler: (req) => {
    if (!hasServiceSecret(req.headers)) return Response.json({ message: 'Not allowed' }, { status: 403 });
    return Response.json({ payloadVersion, uptimeSeconds: Math.round(process.uptime()) });
  },
};
