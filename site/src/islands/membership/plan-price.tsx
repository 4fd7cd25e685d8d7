import { formatCents, tierPrice, type BillingInterval, type Tier } from '@app/shared/browser';

/**
 * A tier's price for a billing period, from the plan catalogue ("$2.99/month"; a tier not sold
 * costs $0.00). Rendered on the server by /membership's plan cards and /subscribe's summary.
 */
export default function PlanPrice({ tier, interval }: { tier: Tier; interval: BillingInterval }) {
  return (
    <>
      <span className="text-4xl font-extrabold text-slate-900">{formatCents(tierPrice(tier, interval))}</span>
      <span className="text-slate-600">/{interval}</span>
    </>
  );
}
