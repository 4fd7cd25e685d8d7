import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabaseHosts, namespaceLayout, startHaproxy } from './pg-ha.mjs';
import { killHost } from './netns.mjs';
import { clusterUnavailable } from './pg-ha-test-cluster.mjs';

// The database hosts as the multi-host shape runs them (issue 51): each in a network namespace of
// its own on one bridge — two database hosts, the third etcd member on a "data" host, HAProxy on an
// "app" host — with the standard ports inside each. The names and addresses are this test's own
// (pgha-*, 10.78.0.0/24), apart from start:multi-host's bs-* network. Run by `npm run test:long`
// (LONG_TESTS): in `npm test`, tests/multi-host/hosts.test.mjs kills the primary database's host
// in the multi-host shape itself, with the whole app writing through it.
const NET = { bridge: 'pgha-br0', gateway: '10.78.0.1' };
const HOSTS = { 'pgha-db1': '10.78.0.21', 'pgha-db2': '10.78.0.22', 'pgha-data': '10.78.0.2', 'pgha-app': '10.78.0.11' };
const ip = (...args) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const tryIp = (...args) => spawnSync('ip', args, { stdio: 'ignore' }).status === 0;
const unavailable = (process.env.LONG_TESTS ? null : 'run by npm run test:long') ?? clusterUnavailable() ?? (spawnSync('ip', ['netns', 'list'], { stdio: 'ignore' }).status !== 0 ? 'ip netns is not available' : null);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function removeNetwork() {
  for (const name of Object.keys(HOSTS)) {
    const pids = spawnSync('ip', ['netns', 'pids', name], { encoding: 'utf8' }).stdout?.split('\n').filter(Boolean) ?? [];
    for (const pid of pids) spawnSync('kill', ['-9', pid]);
    tryIp('netns', 'delete', name);
    tryIp('link', 'delete', `veth-${name}`);
  }
  tryIp('link', 'delete', NET.bridge);
}

function makeNetwork() {
  removeNetwork();
  ip('link', 'add', NET.bridge, 'type', 'bridge');
  ip('addr', 'add', `${NET.gateway}/24`, 'dev', NET.bridge);
  ip('link', 'set', NET.bridge, 'up');
  for (const [name, address] of Object.entries(HOSTS)) {
    ip('netns', 'add', name);
    ip('link', 'add', `veth-${name}`, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', name);
    ip('link', 'set', `veth-${name}`, 'master', NET.bridge);
    ip('link', 'set', `veth-${name}`, 'up');
    ip('-n', name, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
    ip('-n', name, 'link', 'set', 'eth0', 'up');
    ip('-n', name, 'link', 'set', 'lo', 'up');
  }
}

describe.skipIf(unavailable)('database hosts in network namespaces', () => {
  // Made when the tests run: a skipped describe runs no afterAll to remove it.
  let dir;
  let cluster;
  let proxy;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'pg-ha-netns-'));
    makeNetwork();
    const layout = namespaceLayout({ dir, hosts: [{ name: 'pgha-db1', address: HOSTS['pgha-db1'] }, { name: 'pgha-db2', address: HOSTS['pgha-db2'] }], witness: { name: 'pgha-data', address: HOSTS['pgha-data'] } });
    cluster = createDatabaseHosts({ layout });
    // HAProxy on the app host, on its loopback address: the app's DATABASE_URL there is 127.0.0.1:5432.
    proxy = startHaproxy(cluster.hosts, { dir: path.join(dir, 'proxy'), netns: 'pgha-app', listenAddress: '0.0.0.0', listenPort: 5432, statsAddress: '127.0.0.1', statsPort: 7000 });
    await cluster.start();
  }, 240_000);
  afterAll(async () => {
    await proxy?.stop();
    await cluster?.stop();
    removeNetwork();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('serves through the app host\'s HAProxy, survives every process of the primary\'s host killed, and takes the host back as a standby', async () => {
    const url = cluster.proxyUrl({ address: HOSTS['pgha-app'], port: 5432 });
    const write = async (key) => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
      c.on('error', () => {});
      await c.connect();
      try {
        return (await c.query('insert into kept (key) values ($1) returning host(inet_server_addr()) as host', [key])).rows[0].host;
      } finally {
        await c.end().catch(() => {});
      }
    };
    let first;
    for (let i = 0; !first; i += 1) {
      first = await (async () => {
        const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
        c.on('error', () => {});
        await c.connect();
        try {
          await c.query('create table if not exists kept (key text primary key)');
          return true;
        } finally {
          await c.end().catch(() => {});
        }
      })().catch(async (err) => (i > 100 ? Promise.reject(err) : (await sleep(300), false)));
    }
    const status = await cluster.status();
    const primary = cluster.hosts.find((h) => h.name === status.primary);
    expect(await write('before')).toBe(primary.address);

    // The host dies: every process in its namespace, as `ip netns pids … | xargs kill -9`.
    expect(killHost(primary.name)).toBeGreaterThan(2);
    await cluster.waitFor('the promotion', (s) => s?.primary != null && s.primary !== primary.name, 90_000);
    let host = null;
    for (let i = 0; !host; i += 1) host = await write(`after-${i}`).catch(async (err) => (i > 200 ? Promise.reject(err) : (await sleep(300), null)));
    expect(host).not.toBe(primary.address);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    expect((await c.query("select key from kept where key = 'before'")).rows).toEqual([{ key: 'before' }]);
    await c.end();

    cluster.startHost(primary.name);
    const back = await cluster.waitFor('the old primary to rejoin', cluster.healthy(cluster.hosts.map((h) => h.name)), 180_000);
    expect(back.members.find((m) => m.name === primary.name).role).toBe('sync_standby');
  }, 300_000);
});
