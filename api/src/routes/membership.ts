import { DemoPaymentSchema, StartSubscriptionSchema, UpgradeMembershipSchema } from '@app/shared/schemas';
import express, { Router } from 'express';
import { requireUser } from '../domain/accounts/permissions.ts';
import { confirmDemoPayment } from '../domain/membership/confirm-demo-payment.ts';
import { getSubscriptionInfo } from '../domain/membership/get-subscription-info.ts';
import { handlePaymentEvent } from '../domain/membership/handle-payment-event.ts';
import type { MembershipDeps } from '../domain/membership/membership-deps.ts';
import { setAutoRenew } from '../domain/membership/set-auto-renew.ts';
import { startSubscription } from '../domain/membership/start-subscription.ts';
import { upgradeMembership } from '../domain/membership/upgrade-membership.ts';
import { takeAttempt } from '../domain/rate-limit/attempts.ts';
import type { DemoProvider } from '../domain/ports/payment-provider.ts';
import type { StripeProvider } from '../integrations/payments/stripe-provider.ts';
import { AppError } from '../lib/app-error.ts';
import { noStore } from './no-store.ts';
import type { UserReader } from './session-cookie.ts';
import { signedIn } from './access.ts';

export type MembershipRouteDeps = MembershipDeps & { demo: DemoProvider | null; stripe: StripeProvider | null; readUser: UserReader };

/** Membership and the Pro subscription (spec 02 §7): status, start, demo payment, cancel/resume, upgrade. */
export function membershipRoutes(deps: MembershipRouteDeps): Router {
  const r = Router();
  r.get('/subscriptions', signedIn, async (req, res) => {
    noStore(res);
    res.json(await getSubscriptionInfo(deps, await deps.readUser(req)));
  });
  r.post('/subscription/create', signedIn, async (req, res) => {
    const { plan } = StartSubscriptionSchema.parse(req.body ?? {});
    res.json(await startSubscription(deps, await deps.readUser(req), plan));
  });
  r.post('/subscription/demo/confirm', signedIn, async (req, res) => {
    // The demo provider stands in only while Stripe is not configured.
    if (!deps.demo) throw new AppError('not_found', `No API route for ${req.method} ${req.path}`);
    const user = requireUser(await deps.readUser(req));
    await takeAttempt(deps.db, [{ key: `card:${user.id}`, max: 10, windowMs: 10 * 60 * 1000 }], () => 'Too many payment attempts. Please wait a few minutes and try again.');
    res.json(await confirmDemoPayment({ ...deps, demo: deps.demo }, user, DemoPaymentSchema.parse(req.body)));
  });
  r.post('/subscriptions/cancel', signedIn, async (req, res) => {
    res.json(await setAutoRenew(deps, await deps.readUser(req), false));
  });
  r.post('/subscriptions/resume', signedIn, async (req, res) => {
    res.json(await setAutoRenew(deps, await deps.readUser(req), true));
  });
  r.post('/upgrade-membership', signedIn, async (req, res) => {
    const { tier } = UpgradeMembershipSchema.parse(req.body);
    res.json(upgradeMembership(await deps.readUser(req), tier));
  });
  return r;
}

/**
 * POST /api/webhooks/stripe — mounted before the JSON parser: the signature is checked over the
 * raw body. A bad, missing or future-dated signature is 400; an event we do not need, or for a
 * customer or subscription we do not know, is acknowledged (200) and logged, never a 500.
 */
export function stripeWebhookRoute(deps: MembershipRouteDeps): Router {
  const r = Router();
  r.post('/', express.raw({ type: '*/*', limit: '1mb' }), async (req, res) => {
    if (!deps.stripe) throw new AppError('not_found', 'Stripe is not configured.');
    const signature = req.get('stripe-signature');
    let event;
    try {
      if (!signature || !Buffer.isBuffer(req.body)) throw new Error('missing');
      event = deps.stripe.parseWebhook(req.body, signature);
    } catch {
      throw new AppError('bad_request', 'Invalid or missing Stripe signature.');
    }
    const outcome = await handlePaymentEvent(deps, event);
    res.json({ received: true, outcome });
  });
  return r;
}
