import { useEffect, useState } from 'react';
import { api, can, DEFAULT_SOLD_TIER, formatLongDate, formatPercent, isGrantedTier, storeDiscountFor, tierLabel, tiersWith, viewerOf } from '@app/shared/browser';
import type { SubscriptionInfo, User } from '@app/shared/schemas';
import { loadUser } from '../../stores/session';

const POLL_MS = 2000;
const POLL_TRIES = 30;
/** The payment provider's word on the return address (Stripe's `redirect_status`; the demo form sends the same). */
const SUBMITTED = ['succeeded', 'processing'];

/**
 * After the payment: refreshes the current user and shows the membership as it really is. Only
 * when a payment was really submitted (the provider's return address says so) and is still open
 * does it say "being processed" and wait for it; someone who only opened /subscribe is told
 * there is no completed payment, and a member who already has what is sold (a granted VIP, staff)
 * that there is nothing to pay.
 */
export default function SubscribeSuccess() {
  const [info, setInfo] = useState<SubscriptionInfo | null>(null);
  const [user, setUser] = useState<User | null>(null);
  const [tries, setTries] = useState(0);
  const [submitted] = useState(() => typeof window !== 'undefined' && SUBMITTED.includes(new URLSearchParams(window.location.search).get('redirect_status') ?? ''));

  useEffect(() => {
    let stop = false;
    void loadUser(true).then((u) => !stop && setUser(u));
    const check = async () => {
      const next = await api.get<SubscriptionInfo>('/api/subscriptions').catch(() => null);
      if (stop) return;
      setInfo(next);
      if (next?.active) {
        void loadUser(true);
        return;
      }
      setTries((t) => {
        if (submitted && t + 1 < POLL_TRIES && next?.status === 'incomplete') setTimeout(() => void check(), POLL_MS);
        return t + 1;
      });
    };
    void check();
    return () => void (stop = true);
  }, [submitted]);

  if (!info) return <p className="text-slate-600" aria-busy="true">Checking your membership...</p>;
  if (info.active) {
    return (
      <div className="card p-8 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Thank You for Subscribing!</h1>
        <p className="mt-3 text-lg text-emerald-700">Your {tierLabel(info.tier)} membership is activated.</p>
        {info.endDate && <p className="mt-1 text-sm text-slate-600">It renews on {formatLongDate(info.endDate)}; cancel any time from your profile.</p>}
        <div className="mt-6 text-left">
          <h2 className="font-semibold text-slate-900">What's Next?</h2>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
            <li>Read every premium article in the library.</li>
            {tiersWith('comment').includes(info.tier) && <li>Join the conversation in the comments.</li>}
            {tiersWith('ad-free').includes(info.tier) && <li>Enjoy the site without advertising.</li>}
            {storeDiscountFor(info.tier) > 0 && <li>Get {formatPercent(storeDiscountFor(info.tier))} off in the store.</li>}
          </ul>
        </div>
        <WhereNext />
      </div>
    );
  }
  if (user && can(viewerOf(user), 'read', { membershipRequired: DEFAULT_SOLD_TIER })) {
    return (
      <div className="card p-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Nothing to pay</h1>
        <p className="mt-2 text-slate-600">
          {isGrantedTier(info.tier)
            ? `Your ${tierLabel(info.tier)} membership is granted by our team and already includes everything ${tierLabel(DEFAULT_SOLD_TIER)} offers.`
            : `Your account can already read every ${tierLabel(DEFAULT_SOLD_TIER, 'badge')} article, so there is no membership to buy.`}
        </p>
        <WhereNext />
      </div>
    );
  }
  if (submitted && info.status === 'incomplete' && tries < POLL_TRIES) {
    return (
      <div className="card p-8 text-center" aria-busy="true">
        <h1 className="text-2xl font-bold text-slate-900">Your payment is being processed</h1>
        <p className="mt-2 text-slate-600">This page updates by itself as soon as it completes.</p>
      </div>
    );
  }
  return (
    <div className="card p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">No completed payment yet</h1>
      <p className="mt-2 text-slate-600">Your membership is {tierLabel(info.tier)}. If you meant to upgrade, you can finish the payment now.</p>
      <div className="mt-6 flex justify-center gap-3">
        <a href="/subscribe" className="btn-primary">Go to payment</a>
        <a href="/membership#support" className="btn-outline">Contact support</a>
      </div>
    </div>
  );
}

/** Where a member with full access goes next. */
function WhereNext() {
  return (
    <div className="mt-6 flex justify-center gap-3">
      <a href="/articles" className="btn-primary">Explore articles</a>
      <a href="/profile#membership" className="btn-outline">Go to your profile</a>
    </div>
  );
}
