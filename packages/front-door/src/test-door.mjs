// The front door as the tests start it: on a random port, for the public host `site.test`, with a
// site that answers "site" and no media files. Each test names its upstreams.
import { createFrontDoorServer } from './server.mjs';

export const PUBLIC_HOST = 'site.test';

export const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

/** @param {Partial<Parameters<typeof createFrontDoorServer>[0]>} options */
export function testDoor(options) {
  return createFrontDoorServer({
    publicUrl: new URL(`http://${PUBLIC_HOST}`),
    cmsUrl: 'http://127.0.0.1:9',
    media: (_req, _res, next) => next(),
    site: { handle: (_req, res) => res.end('site') },
    log: () => {},
    ...options,
  });
}
