import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type FakeSubscription = { id: string; customer: string; status: string; cancel_at_period_end: boolean; current_period_end: number | null; price: string; interval: 'month' | 'year' };
/** What the stand-in does to the requests an outage covers: answer 500, do the work but never answer, or decline the card. */
type Outage = { kind: 'error' | 'timeout' | 'decline'; path: RegExp };

/**
 * A local HTTP server answering like Stripe's API (form-encoded requests, JSON objects with
 * `object` fields, API version 2025+ shapes: the period on subscription items, the first
 * payment's secret in `latest_invoice.confirmation_secret`). Tests change subscriptions here
 * as Stripe would, and read what the API asked for. Like Stripe, a repeated idempotency key gets
 * the first answer again; cancelling a subscription and voiding an invoice are kept; and an
 * outage makes it answer 500, time out or decline.
 */
export async function startFakeStripe() {
  const customers = new Map<string, { id: string; email: string }>();
  const subs = new Map<string, FakeSubscription>();
  const requests: { method: string; path: string; idempotencyKey: string | undefined; auth: string | undefined; body: URLSearchParams }[] = [];
  const answered = new Map<string, unknown>();
  const voided = new Set<string>();
  let outage: Outage | null = null;
  const hanging = new Set<import('node:http').ServerResponse>();
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
      ? { id: `in_${s.id}`, object: 'invoice', status: 'open', confirmation_secret: { client_secret: `pi_${s.id}_secret_x`, type: 'payment_intent' } }
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
    const key = req.headers['idempotency-key'] as string | undefined;
    const down = outage && outage.path.test(url.pathname) ? outage.kind : null;
    if (down === 'error') return void res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }));
    if (down === 'decline') return void res.writeHead(402, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }));
    const send = (status: number, json: unknown) => {
      if (key && status === 200) answered.set(key, json);
      // A timeout: the work is done, as at Stripe, but the answer never arrives.
      if (down === 'timeout') return void hanging.add(res);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(json));
    };
    if (req.headers.authorization !== 'Bearer sk_test_fake') return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided: sk_test_****' } });
    if (key && answered.has(key)) return send(200, answered.get(key));

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
    const invoice = /^\/v1\/invoices\/([\w-]+)\/void$/.exec(url.pathname);
    if (req.method === 'POST' && invoice) {
      voided.add(invoice[1]!);
      return send(200, { id: invoice[1], object: 'invoice', status: 'void' });
    }
    const match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    const s = match && subs.get(match[1]!);
    if (match && !s) return send(404, { error: { type: 'invalid_request_error', message: `No such subscription: '${match[1]}'` } });
    if (s && req.method === 'GET') return send(200, subscriptionJson(s));
    if (s && req.method === 'DELETE') {
      if (s.status === 'canceled') return send(400, { error: { type: 'invalid_request_error', message: 'This subscription is already canceled.' } });
      s.status = 'canceled';
      return send(200, subscriptionJson(s));
    }
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
    /** Invoices voided (an unpaid first invoice whose subscription was replaced). */
    voided,
    /** Starts (or, with null, ends) an outage of the requests whose path matches. */
    outage(kind: Outage['kind'] | null, path = /.*/) {
      outage = kind ? { kind, path } : null;
      if (!kind) for (const res of hanging) res.destroy();
      if (!kind) hanging.clear();
    },
    /** What Stripe does when a payment succeeds, fails or a period ends. */
    set(subscriptionId: string, change: Partial<FakeSubscription>) {
      Object.assign(subs.get(subscriptionId)!, change);
    },
    close: () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
