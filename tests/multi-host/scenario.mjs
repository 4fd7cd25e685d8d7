// The multi-host fault run (issue 50 #4), shared by the short check (tests/multi-host/
// hosts.test.mjs, in CI) and the long benchmark (bench/multi-host.mjs). As root it starts
// `npm run start:multi-host`'s hosts (scripts/lib/multi-host.mjs) on a data folder of its own, then:
// an editor uploads a picture through the CMS and publishes an article using it; both app hosts
// serve the page and the picture; every process of bs-app1 is killed while a reader loads pages,
// pictures and signed-in API reads and two members chat; bs-app1 is started again with the
// README's command and must serve the current version before it takes traffic; a third host is
// added with the README's command and must serve the current version. Returns the figures and
// the checks that failed; never asserts on time.
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { totpCode } from '@app/test-support/second-factor';
import { png } from '../../bench/archive-files.mjs';
import { startMultiHost } from '../../scripts/lib/multi-host.mjs';
import { killHost, ourNamespaces } from '../../scripts/lib/netns.mjs';
import { root } from '../../scripts/lib/stack.mjs';
import { scenarioRecord } from './scenario-record.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The site's first admin (ADMIN_USERNAME/ADMIN_PASSWORD, production mode: no demo accounts). */
export const ADMIN = { username: 'hosts_admin', password: 'Hosts-admin-pass-2026', email: 'hosts-admin@example.com' };
/** The first CMS admin with their authenticator key (CMS_ADMIN_TOTP_SECRET): a password alone opens no CMS session (issue 52). */
export const EDITOR = { email: 'editor@hosts.test', password: 'Editor-hosts-pass-2026', totpSecret: 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA' };
const MEMBER_PASSWORD = 'member-hosts-pass-1';

/**
 * Starts `npm run start:multi-host`'s hosts for a scenario, fresh, on `dataDir`, with the first
 * admins above: the replicated database (two database hosts under Patroni) unless `database` says
 * 'single'. Scenarios given this run (`options.run`) leave it running for the next one.
 * @param {{ dataDir: string, publicUrl?: string, log: (name: string, line: string) => void, database?: 'replicated' | 'single' }} options
 */
export function startScenarioHosts({ dataDir, publicUrl, log, database = 'replicated' }) {
  return startMultiHost({
    fresh: true,
    dataDir,
    publicUrl,
    database,
    log,
    env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_EMAIL: ADMIN.email, CMS_ADMIN_EMAIL: EDITOR.email, CMS_ADMIN_PASSWORD: EDITOR.password, CMS_ADMIN_TOTP_SECRET: EDITOR.totpSecret, LOG_LEVEL: 'warn' },
  });
}

/** The first CMS admin signed in through `url` (password and authenticator code), as a cookie-keeping client. */
export async function signedInEditor(url) {
  const editor = client(url);
  const login = await editor.post('/cms/api/users/login', { email: EDITOR.email, password: EDITOR.password, code: totpCode(EDITOR.totpSecret) });
  if (login.status !== 200) throw new Error(`CMS sign-in answered ${login.status}: ${login.text.slice(0, 200)}`);
  return editor;
}

/** The content version a page carries (`<meta name="content-version">`). */
const versionOf = (html) => /<meta name="content-version" content="([^"]+)"/.exec(html)?.[1] ?? null;

/** A GET read whole: its status and text, status 0 when it could not be read within `ms`. */
export async function read(url, ms = 5000) {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(ms) });
    return { status: r.status, text: await r.text() };
  } catch {
    return { status: 0, text: '' };
  }
}

/** A cookie-keeping client of one origin. */
export function client(base, origin = base) {
  const jar = new Map();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function call(method, p, { json, form, headers = {} } = {}) {
    const res = await fetch(base + p, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
      headers: { origin, ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...(jar.size ? { cookie: cookie() } : {}), ...headers },
      body: json === undefined ? form : JSON.stringify(json),
    });
    for (const c of res.headers.getSetCookie()) {
      const [k, ...v] = c.split(';')[0].split('=');
      jar.set(k, v.join('='));
    }
    const text = await res.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, text, headers: res.headers };
  }
  return { cookie, get: (p, o) => call('GET', p, o), post: (p, json, o) => call('POST', p, { json, ...o }), patch: (p, json) => call('PATCH', p, { json }), call };
}

