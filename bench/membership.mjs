// `node bench/membership.mjs` (also run by `npm run bench`): signed Stripe webhook events
// handled per second and their p99, as a ratio to a raw node:http hello world measured in the
// same run. The stack runs with Stripe configured against a local server speaking Stripe's API
// (api/test/fake-stripe.ts), so each event is verified, de-duplicated, re-read from "Stripe" and
// applied to the member, exactly as in production.
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import Stripe from 'stripe';
import { startFakeStripe } from '@app/api/test/fake-stripe';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { load } from './measure.mjs';

const PORT = 3400;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const webhookSecret = 'whsec_bench';

const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['3998']);
await new Promise((r) => baseline.once('message', r));
const fake = await startFakeStripe();
const dataDir = path.join(root, '.data/bench-membership');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({
  dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54359, log: () => {},
  env: {
    LOG_LEVEL: 'warn', STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_fake', STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICES: JSON.stringify({ 'pro-month': 'price_pro_month', 'pro-year': 'price_pro_year' }), STRIPE_API_BASE: `http://127.0.0.1:${fake.api.port}`,
  },
});

try {
  const api = stack.env.API_URL;
  const json = { 'content-type': 'application/json', origin: stack.url };
  const reg = await fetch(`${api}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'bench_payer', email: 'bench_payer@example.com', password: 'bench-pass-1' }) });
  const cookie = reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  await fetch(`${api}/api/subscription/create`, { method: 'POST', headers: { ...json, cookie }, body: '{}' });
  const sub = [...fake.subs.values()][0];
  fake.set(sub.id, { status: 'active', current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400 });

  const stripe = new Stripe('sk_test_unused');
  let n = 0;
  const event = () => {
    const payload = JSON.stringify({ id: `evt_bench_${++n}`, object: 'event', type: 'customer.subscription.updated', data: { object: { id: sub.id, object: 'subscription', customer: sub.customer } } });
    return { method: 'POST', path: '/api/webhooks/stripe', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) } };
  };
  const base = await load('http://127.0.0.1:3998/', { connections, duration });
  const r = await autocannon({ url: api, connections, duration, requests: [{ setupRequest: (req) => ({ ...req, ...event() }) }] });
  const tier = await (await fetch(`${api}/api/user`, { headers: { cookie } })).json();
  console.log(`autocannon -c ${connections} -d ${duration}`);
  console.log(`raw node:http hello world                   ${Math.round(base.reqPerSec)} req/s  p99 ${base.p99} ms`);
  console.log(`POST /api/webhooks/stripe (signed, distinct) ${Math.round(r.requests.average)} req/s  p99 ${r.latency.p99} ms  ${(r.requests.average / base.reqPerSec).toFixed(3)}×  (non-2xx ${r.non2xx}, errors ${r.errors})`);
  console.log(`events handled: ${n}; the member's tier afterwards: ${tier.membershipTier}`);
} finally {
  await stack.stop();
  await fake.close();
  baseline.kill();
}
