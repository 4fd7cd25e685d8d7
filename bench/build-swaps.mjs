// `node bench/build-swaps.mjs [N]`: the site server's memory across N site builds published one
// after another (default 40; issue 53 #5). A real build (the live one of `npm start`'s builds,
// .data/site-builds, or BENCH_BUILD_DIR) is copied under a new build id each time (each copy is
// a distinct module graph, as each real build is) and published; the site server (site/server/
// main.ts, with deploy/shape.mjs's SITE_PROCESS_ENV, or without it under BENCH_MALLOC=default)
// swaps to it, and pages rendered on demand and static ones are read from it. The server is started
// as the production shape starts it (serviceCommand: deploy/shape.mjs's SITE_NODE_FLAGS), or
// without those flags under BENCH_FLAGS=default. Its RSS is printed every five builds, with a raw
// `node:http` server's for the ratio; then the growth per build over the second half (the first builds fill malloc's arenas and V8's heap to their working size).
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { linkDependencies, publishBuild } from '@app/shared/server';
import { SITE_NODE_FLAGS, SITE_PROCESS_ENV } from '../deploy/shape.mjs';
import { serviceCommand } from '../scripts/lib/production-shape.mjs';
import { root, waitFor } from '../scripts/lib/stack.mjs';
import { rssMb } from './measure.mjs';

const BUILDS = Number(process.argv[2] ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 4431);
const RAW_PORT = PORT + 1;
const READS = ['/search?q=habits', '/cart', '/nothing-here', '/'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const liveDir = path.join(root, '.data/site-builds');
const source = process.env.BENCH_BUILD_DIR ?? (existsSync(path.join(liveDir, 'current')) ? path.join(liveDir, readFileSync(path.join(liveDir, 'current'), 'utf8').trim()) : null);
if (!source || !existsSync(path.join(source, 'server/entry.mjs'))) {
  console.error('No site build to copy: run `npm start` once (it builds the site into .data/site-builds), or set BENCH_BUILD_DIR.');
  process.exit(1);
}
// Inside the repository, so the builds' packages resolve through the folder's node_modules link.
const buildsDir = mkdtempSync(path.join(root, '.data/bench-build-swaps-'));
await linkDependencies(buildsDir, path.join(root, 'node_modules'));
const firstId = Date.now();
const publish = async (i) => {
  const id = `b${firstId + i}`;
  cpSync(source, path.join(buildsDir, id), { recursive: true });
  await publishBuild(buildsDir, id);
  return id;
};
await publish(0);

const malloc = process.env.BENCH_MALLOC === 'default' ? {} : SITE_PROCESS_ENV;
const node = process.execPath;
const command = serviceCommand('site');
const args = process.env.BENCH_FLAGS === 'default' ? command.args.filter((arg) => !SITE_NODE_FLAGS.includes(arg)) : command.args;
const site = spawn(node, args, { cwd: command.cwd, env: { ...process.env, ...malloc, SITE_PORT: String(PORT), SITE_HOST: '127.0.0.1', SITE_BUILDS_DIR: buildsDir }, stdio: ['ignore', 'pipe', 'inherit'] });
const raw = spawn(node, ['-e', `require('node:http').createServer((q, s) => s.end('hello')).listen(${RAW_PORT}, '127.0.0.1')`], { stdio: 'ignore' });
let served = '';
site.stdout.on('data', (chunk) => {
  const match = /serving site build (b\d+)/.exec(chunk.toString());
  if (match) served = match[1];
});
const stop = () => {
  site.kill();
  raw.kill();
  rmSync(buildsDir, { recursive: true, force: true });
};
process.on('SIGINT', () => (stop(), process.exit(130)));

async function until(id) {
  for (let waited = 0; served !== id; waited += 50) {
    if (waited > 60_000) throw new Error(`the site server did not serve ${id} within a minute`);
    await sleep(50);
  }
}
async function read() {
  for (let round = 0; round < 20; round++) for (const p of READS) await (await fetch(`http://127.0.0.1:${PORT}${p}`)).arrayBuffer();
}

try {
  await until(`b${firstId}`);
  await waitFor(`http://127.0.0.1:${PORT}/api/ready`, { timeoutMs: 30_000, ok: (status) => status === 200 });
  await read();
  await sleep(1000);
  const rawRss = rssMb(raw.pid);
  const rows = [[0, rssMb(site.pid)]];
  console.log(`node ${args.join(' ')}; malloc: ${process.env.BENCH_MALLOC === 'default' ? 'glibc defaults' : 'SITE_PROCESS_ENV'}; raw node:http ${rawRss} MB`);
  console.log(`builds 0: site server ${rows[0][1]} MB (×${(rows[0][1] / rawRss).toFixed(1)} raw)`);
  for (let i = 1; i <= BUILDS; i++) {
    await until(await publish(i));
    await read();
    // The replaced build's thread ends once its requests are answered.
    await sleep(500);
    rmSync(path.join(buildsDir, `b${firstId + i - 1}`), { recursive: true, force: true });
    if (i % 5 === 0 || i === BUILDS) {
      rows.push([i, rssMb(site.pid)]);
      console.log(`builds ${i}: site server ${rows.at(-1)[1]} MB (×${(rows.at(-1)[1] / rawRss).toFixed(1)} raw)`);
    }
  }
  const half = rows.find(([i]) => i >= BUILDS / 2);
  const last = rows.at(-1);
  // Fewer than ten builds have one row past the middle: no second half to measure.
  if (half[0] === last[0]) console.log('growth: too few builds to tell (give 10 or more)');
  else console.log(`growth over builds ${half[0]}–${last[0]}: ${(last[1] - half[1]).toFixed(1)} MB, ${((last[1] - half[1]) / (last[0] - half[0])).toFixed(2)} MB a build`);
} finally {
  stop();
}
