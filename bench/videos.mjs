// `node bench/videos.mjs` (also run by `npm run bench`): the videos' figures.
// GET /api/youtube/videos (visitor and signed in) and GET /api/favorites (signed in) as ratios to
// a raw node:http hello world measured in the same run, and the wall time of a channel sync of
// 500 videos against a local stand-in for the YouTube Data API (through the real CMS).
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startFakeYouTube } from '@app/test-support/fake-youtube';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { load } from './measure.mjs';
import { demoAdminCookie } from './demo-admin.mjs';

const PORT = 3700;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const COUNT = 500;

const videos = Array.from({ length: COUNT }, (_, i) => ({ id: `bench${String(i).padStart(5, '0')}`, title: `Bench video ${i}`, description: `Lesson number ${i}`, duration: 'PT7M30S', views: 1000 + i }));
const youtube = await startFakeYouTube({ key: 'bench-key', handle: '@bench', videos });
const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['3995']);
await new Promise((r) => baseline.once('message', r));
const dataDir = path.join(root, '.data/bench-videos');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({
  dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54389, log: () => {},
  env: { LOG_LEVEL: 'warn', YOUTUBE_API_KEY: 'bench-key', YOUTUBE_API_URL: youtube.url, YOUTUBE_CHANNEL_HANDLE: '@bench', VIDEO_SYNC_CHECK_INTERVAL_MS: String(24 * 3600_000) },
});
const api = stack.env.API_URL;
const json = { 'content-type': 'application/json', origin: stack.url };
const signIn = async (username, password) => {
  const res = await fetch(`${api}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ username, password }) });
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
};

try {
  const admin = await demoAdminCookie(api, stack.url);
  const started = performance.now();
  const res = await fetch(`${api}/api/youtube/sync`, { method: 'POST', headers: { ...json, cookie: admin }, body: JSON.stringify({ maxResults: COUNT }) });
  const run = await res.json();
  console.log(`videos: sync of ${COUNT} channel videos (fake YouTube → API → real CMS, read model refreshed): ${((performance.now() - started) / 1000).toFixed(2)} s — ${res.status} ${run.status ?? run.message}, ${run.added} added`);
  const again = performance.now();
  const second = await (await fetch(`${api}/api/youtube/sync`, { method: 'POST', headers: { ...json, cookie: admin }, body: JSON.stringify({ maxResults: COUNT }) })).json();
  console.log(`  the same ${COUNT} again (nothing new): ${((performance.now() - again) / 1000).toFixed(2)} s — ${second.added} added, ${second.updated} updated`);

  const member = await signIn('pro_member', 'pro-demo-pass');
  const list = await (await fetch(`${api}/api/youtube/videos`)).json();
  for (const v of list.slice(0, 20)) await fetch(`${api}/api/favorites/${v.id}`, { method: 'POST', headers: { ...json, cookie: member } });

  const before = await load('http://127.0.0.1:3995/', { connections, duration });
  const rows = [
    [`GET /api/youtube/videos (${list.length} videos, visitor)`, await load(`${api}/api/youtube/videos`, { connections, duration })],
    ['GET /api/youtube/videos (signed in)', await load(`${api}/api/youtube/videos`, { connections, duration, headers: { cookie: member } })],
    ['GET /api/favorites (20 saved, signed in)', await load(`${api}/api/favorites`, { connections, duration, headers: { cookie: member } })],
  ];
  const after = await load('http://127.0.0.1:3995/', { connections, duration });
  const base = before.reqPerSec > after.reqPerSec ? before : after;
  console.log(`  autocannon -c ${connections} -d ${duration}; raw node:http hello world ${Math.round(base.reqPerSec)} req/s`);
  for (const [label, r] of rows) console.log(`  ${label.padEnd(46)} ${String(Math.round(r.reqPerSec)).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${(r.reqPerSec / base.reqPerSec).toFixed(3)}×${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`);
} finally {
  await stack.stop();
  baseline.kill();
  await youtube.close();
}
