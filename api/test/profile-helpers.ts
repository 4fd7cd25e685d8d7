import sharp from 'sharp';
import { TEST_ORIGIN } from './test-app.ts';

/** Posts a file as the avatar form does (multipart, field `avatar`) with a browser client's cookies. */
export async function postAvatar(base: string, cookies: Map<string, string>, bytes: Buffer, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${base}/api/profile/avatar`, { method: 'POST', body: form, headers: { origin: TEST_ORIGIN, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A plain picture of the given size and format. */
export function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })[format]().toBuffer();
}
