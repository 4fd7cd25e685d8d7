// `flock /tmp/bench.lock nice -n 19 scripts/node.sh node bench/media-storage.mjs [--reuse-build]`
// (issue 50, "Measure and report"): throughput of a static page and a picture through Caddy with the
// media on disk and in the bucket, in one run. Caddy runs twice with the repository's deploy/Caddyfile,
// side by side: once with MEDIA_ROOT (media on disk, Caddy's file_server) and once with MEDIA_S3_*
// (caddyMediaEnv of @app/front-door/caddy: Caddy proxies /media/* to the bucket, as on several hosts),
// the bucket being s3rver from npm in a process of its own (media-bucket-server.mjs) holding the same
// picture under the same key. Behind both, the real site server (site/server/main.ts) serving a real
// build of the demo content (the API's seed records as its snapshot, built by the site's own build
// worker, site/server/build-worker.ts, as the API's site builder runs it; no database, CMS or API).
//
// Measured with wrk (one client thread, BENCH_CONNECTIONS 50, BENCH_DURATION 8 s per figure),
// BENCH_ROUNDS (3) interleaved rounds, the median of each: a raw node:http hello world, a raw node:http
// server sending the page's very answer (headers and body, as Caddy sent it) and one sending the
// picture's; the free article page and the picture (a 1200×675 JPEG of about 50 KB) through the disk
// Caddy and through the bucket Caddy, with the headers a browser sends for each. Before measuring,
// each answer is checked once: 200, and the same bytes as the build's file and the picture's file
// (the page decoded from its Content-Encoding), so no figure can be an error page's.
// Printed: req/s (median, and each round), p99, each figure's ratio to the hello world and to the same
// bytes, bucket ÷ disk, the CPU each process spent per request (Caddy, the site server, s3rver), the
// connections Caddy opened to the bucket, and the load average. No figure is asserted.
// BENCH_PORT (4700) moves the ports (BENCH_PORT … +32); BENCH_ROUNDS=0 only checks the answers.
import { fork, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { seedRecords } from '@app/api/test/seed-content';
import { caddyMediaEnv, ensureCaddy } from '@app/front-door/caddy';
import { BUILD_CONTENT_FILE, currentBuildDir, linkDependencies, newBuildId, publishBuild, toSnapshot } from '@app/shared/server';
import { root } from '../scripts/lib/stack.mjs';
import { cpuTicks, loadWrk, median, rawGet as get, wrkInstalled } from './measure.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4700);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const reuseBuild = process.argv.includes('--reuse-build');
const dataDir = path.join(root, '.data/bench-media-storage');
const buildsDir = path.join(dataDir, 'site-builds');
const CADDYFILE = path.join(root, 'deploy/Caddyfile');
const BUCKET = 'media';
const PICTURE = 'harbour-at-dawn-1200x675.jpg';
const ports = { disk: PORT, bucket: PORT + 10, site: PORT + 20, s3: PORT + 21, hello: PORT + 30, samePage: PORT + 31, samePicture: PORT + 32 };

if (!wrkInstalled) throw new Error('this bench measures with wrk (Debian: apt-get install wrk)');
ensureCaddy();

// What Chrome sends for a page it navigates to, and for a picture on that page.
const BROWSER = {
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Accept-Encoding': 'gzip, deflate, br, zstd',
  'Accept-Language': 'en-GB,en;q=0.9',
};
const pageHeaders = {
  ...BROWSER,
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7',
  'Upgrade-Insecure-Requests': '1',
  'Sec-Fetch-Dest': 'document',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Site': 'none',
  'Sec-Fetch-User': '?1',
};
const pictureHeaders = (pageUrl) => ({ ...BROWSER, Accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', Referer: pageUrl, 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Site': 'same-origin' });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));


const decode = (body, encoding) => ({ br: brotliDecompressSync, gzip: gunzipSync, zstd: zstdDecompressSync })[encoding ?? '']?.(body) ?? body;

