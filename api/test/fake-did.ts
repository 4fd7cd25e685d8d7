import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeTalk = { id: string; status: 'created' | 'started' | 'done' | 'error' | 'rejected'; source_url: string; script: { type: string; input: string }; polls: number; fails: boolean };
/** What the stand-in does instead of answering: refuse the key (401), refuse for rate (429), fail (500) or never answer. */
type Outage = { kind: 401 | 429 | 500 | 'timeout'; path: RegExp };

/**
 * A local HTTP server answering like D-ID's API: Basic auth with the key as D-ID issues it,
 * GET /clips/presenters → { presenters: [...] }, POST /talks → 201 { id, object: "talk", status:
 * "created" }, GET /talks/{id} → the talk, which goes created → started → done (with result_url)
 * over successive reads — or error, while `failTalks` is set (D-ID could not animate the face). Errors are D-ID's
 * { kind, description } bodies.
 */
export async function startFakeDid(opts: { key: string }) {
  const talks = new Map<string, FakeTalk>();
  const requests: { method: string; path: string; auth: string | undefined; body: unknown }[] = [];
  let outage: Outage | null = null;
  let failTalks = false;
  const hanging = new Set<ServerResponse>();
  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const talkJson = (t: FakeTalk) => ({
    id: t.id,
    object: 'talk',
    status: t.status,
    source_url: t.source_url,
    created_at: '2026-01-01T00:00:00.000Z',
    ...(t.status === 'done' ? { result_url: `https://d-id-talks-prod.s3.us-west-2.amazonaws.com/${t.id}/result.mp4` } : {}),
    ...(t.status === 'error' ? { error: { kind: 'FaceError', description: 'Face not detected' } } : {}),
  });

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const path = req.url ?? '';
      const body = raw ? JSON.parse(raw) : null;
      requests.push({ method: req.method ?? '', path, auth: req.headers.authorization, body });
      if (outage && outage.path.test(path)) {
        if (outage.kind === 'timeout') return void hanging.add(res);
        const [kind, description] = outage.kind === 401 ? ['AuthorizationError', 'Unauthorized'] : outage.kind === 429 ? ['InsufficientCreditsError', 'not enough credits'] : ['InternalServerError', 'Internal Server Error'];
        return json(res, outage.kind, { kind, description });
      }
      if (req.headers.authorization !== `Basic ${opts.key}`) return json(res, 401, { kind: 'AuthorizationError', description: 'Unauthorized' });
      if (req.method === 'GET' && path === '/clips/presenters') {
        return json(res, 200, {
          presenters: [
            { presenter_id: 'v2_public_amber@Y5K02DLS4m', driver_id: 'e3nbserss8', gender: 'female', thumbnail_url: 'https://clips-presenters.d-id.com/amber/thumbnail.png', image_url: 'https://clips-presenters.d-id.com/amber/image.png', preview_url: 'https://clips-presenters.d-id.com/amber/preview.mp4' },
            { presenter_id: 'v2_public_adam@kwLwo22I6I', name: 'Adam', driver_id: 'mXra4jY38i', gender: 'male', thumbnail_url: 'https://clips-presenters.d-id.com/adam/thumbnail.png', image_url: 'https://clips-presenters.d-id.com/adam/image.png' },
          ],
        });
      }
      if (req.method === 'POST' && path === '/talks') {
        if (!body?.source_url || body?.script?.type !== 'text' || !body?.script?.input) return json(res, 400, { kind: 'ValidationError', description: 'validation failed' });
        const t: FakeTalk = { id: `tlk_${randomBytes(8).toString('hex')}`, status: 'created', source_url: body.source_url, script: body.script, polls: 0, fails: failTalks };
        talks.set(t.id, t);
        return json(res, 201, { id: t.id, object: 'talk', created_at: '2026-01-01T00:00:00.000Z', status: 'created' });
      }
      const m = /^\/talks\/([\w-]+)$/.exec(path);
      if (req.method === 'GET' && m) {
        const t = talks.get(m[1]!);
        if (!t) return json(res, 404, { kind: 'NotFoundError', description: 'talk not found' });
        // Each read moves the talk on: created → started → done (or error).
        t.polls += 1;
        t.status = t.polls === 1 ? 'started' : t.fails ? 'error' : 'done';
        return json(res, 200, talkJson(t));
      }
      json(res, 404, { kind: 'NotFoundError', description: 'not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    talks,
    requests,
    setOutage(next: Outage | null) {
      outage = next;
    },
    setFailTalks(value: boolean) {
      failTalks = value;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
