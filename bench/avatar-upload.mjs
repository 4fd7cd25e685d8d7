// `node bench/avatar-upload.mjs` (issue 20's figures): upload-and-resize time of a 4 MB
// JPEG photo through POST /api/profile/avatar (median of 20; sharp decodes it and writes the 256
// and 64 px WebP squares), and the API process's RSS before and after 50 uploads. The API runs
// alone in its own process (bench/avatar-api.mjs) on a fresh database: DATABASE_URL names a
// server to create it on (default: the system PostgreSQL at 127.0.0.1:5432).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { root } from '../scripts/lib/stack.mjs';

const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_avatar_${randomBytes(4).toString('hex')}`;
const sql = async (text) => {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
};
await sql(`create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;

const api = fork(path.join(root, 'bench/avatar-api.mjs'), { env: { ...process.env, DATABASE_URL: url.toString() } });
const next = () => new Promise((r) => api.once('message', r));
const rss = async () => {
  api.send('rss');
  return (await next()).rss;
};
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

try {
  const { base } = await next();
  // A 12-megapixel photo-like JPEG of about 4 MB (smooth noise, as a real photo compresses).
  const photo = await sharp({ create: { width: 4032, height: 3024, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 25 } } }).blur(0.6).jpeg({ quality: 90 }).toBuffer();
  const origin = 'http://localhost:3000';
  const json = { 'content-type': 'application/json', origin };
  await fetch(`${base}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'bench_avatar', email: 'bench_avatar@example.com', password: 'bench-pass-1' }) });
  const login = await fetch(`${base}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'bench_avatar', password: 'bench-pass-1' }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const upload = async () => {
    const form = new FormData();
    form.append('avatar', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const started = performance.now();
    const res = await fetch(`${base}/api/profile/avatar`, { method: 'POST', headers: { origin, cookie }, body: form });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`upload answered ${res.status}`);
    return performance.now() - started;
  };

  const before = await rss();
  const times = [];
  for (let i = 0; i < 50; i++) times.push(await upload());
  const after = await rss();
  const first20 = times.slice(0, 20).sort((a, b) => a - b);
  const all = [...times].sort((a, b) => a - b);
  console.log(`avatar upload: a ${mb(photo.length)} MB, 4032×3024 JPEG → 256 and 64 px WebP, stored on local disk`);
  console.log(`  upload and resize: median of the first 20 ${((first20[9] + first20[10]) / 2).toFixed(0)} ms (min ${first20[0].toFixed(0)}, max ${first20[19].toFixed(0)}); over all 50: median ${((all[24] + all[25]) / 2).toFixed(0)} ms, p90 ${all[45].toFixed(0)} ms`);
  console.log(`  API RSS: ${mb(before)} MB before the uploads, ${mb(after)} MB after 50`);
} finally {
  api.kill();
  await sql(`drop database if exists ${name} with (force)`);
}
