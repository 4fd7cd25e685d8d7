// Hosts on one machine for `npm run start:multi-host` (issue 50 #4): each host is a Linux network
// namespace with an address of its own on one bridge, so its services reach the others only over
// the network, as separate machines would. Needs root (`ip netns`, `ip link`). Everything made here
// is named from NETWORK, and removed again by removeNetwork (also what a crashed run left behind).
import { execFileSync, spawnSync } from 'node:child_process';

/** The bridge, its subnet and the root namespace's address on it (where Caddy reaches the hosts from). */
export const NETWORK = { bridge: 'bs-br0', prefix: '10.77.0', gateway: '10.77.0.1', cidr: 24, namespacePrefix: 'bs-' };

/**
 * The data host (the S3-compatible server; PostgreSQL itself in the single-database mode, the third
 * etcd member otherwise), the database hosts (bs-db1 → .21 … bs-db9 → .29) and the app hosts'
 * addresses (bs-app1 → .11, bs-app2 → .12 … bs-app9 → .19, then bs-app10 … bs-app80 → .30 …).
 */
export function hostAddress(name) {
  if (name === 'bs-data') return `${NETWORK.prefix}.2`;
  const db = /^bs-db([1-9])$/.exec(name);
  if (db) return `${NETWORK.prefix}.${20 + Number(db[1])}`;
  const n = /^bs-app([1-9]\d?)$/.exec(name);
  if (!n || Number(n[1]) > 80) throw new Error(`${name} is not a host name (bs-data, bs-db1 … bs-db9, bs-app1 … bs-app80)`);
  // .21–.29 are the database hosts'.
  return `${NETWORK.prefix}.${Number(n[1]) < 10 ? 10 + Number(n[1]) : 20 + Number(n[1])}`;
}

const ip = (...args) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const tryIp = (...args) => spawnSync('ip', args, { stdio: 'ignore' }).status === 0;

/** Root and `ip` present: the namespaces can be made. */
export function assertCanMakeHosts() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) throw new Error('start:multi-host makes network namespaces: run it as root.');
  if (spawnSync('ip', ['netns', 'list'], { stdio: 'ignore' }).status !== 0) throw new Error('start:multi-host needs `ip netns` (iproute2).');
}

/** Our namespaces that exist now. */
export function ourNamespaces() {
  return ip('netns', 'list')
    .split('\n')
    .map((line) => line.split(' ')[0])
    .filter((name) => name && (name === 'bs-data' || /^bs-(app|db)\d+$/.test(name)));
}

/** The processes running inside a namespace. */
export function namespacePids(name) {
  const out = spawnSync('ip', ['netns', 'pids', name], { encoding: 'utf8' });
  return out.status === 0 ? out.stdout.split('\n').filter(Boolean).map(Number) : [];
}

/** SIGKILL to every process of a host: the host is gone, as when its machine dies. */
export function killHost(name) {
  const pids = namespacePids(name);
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  return pids.length;
}

/** The bridge, with the root namespace's address on it. */
export function makeBridge() {
  if (!tryIp('link', 'show', NETWORK.bridge)) ip('link', 'add', NETWORK.bridge, 'type', 'bridge');
  if (!ip('-4', 'addr', 'show', 'dev', NETWORK.bridge).includes(`${NETWORK.gateway}/`)) ip('addr', 'add', `${NETWORK.gateway}/${NETWORK.cidr}`, 'dev', NETWORK.bridge);
  ip('link', 'set', NETWORK.bridge, 'up');
}

/** A host: its namespace, a veth pair (its end is eth0 with the host's address), loopback up. */
export function makeHost(name) {
  const address = hostAddress(name);
  const outside = `veth-${name}`;
  if (ourNamespaces().includes(name)) removeHost(name);
  ip('netns', 'add', name);
  ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', name);
  ip('link', 'set', outside, 'master', NETWORK.bridge);
  ip('link', 'set', outside, 'up');
  ip('-n', name, 'addr', 'add', `${address}/${NETWORK.cidr}`, 'dev', 'eth0');
  ip('-n', name, 'link', 'set', 'eth0', 'up');
  ip('-n', name, 'link', 'set', 'lo', 'up');
  ip('-n', name, 'route', 'add', 'default', 'via', NETWORK.gateway);
  return address;
}

/** Kills what still runs in the namespace, then removes it (its veth pair goes with it). */
export function removeHost(name) {
  for (let i = 0; i < 20 && killHost(name) > 0; i += 1) spawnSync('sleep', ['0.1']);
  tryIp('netns', 'delete', name);
  tryIp('link', 'delete', `veth-${name}`);
}

/** Every namespace, veth and the bridge made here; returns what was removed. */
export function removeNetwork() {
  const removed = [];
  for (const name of ourNamespaces()) {
    removeHost(name);
    removed.push(name);
  }
  // A veth left without its namespace (the namespace removed by hand).
  for (const line of ip('-o', 'link', 'show').split('\n')) {
    const m = /^\d+: (veth-bs-[a-z0-9-]+)@/.exec(line);
    if (m && tryIp('link', 'delete', m[1])) removed.push(m[1]);
  }
  if (tryIp('link', 'show', NETWORK.bridge)) {
    tryIp('link', 'delete', NETWORK.bridge);
    removed.push(NETWORK.bridge);
  }
  return removed;
}

/** The command line that runs `args` inside a host's namespace. */
export function inHost(name, command, args) {
  return { command: 'ip', args: ['netns', 'exec', name, command, ...args] };
}
