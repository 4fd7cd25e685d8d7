import { untilClosed as untilClosedAt } from '@app/test-support/raw-connection';
import { WebSocket } from 'ws';
import { SHAPE_PORT } from '../../playwright.production-shape.config';
import { expect, test } from '../e2e/test';
import { client, type Json, PAST_CADDY_TIMEOUTS_MS, PUBLIC_URL, SHAPE_ADMIN, newMember } from './shape';

// Caddy at the edge of the production shape (issue 34): connections that never finish a request
// are closed (slowloris), the chat's upgraded sockets are not, and Caddy names every request.
const HOST = new URL(PUBLIC_URL).host;

const untilClosed = (bytes: string) => untilClosedAt(SHAPE_PORT, bytes);

test('Caddy closes a connection whose headers never end, and one whose announced body never comes', async () => {
  const [slowHeaders, missingBody] = await Promise.all([
    untilClosed(`GET /api/health HTTP/1.1\r\nHost: ${HOST}\r\nX-Slow: 1\r\n`),
    untilClosed(`POST /api/login HTTP/1.1\r\nHost: ${HOST}\r\nOrigin: ${PUBLIC_URL}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"username":`),
  ]);
  expect(slowHeaders).toBe('');
  // Whatever Caddy says as it closes (Caddy 2.6: an empty answer), the API never answered the
  // half-sent sign-in: its every answer carries an X-Request-Id.
  expect(missingBody).not.toMatch(/x-request-id/i);
});

test('Caddy closes a kept-alive connection left idle after its answer', async () => {
  const received = await untilClosed(`GET /api/health HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`);
  expect(received).toMatch(/^HTTP\/1\.1 200 [^]*"instance"/);
});

test('a chat socket left quiet past every Caddy timeout still carries messages', async () => {
  const admin = client();
  expect((await admin.post('/api/login', SHAPE_ADMIN)).status).toBe(200);
  const room = await admin.post('/api/chat/rooms', { name: `Quiet room ${Date.now() % 100000}`, description: 'Kept open past the timeouts.' });
  expect(room.status, room.text).toBe(201);
  const member = await newMember('free');
  const ws = new WebSocket(`${PUBLIC_URL.replace('http', 'ws')}/ws`, { headers: { origin: PUBLIC_URL, cookie: [...member.http.jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
  const received: Json[] = [];
  ws.on('message', (raw) => received.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  await new Promise((r) => setTimeout(r, PAST_CADDY_TIMEOUTS_MS));
  ws.send(JSON.stringify({ type: 'join', roomId: room.body.id }));
  await expect.poll(() => received.some((m) => m.type === 'joined'), { timeout: 10_000 }).toBe(true);
  ws.send(JSON.stringify({ type: 'message', roomId: room.body.id, content: 'Still connected' }));
  await expect.poll(() => received.some((m) => m.type === 'message' && m.message?.content === 'Still connected'), { timeout: 10_000 }).toBe(true);
  ws.close();
});

test('Caddy names every request: a visitor’s own X-Request-Id never reaches the API', async () => {
  const ids = [];
  for (let i = 0; i < 2; i++) {
    const res = await fetch(`${PUBLIC_URL}/api/health`, { headers: { 'x-request-id': 'chosen-by-visitor-1' } });
    expect(res.status).toBe(200);
    ids.push(res.headers.get('x-request-id'));
  }
  expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(ids[1]).not.toBe(ids[0]);
});
