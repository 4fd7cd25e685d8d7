import { z } from 'zod';

/**
 * A chat socket handed over by `npm start`'s front door (DESIGN §3): instead of relaying every
 * frame of every socket through a second connection, the door sends the client's own connection
 * (a file descriptor, over Node's IPC channel) through the supervisor to the API, with the upgrade
 * request as the door would have passed it on. Behind Caddy (the production shape) nothing is
 * handed over: Caddy proxies the socket.
 */
export const SOCKET_HAND_OFF = 'socket-hand-off';

/** The most bytes the door may have read past the upgrade's headers (a client sends nothing before the answer). */
const MAX_HEAD_BYTES = 64 * 1024;

export const SocketHandOffSchema = z.object({
  type: z.literal(SOCKET_HAND_OFF),
  url: z.string().startsWith('/').max(4096),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  /** Base64 of what the door read past the headers. */
  head: z.base64().max(Math.ceil(MAX_HEAD_BYTES / 3) * 4),
});
export type SocketHandOff = z.infer<typeof SocketHandOffSchema>;

type Headers = Record<string, string | string[] | undefined>;

/**
 * The upgrade request as the door's proxy (http-proxy-3 with `xfwd`) would pass it on: the
 * client's address, the Host's port and the scheme appended to what the client sent, and
 * X-Forwarded-Host, so the API reads the same client address either way.
 */
export function socketHandOff(req: { url?: string; headers: Headers }, client: { address?: string; encrypted: boolean }, head: Buffer): SocketHandOff {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = value;
  const host = typeof headers.host === 'string' ? headers.host : '';
  const forwarded = { for: client.address ?? '', port: /:(\d+)/.exec(host)?.[1] ?? (client.encrypted ? '443' : '80'), proto: client.encrypted ? 'wss' : 'ws' };
  for (const [key, value] of Object.entries(forwarded)) {
    const name = `x-forwarded-${key}`;
    const before = headers[name];
    headers[name] = before ? `${Array.isArray(before) ? before.join(',') : before},${value}` : value;
  }
  headers['x-forwarded-host'] ??= host;
  return { type: SOCKET_HAND_OFF, url: req.url ?? '/', headers, head: head.toString('base64') };
}