/** Runs `npm run multi-host -- ARGS` as the README gives it; resolves with its output. */
function readmeCommand(args, dataDir) {
  return new Promise((resolve, reject) => {
    execFile('bash', [path.join(root, 'scripts/run.sh'), 'multi-host', ...args], { cwd: root, env: { ...process.env, DATA_DIR: dataDir } }, (err, stdout, stderr) => (err ? reject(new Error(`${args.join(' ')}: ${stderr || err.message}`)) : resolve(stdout.trim())));
  });
}

/** GET over Caddy's admin socket. */
function caddyAdmin(socketPath, p) {
  return new Promise((resolve, reject) => {
    // Caddy's admin socket takes only requests with an empty Host.
    http.get({ socketPath, path: p, setHost: false, headers: { Host: '' } }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve(JSON.parse(text)));
    }).on('error', reject);
  });
}

/**
 * With `run` (from startScenarioHosts), the scenario uses those hosts and leaves them running;
 * without it, it starts its own and stops them at the end.
 * @param {{ killSeconds?: number, readers?: number, publishRuns?: number, dataDir?: string, publicUrl?: string,
 *   say?: (line: string) => void, run?: Awaited<ReturnType<typeof startMultiHost>> }} options
 */
export async function runMultiHostScenario(options = {}) {
  const killSeconds = options.killSeconds ?? 8;
  const readers = options.readers ?? 3;
  const publishRuns = options.publishRuns ?? 1;
  const dataDir = options.dataDir ?? '/tmp/better-self-multi-host-run';
  const say = options.say ?? console.log;
  const { figures, failures, check, logLines, log } = scenarioRecord(dataDir, say);

  const t0 = Date.now();
  const ownRun = !options.run;
  const run = options.run ?? await startScenarioHosts({ dataDir, publicUrl: options.publicUrl, log }).catch((err) => {
    say(logLines.slice(-60).join('\n'));
    throw err;
  });
  if (ownRun) {
    figures.startSeconds = Number(((Date.now() - t0) / 1000).toFixed(1));
    say(`  started ${run.hosts().join(', ')} and the data host in ${figures.startSeconds} s (${run.url})`);
  }
  const url = run.url;
  const db = new pg.Pool({ connectionString: run.databaseUrl, max: 2 });
  db.on('error', () => {});
  const siteOf = (name) => `http://${run.address(name)}:${run.ports.site}`;
  let stopped = !ownRun;
  // The reading, talking and watching loops: ended in `finally` too, so a failed step leaves none running.
  let reading = false;
  let talking = false;
  let watching = false;
  const chatMembers = [];

  try {
    // An editor uploads a picture through the CMS (through Caddy, to whichever CMS instance) and
    // publishes an article that shows it, as its thumbnail and in its body.
    const editor = await signedInEditor(url);
    const category = await editor.post('/cms/api/categories', { title: 'Hosts', slug: 'hosts' });
    const picture = png(320, 200, (raw) => raw.fill(0x5a));
    const form = new FormData();
    form.append('file', new Blob([picture], { type: 'image/png' }), 'several-hosts.png');
    form.append('_payload', JSON.stringify({ alt: 'Two hosts and a bridge' }));
    const media = await editor.call('POST', '/cms/api/media', { form });
    if (media.status !== 201) throw new Error(`the picture upload answered ${media.status}: ${media.text.slice(0, 300)}`);
    const mediaDoc = media.body.doc;
    const node = { direction: null, format: '', indent: 0, version: 1 };
    const text = (t) => ({ ...node, type: 'paragraph', textFormat: 0, children: [{ type: 'text', version: 1, text: t, format: 0, detail: 0, mode: 'normal', style: '' }] });
    const content = { root: { ...node, type: 'root', children: [text('Words served by every host.'), { type: 'upload', version: 3, format: '', id: 'hosts-picture', relationTo: 'media', value: mediaDoc.id, fields: { alt: 'Two hosts and a bridge', caption: '' } }, text('After the picture.')] } };

    const hostNames = () => run.hosts();
    /** Publishes `title` (a new article the first time) and times until every named host's site server shows it. */
    let articleId = null;
    async function publish(title, hosts) {
      const started = Date.now();
      const res = articleId === null
        ? await editor.post('/cms/api/articles', { title, excerpt: 'On several hosts.', membershipRequired: 'free', category: category.body.doc.id, thumbnail: mediaDoc.id, content, _status: 'published' })
        : await editor.patch(`/cms/api/articles/${articleId}`, { title, _status: 'published' });
      if (res.status !== 201 && res.status !== 200) throw new Error(`publishing answered ${res.status}: ${res.text.slice(0, 300)}`);
      articleId ??= res.body.doc.id;
      const timeline = { at: new Date(started).toISOString(), saved: (Date.now() - started) / 1000 };
      (figures.publishes ??= []).push({ title, timeline });
      const pending = new Set(hosts);
      while (pending.size > 0) {
        if (Date.now() - started > 120_000) throw new Error(`"${title}" was not live on ${[...pending].join(', ')} within 120 s`);
        for (const name of [...pending]) {
          const page = await read(`${siteOf(name)}/articles/${articleId}`);
          if (page.status === 200 && page.text.includes(title)) {
            pending.delete(name);
            timeline[name] = (Date.now() - started) / 1000;
          }
        }
        if (pending.size) await sleep(100);
      }
      return (Date.now() - started) / 1000;
    }

    /**
     * Until no deployment has run, waited or started for 3 s (the API's reload and its half-second
     * rebuild debounce come before a deployment's row): the category and the picture just made start
     * a build of their own, and a publish timed during it would time that build's rest too (timed
     * apart below, as "during a build").
     */
    async function pipelineIdle() {
      const started = Date.now();
      let quiet = { since: Date.now(), last: -1 };
      for (;;) {
        if (Date.now() - started > 120_000) throw new Error('the site was still building 120 s after the last change');
        const { rows: [row] } = await db.query("select count(*) filter (where status in ('queued', 'running'))::int as busy, coalesce(max(id), 0)::int as last from app.deployments");
        if (row.busy > 0 || row.last !== quiet.last) quiet = { since: Date.now(), last: row.busy > 0 ? -1 : row.last };
        else if (Date.now() - quiet.since >= 3000) return;
        await sleep(250);
      }
    }

    say('\nAn editor publishes an article with a picture uploaded through the CMS');
    const twoHosts = [];
    await pipelineIdle();
    twoHosts.push(await publish('Served by every host', hostNames()));
    for (let i = 1; i < publishRuns; i++) twoHosts.push(await publish(`Served by every host, edit ${i}`, hostNames()));
    let currentTitle = publishRuns > 1 ? `Served by every host, edit ${publishRuns - 1}` : 'Served by every host';
    if (publishRuns > 1) {
      // A publish while another change's build runs: it is live after the rest of that build and its own.
      await editor.patch(`/cms/api/categories/${category.body.doc.id}`, { title: 'Hosts and bridges' });
      for (const started = Date.now(); ; await sleep(100)) {
        if ((await db.query("select 1 from app.deployments where status = 'running'")).rowCount) break;
        if (Date.now() - started > 30_000) throw new Error('the category edit started no build within 30 s');
      }
      currentTitle = 'Served by every host, published during a build';
      figures.publishDuringBuildSeconds = Number((await publish(currentTitle, hostNames())).toFixed(2));
    }
    const pageUrl = `/articles/${articleId}`;
    const pictureUrls = new Set();
    for (const name of hostNames()) {
      const page = await (await fetch(`${siteOf(name)}${pageUrl}`)).text();
      const stem = mediaDoc.filename.replace(/\.[a-z]+$/, '');
      for (const m of page.matchAll(/(?:src|srcset)="([^"]+)"/g)) for (const candidate of m[1].split(',')) {
        const u = candidate.trim().split(/\s+/)[0].replaceAll('&amp;', '&');
        if (u.includes(stem)) pictureUrls.add(new URL(u, url).href);
      }
      check(page.includes(currentTitle) && page.includes('After the picture.'), `${name} (${run.address(name)}) serves the article's page itself`);
    }
    const originalUrl = [...pictureUrls].find((u) => u.endsWith(mediaDoc.filename)) ?? [...pictureUrls][0];
    check(pictureUrls.size > 0, `the page shows the uploaded picture (${pictureUrls.size} address${pictureUrls.size === 1 ? '' : 'es'}: ${[...pictureUrls].slice(0, 2).join(', ')})`);
    for (const u of pictureUrls) {
      const res = await fetch(u, { signal: AbortSignal.timeout(10_000) });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (u === originalUrl) check(res.status === 200 && createHash('sha256').update(bytes).digest('hex') === createHash('sha256').update(picture).digest('hex'), `the picture loads from ${u} byte for byte (${res.status})`);
      else check(res.status === 200 && /^image\//.test(res.headers.get('content-type') ?? ''), `its size loads from ${u} (${res.status})`);
    }
    figures.publishToLive = { twoHostsSeconds: twoHosts.map((s) => Number(s.toFixed(2))) };

    // Two members: one reads signed in, both chat. Sign-ups are confirmed through the caught mail.
    async function member(n) {
      const username = `hosts_member_${n}`;
      const m = client(url);
      const r = await m.post('/api/register', { username, email: `${username}@example.com`, password: MEMBER_PASSWORD });
      if (r.status !== 201) throw new Error(`sign-up answered ${r.status}: ${r.text.slice(0, 200)}`);
      for (let i = 0; i < 200; i++) {
        const mail = (existsSync(run.mailFile) ? readFileSync(run.mailFile, 'utf8') : '').split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((x) => x.to.includes(`${username}@example.com`));
        if (mail) {
          const token = decodeURIComponent(/\/auth\?confirm-token=(\S+)/.exec(mail.text)[1]);
          const c = await m.post('/api/auth/confirm-email', { token });
          if (c.status !== 200) throw new Error(`confirming answered ${c.status}`);
          return { username, http: m };
        }
        await sleep(100);
      }
      throw new Error('no confirmation mail');
    }
    const reader = await member(1);
    const talker = await member(2);
    const rooms = await reader.http.get('/api/chat/rooms');
    const room = (rooms.body?.rooms ?? rooms.body ?? []).find((r) => r.name === 'General Chat');
    if (!room) throw new Error(`no General Chat room (${rooms.status} ${rooms.text.slice(0, 200)})`);

    // Sessions and rate limits live in PostgreSQL: a member's session reads on every host, and the
    // failed sign-ins Caddy spreads over both hosts count against one limit.
    say('\nSessions and limits are the same on every host');
    const perHost = [];
    for (const name of hostNames()) perHost.push((await fetch(`http://${run.address(name)}:${run.ports.api}/api/user`, { headers: { cookie: reader.http.cookie() } })).status);
    check(perHost.every((s) => s === 200), `the reader's session is known to each host's API (${perHost.join(', ')})`);
    const tries = [];
    const outsider = client(url);
    for (let i = 0; i < 10; i++) tries.push((await outsider.post('/api/login', { username: talker.username, password: `wrong-${i}` })).status);
    const firstRefusal = tries.indexOf(429);
    check(firstRefusal >= 0 && firstRefusal <= 8, `failed sign-ins through Caddy to both hosts meet one limit (answers: ${tries.join(' ')})`);

    // A chat member as the page keeps one: reconnects when the socket closes, joins again, takes the
    // room's history, and sends again what was not yet confirmed (its own message coming back).
    function chatMember(who, label) {
      const state = { label, received: new Set(), pending: new Map(), closes: 0, reconnects: 0, ws: null, ready: false, closedAt: null, reopenedAt: [], stop: false };
      const consider = (m) => {
        if (!m?.content) return;
        state.received.add(m.content);
        state.pending.delete(m.content);
      };
      const connect = () => new Promise((resolve, reject) => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { origin: url, cookie: who.http.cookie() } });
        ws.on('message', (raw) => {
          const m = JSON.parse(String(raw));
          if (m.type === 'rooms') ws.send(JSON.stringify({ type: 'join', roomId: room.id }));
          if (m.type === 'history') {
            for (const x of m.messages ?? []) consider(x);
            state.ready = true;
            // What was sent but never came back: sent again (history said it was not stored).
            for (const [content, at] of state.pending) if (Date.now() - at > 0) ws.send(JSON.stringify({ type: 'message', roomId: room.id, content }));
          }
          if (m.type === 'message') consider(m.message);
        });
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
      const keep = (ws) => {
        state.ws = ws;
        ws.once('close', async () => {
          state.ready = false;
          if (state.stop) return;
          state.closes += 1;
          state.closedAt = Date.now();
          for (;;) {
            await sleep(250);
            if (state.stop) return;
            try {
              const next = await connect();
              state.reconnects += 1;
              state.reopenedAt.push(Date.now());
              keep(next);
              return;
            } catch {
              /* Caddy tries the other host */
            }
          }
        });
      };
      return {
        state,
        async start() {
          keep(await connect());
          for (let i = 0; i < 100 && !state.ready; i++) await sleep(50);
        },
        send(content) {
          state.pending.set(content, Date.now());
          if (state.ready) state.ws.send(JSON.stringify({ type: 'message', roomId: room.id, content }));
        },
        close() {
          state.stop = true;
          state.ws?.close();
        },
      };
    }

    // Two listening sockets opened one after the other land on different hosts (round robin): one
    // of them is on the host that dies.
    const listeners = [chatMember(reader, 'reader (socket 1)'), chatMember(reader, 'reader (socket 2)')];
    chatMembers.push(...listeners);
    for (const l of listeners) await l.start();
    const speaker = chatMember(talker, 'talker');
    chatMembers.push(speaker);
    await speaker.start();

    // The reader: pages, pictures and signed-in API reads through Caddy, in `readers` loops.
    const reads = { attempted: 0, failed: 0, byKind: {}, samples: [], versions: new Set() };
    reading = true;
    const kinds = [
      ['page', () => `${url}${pageUrl}`, {}],
      ['home', () => `${url}/`, {}],
      ['picture', () => originalUrl, {}],
      ['api-user', () => `${url}/api/user`, { cookie: reader.http.cookie() }],
      ['api-article', () => `${url}/api/articles/${articleId}`, { cookie: reader.http.cookie() }],
    ];
    const loops = Array.from({ length: readers }, async (_, li) => {
      for (let i = li; reading; i++) {
        const [kind, target, headers] = kinds[i % kinds.length];
        reads.attempted += 1;
        const k = (reads.byKind[kind] ??= { attempted: 0, failed: 0 });
        k.attempted += 1;
        try {
          const res = await fetch(target(), { headers, signal: AbortSignal.timeout(15_000) });
          const body = await res.text();
          if (res.status !== 200) throw new Error(`${res.status} ${body.slice(0, 100)}`);
          if (kind === 'page') reads.versions.add(versionOf(body));
        } catch (err) {
          reads.failed += 1;
          k.failed += 1;
          if (reads.samples.length < 5) reads.samples.push(`${kind}: ${err.message}`);
        }
      }
    });

    let said = 0;
    talking = true;
    const talk = (async () => {
      // 20 messages per 30 s is the limit: one every 2 s.
      while (talking) {
        said += 1;
        speaker.send(`hosts message ${said}`);
        await sleep(2000);
      }
    })();

    await sleep(3000);
    say(`\nEvery process of bs-app1 killed (ip netns pids bs-app1 | xargs kill -9) while ${readers} readers read and two members chat`);
    const killedAt = Date.now();
    killHost('bs-app1');
    // Publish-to-live with one host, while the other is dead.
    await sleep(1500);
    const oneHost = [];
    for (let i = 0; i < publishRuns; i++) {
      currentTitle = `Served by the host left, edit ${i + 1}`;
      oneHost.push(await publish(currentTitle, ['bs-app2']));
    }
    figures.publishToLive.oneHostSeconds = oneHost.map((s) => Number(s.toFixed(2)));
    while (Date.now() - killedAt < killSeconds * 1000) await sleep(200);
    talking = false;
    await talk;
    // Every message the talker sent reaches every listening socket, and comes back to the talker.
    const everything = Array.from({ length: said }, (_, i) => `hosts message ${i + 1}`);
    const all = [...listeners, speaker];
    for (let i = 0; i < 150 && all.some((m) => everything.some((x) => !m.state.received.has(x))); i++) await sleep(100);
    reading = false;
    await Promise.all(loops);

    // The window runs from the kill until the last message arrived: at least killSeconds, longer while the publishes with one host went live.
    figures.duringKill = { seconds: Number(((Date.now() - killedAt) / 1000).toFixed(1)), reads: { attempted: reads.attempted, failed: reads.failed, byKind: reads.byKind } };
    check(reads.failed === 0, `${reads.attempted} reads during the kill, ${reads.failed} failed ${reads.samples.join(' | ')}`);
    const lost = all.map((m) => everything.filter((x) => !m.state.received.has(x)).length);
    figures.chat = {
      sent: said,
      received: Object.fromEntries(all.map((m) => [m.state.label, everything.filter((x) => m.state.received.has(x)).length])),
      socketsReconnected: all.filter((m) => m.state.reconnects > 0).length,
      reconnectSeconds: all.filter((m) => m.state.reopenedAt.length).map((m) => Number(((m.state.reopenedAt[0] - killedAt) / 1000).toFixed(2))),
    };
    check(listeners.some((l) => l.state.reconnects > 0), `a chat socket on the dead host reconnected to the other one (${figures.chat.socketsReconnected} of 3 sockets, ${figures.chat.reconnectSeconds.join(', ')} s after the kill)`);
    check(lost.every((n) => n === 0), `no chat message lost: ${said} sent, received ${Object.values(figures.chat.received).join(', ')} by the sockets`);
    check(reads.versions.size >= 1 && ![...reads.versions].includes(null), `every page read showed a content version (${reads.versions.size} seen as edits went live)`);

    // The killed host started again with the README's command: it takes traffic only once it serves
    // the current version. Its own /api/ready is watched, and so is what it serves when it answers.
    say('\nbs-app1 started again: npm run multi-host -- start-host bs-app1');
    const live = await run.liveVersion();
    const watch = { statuses: [], servedOld: 0, readyBeforeCurrent: 0 };
    watching = true;
    const watcher = (async () => {
      while (watching) {
        const ready = await read(`${siteOf('bs-app1')}/api/ready`, 2000);
        if (watch.statuses.at(-1) !== ready.status) watch.statuses.push(ready.status);
        if (ready.status === 200 && JSON.parse(ready.text).siteBuild?.contentVersion !== live.contentVersion) watch.readyBeforeCurrent += 1;
        const page = await read(`${siteOf('bs-app1')}${pageUrl}`, 2000);
        if (page.status === 200 && versionOf(page.text) !== live.contentVersion) watch.servedOld += 1;
        await sleep(100);
      }
    })();
    reading = true;
    reads.attempted = 0;
    reads.failed = 0;
    reads.samples = [];
    reads.byKind = {};
    reads.versions = new Set();
    const loops2 = Array.from({ length: readers }, async (_, li) => {
      for (let i = li; reading; i++) {
        const [kind, target, headers] = kinds[i % kinds.length];
        reads.attempted += 1;
        try {
          const res = await fetch(target(), { headers, signal: AbortSignal.timeout(15_000) });
          const body = await res.text();
          if (res.status !== 200) throw new Error(`${res.status} ${body.slice(0, 100)}`);
          if (kind === 'page') reads.versions.add(versionOf(body));
        } catch (err) {
          reads.failed += 1;
          if (reads.samples.length < 5) reads.samples.push(`${kind}: ${err.message}`);
        }
      }
    });
    const restartStarted = Date.now();
    const restartOutput = await readmeCommand(['start-host', 'bs-app1'], run.dataDir);
    figures.killedHostServesAgainSeconds = Number(((Date.now() - restartStarted) / 1000).toFixed(1));
    say(`  ${restartOutput.split('\n').at(-1)}`);
    // Caddy's next health check (every second) puts it back.
    await sleep(2500);
    watching = false;
    await watcher;
    reading = false;
    await Promise.all(loops2);
    const after = await run.hostStatus('bs-app1');
    check(after.site === 200 && after.serves === live.contentVersion, `bs-app1 serves the current version ${live.contentVersion} again (${figures.killedHostServesAgainSeconds} s)`);
    check(watch.servedOld === 0 && watch.readyBeforeCurrent === 0, `bs-app1 never served another version nor said it was ready before it held the current one (its /api/ready answered ${watch.statuses.map((s) => s || 'refused').join(' → ')})`);
    check(reads.failed === 0 && [...reads.versions].every((v) => v === live.contentVersion), `${reads.attempted} reads through Caddy while it came back: ${reads.failed} failed, every page of version ${live.contentVersion} ${reads.samples.join(' | ')}`);
    figures.duringRestart = { reads: { attempted: reads.attempted, failed: reads.failed }, readyAnswers: watch.statuses };

    say('\nA third app host: npm run multi-host -- add-host');
    const addStarted = Date.now();
    const addOutput = await readmeCommand(['add-host'], run.dataDir);
    figures.newHostServesSeconds = Number(((Date.now() - addStarted) / 1000).toFixed(1));
    say(`  ${addOutput.split('\n').at(-1)}`);
    const third = run.hosts().find((n) => !['bs-app1', 'bs-app2'].includes(n));
    const thirdPage = third ? (await read(`${siteOf(third)}${pageUrl}`)).text : '';
    check(Boolean(third) && versionOf(thirdPage) === live.contentVersion && thirdPage.includes(currentTitle), `${third} serves the current version ${live.contentVersion} (${figures.newHostServesSeconds} s)`);
    const upstreams = await caddyAdmin(path.join(run.dataDir, 'caddy-admin.sock'), '/reverse_proxy/upstreams').catch(() => []);
    check(third && upstreams.some((u) => u.address === `${run.address(third)}:${run.ports.site}`), `Caddy balances over ${third} too (${upstreams.filter((u) => u.address.endsWith(`:${run.ports.site}`)).map((u) => u.address).join(', ')})`);
    if (publishRuns > 1) {
      const three = [];
      for (let i = 0; i < publishRuns; i++) three.push(await publish(`Served by three hosts, edit ${i + 1}`, run.hosts()));
      figures.publishToLive.threeHostsSeconds = three.map((s) => Number(s.toFixed(2)));
    }

    // One build per content version, scheduled rounds claimed once, on more than one host.
    say('\nWhat only PostgreSQL coordinates');
    const twice = (await db.query('select content_version, count(*)::int as n from app.site_builds group by content_version having count(*) > 1')).rows;
    const builds = (await db.query('select count(*)::int as n from app.site_builds')).rows[0].n;
    const detail = twice.length ? (await db.query('select id, kind, trigger, content_version from app.deployments where content_version = any($1) order by id', [twice.map((r) => r.content_version)])).rows.map((d) => `#${d.id} ${d.kind} "${d.trigger}" ${d.content_version}`).join('; ') : '';
    // Where publish-to-live goes: each deployment in order (a publish that met another build shows
    // both), and each step's median over the successful ones.
    const deployments = (await db.query('select id, kind, trigger, content_version, status, steps, created_at, extract(epoch from finished_at - created_at)::float as seconds from app.deployments order by id')).rows;
    figures.deployments = deployments.map((d) => ({ id: d.id, kind: d.kind, trigger: d.trigger, contentVersion: d.content_version, createdAt: d.created_at.toISOString(), status: d.status, seconds: d.seconds === null ? null : Number(d.seconds.toFixed(2)), steps: Object.fromEntries(d.steps.map((st) => [st.step, Number((st.ms / 1000).toFixed(2))])) }));
    const steps = new Map();
    for (const d of deployments.filter((row) => row.status === 'succeeded')) for (const st of d.steps) steps.set(st.step, [...(steps.get(st.step) ?? []), st.ms]);
    figures.deploymentStepsMedianSeconds = Object.fromEntries([...steps].map(([name, ms]) => [name, Number((ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)] / 1000).toFixed(1))]));
    check(twice.length === 0, `each content version was built once (${builds} published builds kept${twice.length ? `; built twice: ${detail}` : ', none twice'})`);
    const rounds = (await db.query("select job, count(*)::int as rounds, count(distinct instance)::int as instances from app.job_rounds where started_at > now() - interval '1 hour' group by job order by job")).rows;
    const hostOfInstance = new Map();
    for (const row of (await db.query('select distinct instance from app.job_rounds')).rows) {
      const pid = row.instance.split(':').at(-1);
      const ns = execFileSync('sh', ['-c', `ip netns identify ${Number(pid)} 2>/dev/null || true`]).toString().trim();
      hostOfInstance.set(row.instance, ns || 'gone');
    }
    figures.jobRounds = rounds;
    check(rounds.length > 0, `scheduled rounds ran once each, claimed by ${new Set(hostOfInstance.values()).size} instance host(s) (${rounds.map((r) => `${r.job}: ${r.rounds} rounds by ${r.instances} instance(s)`).join('; ')})`);

  } finally {
    reading = false;
    talking = false;
    watching = false;
    for (const m of chatMembers) m.close();
    await db.end().catch(() => {});
    if (!stopped) {
      stopped = true;
      await run.stop();
    }
  }
  if (ownRun) {
    const left = ourNamespaces();
    check(left.length === 0, `stopping removed every namespace, veth and the bridge${left.length ? ` (left: ${left.join(', ')})` : ''}`);
  }
  return { figures, failures, log: logLines };
}
