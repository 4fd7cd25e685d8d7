// The data host's S3-compatible server for `npm run start:multi-host`: s3rver (npm; the tests'
// stand-in for AWS S3, R2, MinIO …), its objects in a folder, its buckets made at start.
// Production points MEDIA_S3_* and SITE_BUILDS_S3_* at a real endpoint instead.
// Env: S3_ADDRESS, S3_PORT, S3_DIR, S3_BUCKETS (comma-separated).
import S3rver from 's3rver';

const buckets = (process.env.S3_BUCKETS ?? '').split(',').filter(Boolean);
const server = new S3rver({
  address: process.env.S3_ADDRESS ?? '0.0.0.0',
  port: Number(process.env.S3_PORT ?? 4569),
  directory: process.env.S3_DIR,
  silent: true,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});
const { address, port } = await server.run();
console.log(`s3rver listening on ${address}:${port} (buckets: ${buckets.join(', ')})`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void server.close().finally(() => process.exit(0)));
}