async function waitFor(url, what, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const status = await get(url).then((r) => r.status, () => 0);
    if (status === 200) return;
    await sleep(200);
  }
  throw new Error(`${what} did not answer 200 at ${url}`);
}

/** The demo content built by the site's own build worker into a builds folder, made live (what the API's site builder does, without its health check). */
async function buildSite() {
  const records = await seedRecords();
  const free = records.articles.filter((a) => a.membershipRequired === 'free' && !a.hasInteractiveElements).sort((a, b) => a.id - b.id)[0];
  if (reuseBuild && currentBuildDir(buildsDir)) return { free, dir: currentBuildDir(buildsDir), seconds: 0 };
  rmSync(buildsDir, { recursive: true, force: true });
  mkdirSync(buildsDir, { recursive: true });
  await linkDependencies(buildsDir, path.join(root, 'node_modules'));
  const id = newBuildId();
  const outDir = path.join(buildsDir, id);
  const contentFile = path.join(buildsDir, `${id}.${BUILD_CONTENT_FILE}`);
  writeFileSync(contentFile, JSON.stringify(toSnapshot(records, new Date().toISOString())));
  const started = Date.now();
  const siteDir = path.join(root, 'site');
  const worker = spawn(process.execPath, [path.join(siteDir, 'server/build-worker.ts')], {
    cwd: siteDir,
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_URL: `http://127.0.0.1:${ports.disk}` },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  worker.stdout.on('data', (d) => (output = (output + d).slice(-4000)));
  worker.stderr.on('data', (d) => (output = (output + d).slice(-4000)));
  try {
    await new Promise((resolve, reject) => {
      worker.on('exit', (code) => reject(new Error(`the build worker exited (${code})\n${output}`)));
      worker.on('message', (m) => {
        if (m.ready) worker.send({ id: 1, outDir, contentFile });
        else if (m.ok) resolve();
        else reject(new Error(`the site build failed: ${m.error}`));
      });
    });
  } finally {
    worker.removeAllListeners('exit');
    worker.kill('SIGTERM');
  }
  writeFileSync(path.join(outDir, BUILD_CONTENT_FILE), readFileSync(contentFile));
  rmSync(contentFile);
  await publishBuild(buildsDir, id);
  return { free, dir: outDir, seconds: (Date.now() - started) / 1000 };
}

/** A realistic photo-like JPEG (sky, sun, hills, water, film grain): about 50 KB, the same bytes every run. */
async function makePicture() {
  const [W, H] = [1200, 675];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6b26b"/><stop offset="0.55" stop-color="#fde2c0"/><stop offset="1" stop-color="#9fc5e8"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="#fff7d6"/><stop offset="1" stop-color="#fff7d6" stop-opacity="0"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/><circle cx="820" cy="300" r="160" fill="url(#sun)"/>
<path d="M0 430 C 200 360 380 420 560 380 S 900 330 1200 400 L1200 675 L0 675Z" fill="#6d8b74"/>
<path d="M0 520 C 240 470 420 540 700 500 S 1000 470 1200 520 L1200 675 L0 675Z" fill="#3f5e4a"/>
<path d="M0 600 L1200 590 L1200 675 L0 675Z" fill="#2b4c6f"/></svg>`;
  // sharp's noise is seeded per call from the same generator: not guaranteed the same, so the file is kept.
  const file = path.join(dataDir, 'picture.jpg');
  if (existsSync(file)) return readFileSync(file);
  const grain = await sharp({ create: { width: W, height: H, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 12 } } }).png().toBuffer();
  const jpeg = await sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  writeFileSync(file, jpeg);
  return jpeg;
}

/** Every process the bench started, stopped at the end (the last started first). */
const children = [];
const track = (child) => (children.push(child), child);
const stopAll = async () => {
  for (const c of children.reverse()) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGTERM');
      await Promise.race([new Promise((r) => c.once('exit', r)), sleep(5000)]);
    }
  }
};

/** Caddy with deploy/Caddyfile on `port`, the site server its only live upstream (the API and CMS a closed port: not measured). */
async function startCaddy(name, port, env) {
  const home = path.join(dataDir, `caddy-${name}`);
  mkdirSync(home, { recursive: true });
  const origin = `http://127.0.0.1:${port}`;
  const child = track(spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: home,
      XDG_CONFIG_HOME: home,
      CADDY_ADMIN: 'off',
      SITE_ADDRESS: origin,
      PUBLIC_URL: origin,
      OTHER_HOSTS_ADDRESS: `:${port + 2}`,
      INTERNAL_API_PORT: String(port + 1),
      API_UPSTREAMS: '127.0.0.1:9',
      CMS_UPSTREAM: '127.0.0.1:9',
      SITE_UPSTREAM: `127.0.0.1:${ports.site}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  }));
  let log = '';
  child.stderr.on('data', (d) => (log = (log + d).slice(-4000)));
  child.on('exit', (code) => code && console.log(`caddy (${name}) exited ${code}\n${log}`));
  // /api/* is the API's (a closed port here): the home page is the site server's, through this Caddy.
  await waitFor(`${origin}/`, `Caddy (${name})`);
  return { child, origin };
}

try {
  mkdirSync(dataDir, { recursive: true });
  const build = await buildSite();
  console.log(build.seconds ? `site built from the demo content in ${build.seconds.toFixed(0)} s (${path.relative(root, build.dir)})` : `the last build reused (${path.relative(root, build.dir)})`);
  const picture = await makePicture();
  const mediaDir = path.join(dataDir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  writeFileSync(path.join(mediaDir, PICTURE), picture);
  const emptyMedia = path.join(dataDir, 'no-media');
  mkdirSync(emptyMedia, { recursive: true });

  // The yardsticks, each a raw node:http server in its own process.
  const hello = track(fork(path.join(root, 'bench/baseline-server.mjs'), [String(ports.hello)]));
  await new Promise((r) => hello.once('message', r));

  // The bucket: s3rver in its own process, the picture put under the key /media/{name} reads.
  const s3Dir = path.join(dataDir, 's3rver');
  rmSync(s3Dir, { recursive: true, force: true });
  const s3 = track(fork(path.join(root, 'bench/media-bucket-server.mjs')));
  s3.send({ port: ports.s3, directory: s3Dir, bucket: BUCKET });
  await new Promise((r) => s3.once('message', r));
  const s3Url = `http://127.0.0.1:${ports.s3}`;
  const client = new S3Client({ region: 'us-east-1', endpoint: s3Url, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: PICTURE, Body: picture, ContentType: 'image/jpeg' }));
  client.destroy();
  const s3Connections = () => new Promise((r) => (s3.send('connections'), s3.once('message', (m) => r(m.connections))));

  // The site server as production runs it, on the build.
  const site = track(spawn(process.execPath, ['server/main.ts'], {
    cwd: path.join(root, 'site'),
    env: { ...process.env, NODE_ENV: 'production', SITE_PORT: String(ports.site), SITE_HOST: '127.0.0.1', SITE_BUILDS_DIR: buildsDir, API_URL: 'http://127.0.0.1:9', PUBLIC_URL: `http://127.0.0.1:${ports.disk}`, SITE_BUILDS_S3_BUCKET: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  }));
  await waitFor(`http://127.0.0.1:${ports.site}/api/ready`, 'the site server');

  const noBucket = { MEDIA_S3_BUCKET: '', MEDIA_S3_UPSTREAM: '', MEDIA_S3_PATH: '', MEDIA_S3_PREFIX: '' };
  const disk = await startCaddy('disk', ports.disk, { ...noBucket, MEDIA_ROOT: mediaDir });
  // MEDIA_ROOT empty: a picture it answers can only have come from the bucket.
  const bucketEnv = caddyMediaEnv({ MEDIA_S3_BUCKET: BUCKET, MEDIA_S3_PUBLIC_URL: `${s3Url}/${BUCKET}`, MEDIA_S3_PREFIX: '' });
  const bucket = await startCaddy('bucket', ports.bucket, { ...bucketEnv, MEDIA_ROOT: emptyMedia });
  console.log(`bucket Caddy: MEDIA_S3_UPSTREAM=${bucketEnv.MEDIA_S3_UPSTREAM} MEDIA_S3_PATH=${bucketEnv.MEDIA_S3_PATH}`);

  // The page's file in the build (format: 'file'), and its best brotli (the site server compresses
  // each page fast at once and at brotli's best once the build has stayed live 20 s: the answer
  // measured is the lasting one).
  const pagePath = `/articles/${build.free.id}`;
  const pageFile = readFileSync(path.join(build.dir, 'client', `${pagePath}.html`));
  for (let i = 0; i < 300; i++) {
    const etag = (await get(`${disk.origin}${pagePath}`, pageHeaders)).headers.etag ?? '';
    if (!etag.endsWith('-br5"')) break;
    await sleep(200);
  }

  // Each answer once, before any figure: 200 and the very bytes of the file.
  const answers = {};
  for (const caddy of [['disk', disk], ['bucket', bucket]]) {
    const [name, { origin }] = caddy;
    const page = await get(`${origin}${pagePath}`, pageHeaders);
    const pageBytes = decode(page.body, page.headers['content-encoding']);
    if (page.status !== 200 || !pageBytes.equals(pageFile)) throw new Error(`${name}: ${pagePath} answered ${page.status}, ${pageBytes.length} bytes (${page.headers['content-encoding'] ?? 'identity'}) — not the build's ${pageFile.length}-byte page`);
    const pic = await get(`${origin}/media/${PICTURE}`, pictureHeaders(`${origin}${pagePath}`));
    if (pic.status !== 200 || !pic.body.equals(picture) || pic.headers['content-type'] !== 'image/jpeg') throw new Error(`${name}: /media/${PICTURE} answered ${pic.status} ${pic.headers['content-type']}, ${pic.body.length} bytes — not the ${picture.length}-byte picture`);
    answers[name] = { page, pic };
    console.log(`${name}: ${pagePath} 200, ${page.body.length} bytes ${page.headers['content-encoding'] ?? 'identity'} (${pageFile.length} decoded, the build's file); /media/${PICTURE} 200, ${pic.body.length} bytes image/jpeg, the file's; picture headers: ${Object.keys(pic.headers).sort().join(' ')}`);
  }
  console.log('(the bucket Caddy’s MEDIA_ROOT is an empty folder: its picture came from the bucket)');

  // The same-bytes yardsticks: the disk Caddy's answers, headers and body, whatever is asked.
  const sameBytes = async (port, answer) => {
    const child = track(fork(path.join(root, 'bench/same-bytes-server.mjs')));
    child.send({ port, answers: { identity: { headers: answer.kept, body: answer.body.toString('base64') } } });
    await new Promise((r) => child.once('message', r));
    const check = await get(`http://127.0.0.1:${port}/`);
    if (check.status !== 200 || !check.body.equals(answer.body)) throw new Error('the same-bytes server does not send the answer');
  };
  await sameBytes(ports.samePage, answers.disk.page);
  await sameBytes(ports.samePicture, answers.disk.pic);

  const rows = [
    { label: 'raw node:http hello world', url: `http://127.0.0.1:${ports.hello}/`, headers: {} },
    { label: 'raw node:http, the page’s bytes', url: `http://127.0.0.1:${ports.samePage}/`, headers: pageHeaders, kind: 'yardstick' },
    { label: 'raw node:http, the picture’s bytes', url: `http://127.0.0.1:${ports.samePicture}/`, headers: pictureHeaders(`${disk.origin}${pagePath}`), kind: 'yardstick' },
    { label: 'page, Caddy (media on disk)', url: `${disk.origin}${pagePath}`, headers: pageHeaders, same: 1, caddy: disk.child, storage: 'disk' },
    { label: 'picture, Caddy (media on disk)', url: `${disk.origin}/media/${PICTURE}`, headers: pictureHeaders(`${disk.origin}${pagePath}`), same: 2, caddy: disk.child, storage: 'disk' },
    { label: 'page, Caddy (media in the bucket)', url: `${bucket.origin}${pagePath}`, headers: pageHeaders, same: 1, caddy: bucket.child, storage: 'bucket' },
    { label: 'picture, Caddy (media in the bucket)', url: `${bucket.origin}/media/${PICTURE}`, headers: pictureHeaders(`${bucket.origin}${pagePath}`), same: 2, caddy: bucket.child, storage: 'bucket' },
  ].map((r) => ({ ...r, runs: [], cpu: { caddy: [], site: [], s3: [] }, opened: [], loads: [] }));

  console.log(`\nwrk -t1 -c ${connections} -d ${duration}s, ${ROUNDS} interleaved rounds (load average before: ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  const loads = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const row of rows) {
      const ticks = { caddy: row.caddy ? cpuTicks(row.caddy.pid) : 0, site: cpuTicks(site.pid), s3: cpuTicks(s3.pid) };
      const opened = await s3Connections();
      const r = await loadWrk(row.url, { connections, duration, headers: row.headers });
      const requests = r.reqPerSec * duration;
      // CPU ms per 1,000 answers (ticks are 10 ms).
      const per = (now, before) => (requests ? ((now - before) * 10 * 1000) / requests : NaN);
      if (row.caddy) row.cpu.caddy.push(per(cpuTicks(row.caddy.pid), ticks.caddy));
      row.cpu.site.push(per(cpuTicks(site.pid), ticks.site));
      row.cpu.s3.push(per(cpuTicks(s3.pid), ticks.s3));
      row.opened.push((await s3Connections()) - opened);
      row.runs.push(r);
      const load = loadavg()[0];
      loads.push(load);
      console.log(`  round ${round}: ${row.label.padEnd(40)} ${String(Math.round(r.reqPerSec)).padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, socket errors ${r.errors})` : ''}  load ${load.toFixed(1)}`);
    }
  }

  if (ROUNDS === 0) throw Object.assign(new Error('BENCH_ROUNDS=0: the answers are checked, nothing measured'), { quiet: true });
  const rps = (row) => median(row.runs.map((r) => r.reqPerSec));
  const base = rps(rows[0]);
  console.log(`\nmedians of ${ROUNDS} rounds (load average during the run ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}; after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
  console.log(`| figure | req/s (rounds) | p99 ms | × hello world | × same bytes | CPU ms per 1,000: Caddy / site server / s3rver | connections opened to s3rver |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const m = rps(row);
    const same = row.same ? `${(m / rps(rows[row.same])).toFixed(3)}` : '';
    const cpu = row.caddy ? `${median(row.cpu.caddy).toFixed(0)} / ${median(row.cpu.site).toFixed(0)} / ${median(row.cpu.s3).toFixed(0)}` : '';
    const opened = row.caddy ? String(median(row.opened)) : '';
    const bad = row.runs.some((r) => r.non2xx || r.errors) ? ' (some non-2xx or socket errors: see the rounds)' : '';
    console.log(`| ${row.label} | ${Math.round(m)} (${row.runs.map((r) => Math.round(r.reqPerSec)).join(', ')})${bad} | ${median(row.runs.map((r) => r.p99))} | ${(m / base).toFixed(3)} | ${same} | ${cpu} | ${opened} |`);
  }
  const [, , , diskPage, diskPic, bucketPage, bucketPic] = rows;
  console.log(`\nbucket ÷ disk: page ${(rps(bucketPage) / rps(diskPage)).toFixed(3)} (the same path: a control), picture ${(rps(bucketPic) / rps(diskPic)).toFixed(3)}`);
} catch (err) {
  if (!err.quiet) throw err;
  console.log(err.message);
} finally {
  await stopAll();
}
