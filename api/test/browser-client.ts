import { TEST_ORIGIN } from './test-app.ts';

/** A tiny browser stand-in: keeps cookies like a browser and sends our Origin on writes. */
export function browserClient(base: string, origin = TEST_ORIGIN) {
  const jar = new Map<string, string>();
  let lastSetCookie: string[] = [];
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (jar.size) h.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') h.origin ??= origin;
    if (body !== undefined) h['content-type'] = 'application/json';
    const res = await fetch(base + path, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body) });
    lastSetCookie = res.headers.getSetCookie();
    for (const c of lastSetCookie) {
      const [pair, ...attrs] = c.split(';');
      const [name, value] = pair!.split('=');
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || !value) jar.delete(name!.trim());
      else jar.set(name!.trim(), value.trim());
    }
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body ?? {}, headers),
    put: (path: string, body?: unknown) => call('PUT', path, body ?? {}),
    delete: (path: string, body?: unknown) => call('DELETE', path, body),
    cookies: jar,
    setCookieHeaders: () => lastSetCookie,
  };
}
