// One more API instance's chat socket, in a process of its own, for the fan-out test:
// `node api/test/chat-instance.ts` with DATABASE_URL; it reports its port over IPC.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '../src/db/client.ts';
import { attachChatServer } from '../src/ws/chat-server.ts';
import { silentLogger, TEST_ORIGIN } from './test-app.ts';

const databaseUrl = process.env.DATABASE_URL!;
const db = createDb(databaseUrl, 3);
const server = createServer((_req, res) => res.writeHead(404).end());
const chat = attachChatServer(server, { db, databaseUrl, logger: silentLogger, cookies: { secure: false }, origins: [TEST_ORIGIN] });
await chat.ready;
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port, pid: process.pid }));
process.on('disconnect', () => {
  void chat.close().then(() => db.$client.end()).finally(() => process.exit(0));
});
