import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api, errorMessage, formatLongDate, formatPlanPrice, isGrantedTier, offerFor, PLANS, tierLabel, type PlanId } from '@app/shared/browser';
import type { SubscriptionInfo } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore, mutateCache } from '../../lib/queries';

const KEY = '/api/subscriptions';
const $subscription = createFetcherStore<SubscriptionInfo>([KEY]);

const planName = (plan: PlanId | null) => (plan ? `${tierLabel(PLANS[plan].tier)}, ${formatPlanPrice(plan)}` : 'A plan no longer sold');

/**
 * Profile → Membership: tier, status, renewal or end date, cancel at period end / resume, upgrade,
 * and every subscription that can still charge the member.
 */
export default function MembershipPanel() {
  const { data: info, error } = useStore($subscription);
  const [busy, setBusy] = useState(false);

  async function change(renew: boolean) {
    setBusy(true);
    try {
      const next = await api.post<SubscriptionInfo>(`/api/subscriptions/${renew ? 'resume' : 'cancel'}`);
      mutateCache(KEY, next);
      toast({ title: renew ? 'Membership resumed' : 'Cancellation scheduled', description: renew ? `Your ${tierLabel(next.tier)} membership will renew as usual.` : `You keep ${tierLabel(next.tier)} until ${next.endDate ? formatLongDate(next.endDate) : 'the end of the period'}.` });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (error) return <p className="text-sm text-red-700">Could not load your membership: {errorMessage(error)}</p>;
  if (!info) return <p className="text-sm text-slate-600">Loading membership...</p>;
  const status = info.active ? (info.status === 'past_due' ? 'Payment problem — please check your card' : 'Active') : isGrantedTier(info.tier) ? 'Active (granted by our team)' : 'No paid membership';
  return (
    <div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div><dt className="text-sm text-slate-500">Tier</dt><dd className="font-medium text-slate-900">{tierLabel(info.tier)}</dd></div>
        <div><dt className="text-sm text-slate-500">Status</dt><dd className="font-medium text-slate-900" data-testid="membership-status">{status}</dd></div>
        {info.active && info.endDate && (
          <div>
            <dt className="text-sm text-slate-500">{info.autoRenew ? 'Renews on' : 'Ends on'}</dt>
            <dd className="font-medium text-slate-900" data-testid="membership-date">{formatLongDate(info.endDate)}</dd>
          </div>
        )}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        {info.active && info.autoRenew && <button type="button" className="btn-outline" disabled={busy} onClick={() => void change(false)}>Cancel at period end</button>}
        {info.active && !info.autoRenew && <button type="button" className="btn-primary" disabled={busy} onClick={() => void change(true)}>Resume</button>}
        {!info.active && offerFor(info.tier)?.kind === 'upgrade' && <a href="/membership" className="btn-primary">Upgrade</a>}
      </div>
      <section className="mt-6" aria-labelledby="charging-title">
        <h3 id="charging-title" className="text-sm font-semibold text-slate-900">Subscriptions that can charge you</h3>
        {info.charging.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">None: nothing more will be charged.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="charging-subscriptions">
            {info.charging.map((c, i) => (
              <li key={i} className="flex flex-wrap justify-between gap-2 px-4 py-3 text-sm">
                <span className="font-medium text-slate-900">{planName(c.plan)}</span>
                <span className="text-slate-600">{c.renewsOn ? `Renews on ${formatLongDate(c.renewsOn)}` : 'Waiting for its first payment'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
