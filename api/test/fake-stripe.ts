import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeSubscription = { id: string; customer: string; status: string; cancel_at_period_end: boolean; current_period_end: number | null; price: string; interval: 'month' | 'year' };

/**
 * A local HTTP server answering like Stripe's API (form-encoded requests, JSON objects with
 * `object` fields, API version 2025+ shapes: the period on subscription items, the first
 * payment's secret in `latest_invoice.confirmation_secret`). Tests change subscriptions here
 * as Stripe would, and read what the API asked for.
 */
export async function startFakeStripe() {
  const customers = new Map<string, { id: string; email: string }>();
  const subs = new Map<string, FakeSubscription>();
  const requests: { method: string; path: string; idempotencyKey: string | undefined; auth: string | undefined; body: URLSearchParams }[] = [];
  const id = (p: string) => `${p}_${randomBytes(8).toString('hex')}`;

  const subscriptionJson = (s: FakeSubscription, expandInvoice = false) => ({
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancel_at_period_end,
    items: {
      object: 'list',
      data: [{ id: `si_${s.id}`, object: 'subscription_item', current_period_end: s.current_period_end, price: { id: s.price, object: 'price', recurring: { interval: s.interval } } }],
    },
    latest_invoice: expandInvoice
      ? { id: `in_${s.id}`, object: 'invoice', confirmation_secret: { client_secret: `pi_${s.id}_secret_x`, type: 'payment_intent' } }
      : `in_${s.id}`,
  });

  const readBody = (req: IncomingMessage) =>
    new Promise<URLSearchParams>((resolve) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => resolve(new URLSearchParams(body)));
    });

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    requests.push({ method: req.method!, path: url.pathname, idempotencyKey: req.headers['idempotency-key'] as string | undefined, auth: req.headers.authorization, body });
    const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(json));
    if (req.headers.authorization !== 'Bearer sk_test_fake') return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });

    if (req.method === 'POST' && url.pathname === '/v1/customers') {
      const c = { id: id('cus'), email: body.get('email') ?? '' };
      customers.set(c.id, c);
      return send(200, { ...c, object: 'customer' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
      const price = body.get('items[0][price]')!;
      const s: FakeSubscription = { id: id('sub'), customer: body.get('customer')!, status: 'incomplete', cancel_at_period_end: false, current_period_end: null, price, interval: price.includes('year') ? 'year' : 'month' };
      subs.set(s.id, s);
      return send(200, subscriptionJson(s, body.get('expand[0]') === 'latest_invoice.confirmation_secret'));
    }
    const match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    const s = match && subs.get(match[1]!);
    if (match && !s) return send(404, { error: { type: 'invalid_request_error', message: `No such subscription: '${match[1]}'` } });
    if (s && req.method === 'GET') return send(200, subscriptionJson(s));
    if (s && req.method === 'POST') {
      if (body.has('cancel_at_period_end')) s.cancel_at_period_end = body.get('cancel_at_period_end') === 'true';
      return send(200, subscriptionJson(s));
    }
    send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    subs,
    requests,
    /** What Stripe does when a payment succeeds, fails or a period ends. */
    set(subscriptionId: string, change: Partial<FakeSubscription>) {
      Object.assign(subs.get(subscriptionId)!, change);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
