// `node bench/store.mjs` (also run by `npm run bench`): the store's figures. Orders placed
// per second with a 3-line cart and their p99, and GET /api/products, each as a ratio to a raw
// node:http hello world measured in the same run; JavaScript shipped to a product page and to
// the checkout.
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { orderTotals } from '@app/shared/browser';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { load, shippedJsKb } from './measure.mjs';

const PORT = 3500;
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['3997']);
await new Promise((r) => baseline.once('message', r));
const dataDir = path.join(root, '.data/bench-store');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54369, env: { LOG_LEVEL: 'warn' }, log: () => {} });
const origin = stack.url;
const api = stack.env.API_URL;

try {
  const products = await (await fetch(`${api}/api/products`)).json();
  const lines = products.filter((p) => p.inStock).slice(0, 3).map((p, i) => ({ productId: p.id, quantity: i + 1, price: p.price, color: 'black' }));
  const json = { 'content-type': 'application/json', origin };
  const reg = await fetch(`${api}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'bench_shopper', email: 'bench_shopper@example.com', password: 'bench-pass-1' }) });
  const cookie = reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const order = JSON.stringify({ totalAmount: orderTotals(lines, { memberDiscount: false }).total, shippingAddress: '1 Bench Street, Loadville, ST 12345, US', items: lines });

  // The baseline runs before and after the rest (the freshly started stack settles meanwhile); the better run counts.
  const before = await load('http://127.0.0.1:3997/', { connections, duration });
  const rows = [
    ['GET /api/products (API port)', await load(`${api}/api/products`, { connections, duration })],
    ['GET /api/products (front door)', await load(`${origin}/api/products`, { connections, duration })],
    ['POST /api/orders (3 lines, API port)', await load(`${api}/api/orders`, { connections, duration, method: 'POST', headers: { ...json, cookie }, body: order })],
  ];
  const after = await load('http://127.0.0.1:3997/', { connections, duration });
  const base = before.reqPerSec > after.reqPerSec ? before : after;
  const placed = await (await fetch(`${api}/api/orders`, { headers: { cookie } })).json();
  console.log(`autocannon -c ${connections} -d ${duration}`);
  console.log(`${'raw node:http hello world'.padEnd(38)} ${String(Math.round(base.reqPerSec)).padStart(7)} req/s  p99 ${String(base.p99).padStart(4)} ms`);
  for (const [label, r] of rows) {
    console.log(`${label.padEnd(38)} ${String(Math.round(r.reqPerSec)).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${(r.reqPerSec / base.reqPerSec).toFixed(3)}×${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`);
  }
  console.log(`orders in the member's history afterwards: ${placed.length}`);

  const cookies = cookie.split('; ').map((c) => {
    const [name, value] = c.split('=');
    return { name, value, url: origin };
  });
  for (const [page, url, opts] of [[`/store/${lines[0].productId} (visitor)`, `/store/${lines[0].productId}`, {}], ['/checkout (member, cart in the browser)', '/checkout', { cookies, storage: { cart: JSON.stringify([{ product: { id: lines[0].productId, name: 'x', price: lines[0].price }, color: 'black', quantity: 1 }]) } }]]) {
    const js = await shippedJsKb(`${origin}${url}`, 1280, opts);
    console.log(`JS shipped to ${page}: ${js.gzipKb.toFixed(1)} KB gzip in ${js.files} files`);
  }
} finally {
  await stack.stop();
  baseline.kill();
}
