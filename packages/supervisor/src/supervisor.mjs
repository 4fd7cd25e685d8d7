// Keeps a service running the way production's process manager does (docker-compose.yml's
// `restart: unless-stopped`): a service that dies is started again after a growing pause and the
// restart is logged; one that keeps dying is given up on with a clear message while the other
// services keep serving. Stopping (Ctrl-C) is never mistaken for a crash.
import { spawn } from 'node:child_process';

/** How hard to try: up to `maxRestarts` restarts within `windowMs`, pauses doubling from `firstDelayMs` to `maxDelayMs`. */
export const DEFAULT_RESTART_POLICY = { maxRestarts: 5, windowMs: 60_000, firstDelayMs: 500, maxDelayMs: 8_000 };

// Services run in their own process groups; whatever way this process ends, take them along.
const liveGroups = new Set();
process.on('exit', () => {
  for (const pid of liveGroups) signalGroup(pid, 'SIGKILL');
});

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}

const describeExit = ({ code, signal }) => (signal ? `killed by ${signal}` : `exit code ${code}`);

/**
 * Starts `node args…` as a supervised service. `child` is always the current process; `exited`
 * resolves once the service is stopped or given up on (`gaveUp` says which); `restarts` counts.
 * `onRestart(service)` runs after each restart (e.g. to wait for its health check).
 *
 * @param {string} name
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} opts
 * @param {(name: string, line: string) => void} log
 * With `onMessage`, a Node service gets an IPC channel and what it sends (`process.send`) is
 * passed on, with the handle it carries: the API asks for a rolling restart that way
 * (rolling-restart.mjs), and the front door hands over a socket. `restart({ cwd })`
 * replaces the running process on purpose (stopped gracefully, started again, from `cwd` when given);
 * it is not a crash.
 *
 * @param {{ policy?: Partial<typeof DEFAULT_RESTART_POLICY>, command?: string, onMessage?: (message: unknown, service: object, handle?: unknown) => void, onRestart?: (service: object) => void }} [options]
 */
export function startService(name, args, opts, log, options = {}) {
  const policy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
  const command = options.command ?? process.execPath;
  const crashes = [];
  let stopping = false;
  let replacing = false;
  let restarts = 0;
  let child;
  let childExited;
  let retryTimer = null;
  let finish;
  const exited = new Promise((resolve) => (finish = resolve));

  function launch() {
    // Its own process group, so stopping it also stops what it forks (next start runs a next-server child).
    child = spawn(command, args, { ...opts, stdio: options.onMessage ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'], detached: true });
    if (options.onMessage) child.on('message', (message, handle) => options.onMessage(message, service, handle));
    const forward = (d) => String(d).trimEnd().split('\n').forEach((line) => log(name, line));
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.on('error', (err) => log('supervisor', `${name} could not be started: ${err.message}`));
    const pid = child.pid;
    if (pid) liveGroups.add(pid);
    childExited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    void childExited.then((how) => {
      if (pid) {
        // What it forked dies with it, as in a container.
        signalGroup(pid, 'SIGKILL');
        liveGroups.delete(pid);
      }
      if (stopping) return finish({ ...how, gaveUp: false });
      if (replacing) return;
      onCrash(how);
    });
  }

  /** SIGTERM to the group, SIGKILL after 10 s; resolves when the process has exited. */
  async function end(current) {
    if (current.exitCode === null && current.signalCode === null) {
      signalGroup(current.pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(current.pid, 'SIGKILL'), 10_000);
      await new Promise((resolve) => (current.exitCode !== null || current.signalCode !== null ? resolve() : current.once('exit', resolve)));
      clearTimeout(timer);
    }
    signalGroup(current.pid, 'SIGKILL');
  }

  function onCrash(how) {
    const now = Date.now();
    crashes.push(now);
    while (crashes.length && crashes[0] < now - policy.windowMs) crashes.shift();
    if (crashes.length > policy.maxRestarts) {
      log('supervisor', `${name} ${describeExit(how)} and has crashed ${crashes.length} times in ${Math.round(policy.windowMs / 1000)} s: giving up on it. The other services keep running; fix the cause and start again.`);
      return finish({ ...how, gaveUp: true });
    }
    const delay = Math.min(policy.firstDelayMs * 2 ** (crashes.length - 1), policy.maxDelayMs);
    log('supervisor', `${name} ${describeExit(how)}; restarting it in ${(delay / 1000).toFixed(1)} s (restart ${restarts + 1}, ${crashes.length} of ${policy.maxRestarts + 1} crashes allowed in ${Math.round(policy.windowMs / 1000)} s)`);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (stopping) return finish({ ...how, gaveUp: false });
      restarts += 1;
      launch();
      log('supervisor', `${name} restarted (pid ${child.pid})`);
      options.onRestart?.(service);
    }, delay);
  }

  const service = {
    name,
    get child() {
      return child;
    },
    get restarts() {
      return restarts;
    },
    exited,
    get cwd() {
      return opts.cwd;
    },
    /** Replaces the process on purpose (a deployment changed its code): stopped gracefully, started again from `cwd`. */
    async restart({ cwd } = {}) {
      if (stopping) return;
      replacing = true;
      try {
        if (retryTimer) {
          clearTimeout(retryTimer);
          retryTimer = null;
        }
        await end(child);
        if (stopping) return;
        if (cwd) opts = { ...opts, cwd };
        launch();
        log('supervisor', `${name} restarted on purpose${cwd ? ` from ${cwd}` : ''} (pid ${child.pid})`);
      } finally {
        replacing = false;
      }
    },
    async stop() {
      stopping = true;
      if (retryTimer) {
        clearTimeout(retryTimer);
        retryTimer = null;
        finish({ code: null, signal: null, gaveUp: false });
      }
      await end(child);
    },
  };
  launch();
  return service;
}
