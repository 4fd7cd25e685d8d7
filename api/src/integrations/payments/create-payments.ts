import type { Db } from '../../db/client.ts';
import { createDemoProvider } from './demo-provider.ts';
import type { DemoProvider } from '../../domain/ports/payment-provider.ts';
import type { PaymentProvider } from '../../domain/ports/payment-provider.ts';
import { createStripeProvider, type StripeProvider, type StripeSettings } from './stripe-provider.ts';

export type Payments = { provider: PaymentProvider; demo: DemoProvider | null; stripe: StripeProvider | null };

/** Stripe when configured, else the offline demo provider — the rest of the API sees one provider. */
export function createPayments(db: Db, stripe: StripeSettings | null, clock?: () => Date): Payments {
  if (stripe) {
    const provider = createStripeProvider(stripe);
    return { provider, stripe: provider, demo: null };
  }
  const demo = createDemoProvider(db, clock);
  return { provider: demo, demo, stripe: null };
}
