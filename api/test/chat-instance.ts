// One more API instance's socket hub, in a process of its own, for the fan-out tests:
// `node api/test/chat-instance.ts` with DATABASE_URL; it reports its port over IPC. Wired as
// server.ts wires it: content changes, the caches and the hub's channels on one LISTEN connection;
// its content is the last snapshot the test's app saved (no CMS here).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDb } from '../src/db/client.ts';
import { createSessionCache } from '../src/domain/accounts/session-cache.ts';
import { createContentReadModel } from '../src/domain/content/content-read-model.ts';
import { createSnapshotStore } from '../src/domain/content/snapshot-store.ts';
import { createListCache } from '../src/domain/public-lists/list-cache.ts';
import { cacheSignals } from '../src/integrations/cache-signals.ts';
import { listenForContentChanges } from '../src/integrations/content-change-listener.ts';
import { createSignals } from '../src/integrations/signals.ts';
import { attachSocketHub } from '../src/ws/socket-hub.ts';
import { socketChannels } from '../src/ws/socket-channels.ts';
import { silentLogger, TEST_ORIGIN } from './test-app.ts';

const databaseUrl = process.env.DATABASE_URL!;
const db = createDb(databaseUrl, 3);
const content = createContentReadModel({ source: { load: () => Promise.reject(new Error('no CMS in this process')) }, snapshots: createSnapshotStore(db), logger: silentLogger });
await content.start();
const signals = createSignals({ databaseUrl, logger: silentLogger });
listenForContentChanges({ signals, onChange: () => void content.refresh() });
const sessionCache = createSessionCache({ signals: cacheSignals(signals) });
createListCache({ signals: cacheSignals(signals) });
const server = createServer((_req, res) => res.writeHead(404).end());
const hub = attachSocketHub(server, { db, logger: silentLogger, cookies: { secure: false }, origins: [TEST_ORIGIN], sessionCache, channels: socketChannels({ db, logger: silentLogger, signals, isArticle: (id) => content.current().articles.has(id), presenceTiming: process.env.PRESENCE_TIMING ? JSON.parse(process.env.PRESENCE_TIMING) : undefined }) });
await signals.start();
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port, pid: process.pid }));
// Closed when the test disconnects: within 10 s, or it says which step had not finished and ends
// anyway (a file's afterAll waits for these processes: under CI's load a close once held it past its
// 60 s bound, every test passed, session 42).
process.on('disconnect', () => {
  let closing = 'the socket hub';
  setTimeout(() => {
    console.error(`chat instance ${process.pid}: ${closing} had not closed after 10 s; ending the process`);
    process.exit(0);
  }, 10_000).unref();
  void hub
    .close()
    .then(() => ((closing = 'the LISTEN connection'), signals.stop()))
    .then(() => ((closing = 'the database pool'), db.$client.end()))
    .finally(() => process.exit(0));
});
