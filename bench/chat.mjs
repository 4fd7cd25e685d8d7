// `node bench/chat.mjs` (also run by `npm run bench`): the community's figures.
//  - 1,000 sockets in one room: latency from a send to each delivery (p50 / p99) and deliveries
//    per second, while 20 members take turns sending (within the 20-per-30-s limit each);
//  - the API's RSS with 5,000 more idle, authenticated sockets open;
//  - GET /api/bulletin as a ratio to a raw node:http hello world measured in the same run.
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import WebSocket from 'ws';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { load, treeRssMb } from './measure.mjs';

const PORT = 3600;
const LISTENERS = Number(process.env.BENCH_CHAT_LISTENERS ?? 1000);
const IDLE = Number(process.env.BENCH_CHAT_IDLE ?? 5000);
const SENDERS = 20;
// 10 each in the burst and one more each one at a time: 11 of the 20 per 30 s a member may send.
const PER_SENDER = 10;

const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['3996']);
await new Promise((r) => baseline.once('message', r));
const dataDir = path.join(root, '.data/bench-chat');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54379, env: { LOG_LEVEL: 'warn', REGISTER_LIMIT_PER_HOUR: '100000', REGISTER_DOMAIN_BURST: '100000' }, log: () => {} });
const origin = stack.url;
const api = stack.env.API_URL;
const wsUrl = `${api.replace('http', 'ws')}/ws`;
const json = { 'content-type': 'application/json', origin };

async function member(username) {
  const res = await fetch(`${api}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ username, email: `${username}@example.com`, password: 'bench-pass-1' }) });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** An authenticated socket, resolved once the server has welcomed it (and joined the room, if given). */
function socket(cookie, roomId, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { cookie }, origin });
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'welcome' && !roomId) resolve(ws);
      if (m.type === 'welcome' && roomId) ws.send(JSON.stringify({ type: 'join', roomId }));
      if (m.type === 'history' && m.roomId === roomId) resolve(ws);
      onMessage?.(m);
    });
  });
}

async function inBatches(count, size, make) {
  const out = [];
  for (let i = 0; i < count; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  const listenerCookies = await Promise.all(Array.from({ length: 10 }, (_, i) => member(`bench_listener_${i}`)));
  const senderCookies = await Promise.all(Array.from({ length: SENDERS }, (_, i) => member(`bench_sender_${i}`)));
  const rooms = await (await fetch(`${api}/api/chat/rooms`, { headers: { cookie: listenerCookies[0] } })).json();
  const roomId = rooms.find((r) => r.membershipRequired === 'free').id;

  const sentAt = new Map();
  const latencies = [];
  let lastDelivery = 0;
  const onMessage = (m) => {
    if (m.type !== 'message') return;
    const t = sentAt.get(m.message.content);
    if (t === undefined) return;
    const now = performance.now();
    latencies.push(now - t);
    lastDelivery = now;
  };
  const listeners = await inBatches(LISTENERS, 100, (i) => socket(listenerCookies[i % listenerCookies.length], roomId, onMessage));
  const senders = await inBatches(SENDERS, 20, (i) => socket(senderCookies[i], roomId));
  const rssBefore = treeRssMb(stack.services.api.child.pid);

  const expected = SENDERS * PER_SENDER * LISTENERS;
  const started = performance.now();
  for (let round = 0; round < PER_SENDER; round++) {
    for (const [i, s] of senders.entries()) {
      const content = `bench ${round}-${i}`;
      sentAt.set(content, performance.now());
      s.send(JSON.stringify({ type: 'message', roomId, content }));
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const deadline = Date.now() + 60_000;
  while (latencies.length < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  latencies.sort((a, b) => a - b);
  const seconds = (lastDelivery - started) / 1000;
  console.log(`chat: ${LISTENERS} sockets in one room, ${SENDERS * PER_SENDER} messages from ${SENDERS} members`);
  console.log(`  delivered ${latencies.length} of ${expected} in ${seconds.toFixed(2)} s: ${Math.round(latencies.length / seconds)} deliveries/s`);
  console.log(`  burst: send → delivery latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms`);

  // One message at a time (the next once all 1,000 have it): the latency of a broadcast without a queue.
  const single = [];
  for (let i = 0; i < 20; i++) {
    const content = `single ${i}`;
    const have = latencies.length;
    const t = performance.now();
    sentAt.set(content, t);
    senders[i % SENDERS].send(JSON.stringify({ type: 'message', roomId, content }));
    while (latencies.length < have + LISTENERS) await new Promise((r) => setImmediate(r));
    single.push(...latencies.slice(have));
    await new Promise((r) => setTimeout(r, 1600));
  }
  single.sort((a, b) => a - b);
  console.log(`  one message at a time to ${LISTENERS} sockets: latency p50 ${percentile(single, 50).toFixed(0)} ms, p99 ${percentile(single, 99).toFixed(0)} ms`);
  for (const s of [...listeners, ...senders]) s.close();

  const idle = await inBatches(IDLE, 250, (i) => socket(listenerCookies[i % listenerCookies.length]));
  await new Promise((r) => setTimeout(r, 2000));
  console.log(`  API RSS: ${rssBefore} MB with ${LISTENERS + SENDERS} sockets; ${treeRssMb(stack.services.api.child.pid)} MB with ${idle.length} idle authenticated sockets`);
  for (const s of idle) s.close();

  const before = await load('http://127.0.0.1:3996/', { connections: 50, duration: 10 });
  const bulletin = await load(`${api}/api/bulletin`, { connections: 50, duration: 10 });
  const after = await load('http://127.0.0.1:3996/', { connections: 50, duration: 10 });
  const base = before.reqPerSec > after.reqPerSec ? before : after;
  console.log(`  raw node:http hello world ${Math.round(base.reqPerSec)} req/s; GET /api/bulletin (API port) ${Math.round(bulletin.reqPerSec)} req/s, p99 ${bulletin.p99} ms: ${(bulletin.reqPerSec / base.reqPerSec).toFixed(3)}×`);
} finally {
  await stack.stop();
  baseline.kill();
}
