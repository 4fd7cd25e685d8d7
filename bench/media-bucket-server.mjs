// The media bucket of bench/media-storage.mjs in a process of its own, as the data host runs it
// (npm run start:multi-host: s3rver on bs-data): s3rver from npm with one empty bucket. Started with
// fork(); the first message is { port, directory, bucket }, answered { ready: true } once it listens.
// Then 'connections' is answered { connections }: the TCP connections it has accepted so far (how
// many the edge opened to it).
import S3rver from 's3rver';

process.once('message', async ({ port, directory, bucket }) => {
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  let connections = 0;
  server.httpServer.on('connection', () => (connections += 1));
  process.on('message', (m) => m === 'connections' && process.send({ connections }));
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true });
});
