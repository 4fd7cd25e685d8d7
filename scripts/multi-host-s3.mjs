// The data host's S3-compatible server for `npm run start:multi-host`: s3rver (npm; the tests'
// stand-in for AWS S3, R2, MinIO …), its objects in a folder, its buckets made at start.
// Production points MEDIA_S3_* and SITE_BUILDS_S3_* at a real endpoint instead.
// With S3_TLS_PORT it answers over https too, on that port, from the same folder (one object
// storage, two endpoints): pgBackRest speaks only TLS to S3, and its WAL and base backups go to a
// bucket of their own there (S3_TLS_BUCKETS), never to the public media bucket.
// Env: S3_ADDRESS, S3_PORT, S3_DIR, S3_BUCKETS (comma-separated); S3_TLS_PORT, S3_TLS_KEY,
// S3_TLS_CERT (files), S3_TLS_BUCKETS.
import { readFileSync } from 'node:fs';
import S3rver from 's3rver';

const list = (v) => (v ?? '').split(',').filter(Boolean);
const buckets = list(process.env.S3_BUCKETS);
const address = process.env.S3_ADDRESS ?? '0.0.0.0';
const servers = [
  new S3rver({
    address,
    port: Number(process.env.S3_PORT ?? 4569),
    directory: process.env.S3_DIR,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  }),
];
if (process.env.S3_TLS_PORT) {
  servers.push(new S3rver({
    address,
    port: Number(process.env.S3_TLS_PORT),
    directory: process.env.S3_DIR,
    silent: true,
    key: readFileSync(process.env.S3_TLS_KEY),
    cert: readFileSync(process.env.S3_TLS_CERT),
    configureBuckets: list(process.env.S3_TLS_BUCKETS).map((name) => ({ name, configs: [] })),
  }));
}
for (const [i, server] of servers.entries()) {
  const { address: a, port } = await server.run();
  console.log(`s3rver listening on ${i ? 'https' : 'http'}://${a}:${port} (buckets: ${(i ? list(process.env.S3_TLS_BUCKETS) : buckets).join(', ')})`);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void Promise.all(servers.map((s) => s.close())).finally(() => process.exit(0)));
}
