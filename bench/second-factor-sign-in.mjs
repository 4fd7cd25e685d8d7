// `node bench/second-factor-sign-in.mjs` (issue 52's figures): sign-in time with a password alone,
// with a password and an authenticator code (two requests), and with a passkey alone (options and
// answer), p50 and p99 over sequential sign-ins, measured at the client on the same machine as the
// API (so ≈ server time) — and, as the yardstick, one request to a raw node:http server in the same
// run. The API runs alone in its own process (bench/avatar-api.mjs) on a fresh database:
// DATABASE_URL names a server to create it on (default: the system PostgreSQL at 127.0.0.1:5432).
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { DEMO_STAFF_SECOND_FACTOR } from '@app/api/domain/accounts/demo-accounts';
import { passkeyAnswer, totpCode } from '@app/test-support/second-factor';
import { root } from '../scripts/lib/stack.mjs';

const N = Number(process.env.SIGN_INS ?? 60);
const admin = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_2fa_${randomBytes(4).toString('hex')}`;
const query = async (url, text, params) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(text, params);
  } finally {
    await c.end();
  }
};
await query(admin, `create database ${name}`);
const url = new URL(admin);
url.pathname = `/${name}`;

const origin = 'http://localhost:3000';
const api = fork(path.join(root, 'bench/avatar-api.mjs'), { env: { ...process.env, DATABASE_URL: url.toString() } });
const raw = fork(path.join(root, 'bench/baseline-server.mjs'), ['3997']);
const percentile = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const timed = async (fn) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

try {
  const { base } = await new Promise((r) => api.once('message', r));
  await new Promise((r) => raw.once('message', r));
  /** A cookie-keeping client, as a browser. */
  const client = () => {
    const jar = new Map();
    return async (method, p, body) => {
      const headers = { origin, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(base + p, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const [k, v] = pair.split('=');
        if (v) jar.set(k, v);
        else jar.delete(k);
      }
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${p} answered ${res.status}: ${text}`);
      return text ? JSON.parse(text) : null;
    };
  };
  const register = async (username) => {
    const call = client();
    await call('POST', '/api/register', { username, email: `${username}@example.com`, password: 'bench-pass-1' });
    return call;
  };

  await register('bench_pw');
  // One account per authenticator sign-in: a code works once per 30-second step.
  const totp = [];
  for (let i = 0; i < N; i++) {
    const call = await register(`bench_totp_${i}`);
    const { secret } = await call('POST', '/api/profile/security/totp');
    await call('POST', '/api/profile/security/totp/confirm', { code: totpCode(secret) });
    totp.push({ username: `bench_totp_${i}`, secret });
  }
  await register('bench_pk');
  const { passkey } = DEMO_STAFF_SECOND_FACTOR;
  await query(url.toString(), "insert into app.passkeys (user_id, credential_id, public_key, name) select id, $1, $2, 'Bench' from app.users where username = 'bench_pk'", [passkey.credentialId, passkey.cose]);

  const rawTimes = [];
  for (let i = 0; i < N; i++) rawTimes.push(await timed(async () => (await fetch('http://127.0.0.1:3997/')).text()));
  const password = [];
  for (let i = 0; i < N; i++) password.push(await timed(() => client()('POST', '/api/login', { username: 'bench_pw', password: 'bench-pass-1' })));
  const withCode = [];
  for (const a of totp) {
    const call = client();
    withCode.push(await timed(async () => {
      await call('POST', '/api/login', { username: a.username, password: 'bench-pass-1' });
      await call('POST', '/api/login/second-factor', { code: totpCode(a.secret, 1) });
    }));
  }
  const withPasskey = [];
  for (let i = 0; i < N; i++) {
    const call = client();
    withPasskey.push(await timed(async () => {
      const options = await call('POST', '/api/login/passkey/options', { for: 'sign-in' });
      await call('POST', '/api/login/passkey', { for: 'sign-in', response: passkeyAnswer(passkey, options, { origin, rpId: 'localhost' }) });
    }));
  }

  const rawP50 = percentile(rawTimes, 50);
  const line = (label, xs) => console.log(`  ${label.padEnd(26)} p50 ${percentile(xs, 50).toFixed(1)} ms (${(percentile(xs, 50) / rawP50).toFixed(0)}× raw), p99 ${percentile(xs, 99).toFixed(1)} ms (${(percentile(xs, 99) / rawP50).toFixed(0)}× raw)`);
  console.log(`sign-in, ${N} sequential each, API on a fresh database (argon2id passwords):`);
  console.log(`  raw node:http request      p50 ${rawP50.toFixed(2)} ms, p99 ${percentile(rawTimes, 99).toFixed(2)} ms`);
  line('password', password);
  line('password + authenticator', withCode);
  line('passkey alone', withPasskey);
} finally {
  api.kill();
  raw.kill();
  await query(admin, `drop database if exists ${name} with (force)`);
}
