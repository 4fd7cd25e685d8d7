import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { api, errorMessage, formatPlanPrice, type PlanId } from '@app/shared/browser';
import type { StartedSubscription } from '@app/shared/schemas';
import { toast } from '@app/ui';

// Stripe's own form loads only when Stripe is the provider (the demo provider needs none of it).
const StripePayment = lazy(() => import('./stripe-payment'));

const YEARS = (() => {
  const first = new Date().getFullYear();
  return Array.from({ length: 10 }, (_, i) => first + i);
})();

/**
 * The payment form of /subscribe (spec 02 §2): the payment is started when the page opens (a
 * spinner meanwhile), then either Stripe's Payment Element or the demo provider's card form.
 * "Payment Failed" shows inline and as a toast with the provider's message. The plan's price is
 * the catalogue's.
 */
export default function SubscribeForm({ plan }: { plan: PlanId }) {
  const priceLabel = formatPlanPrice(plan);
  const [started, setStarted] = useState<StartedSubscription | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    api
      .post<StartedSubscription>('/api/subscription/create', { plan })
      .then(setStarted)
      .catch((err: unknown) => {
        setStartError(errorMessage(err, 'Failed to initialize payment'));
        toast({ title: 'Failed to create subscription', description: errorMessage(err, 'Failed to initialize payment'), variant: 'destructive' });
      });
  }, [plan]);

  const failed = (message: string) => {
    setFailure(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };

  if (startError) return <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">{startError}</p>;
  if (!started) {
    return (
      <div className="flex items-center gap-3 text-slate-600" aria-busy="true">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden="true" />
        Preparing secure payment...
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {failure && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">Payment Failed</p>
          <p>{failure}</p>
        </div>
      )}
      {started.provider === 'stripe' ? (
        <Suspense fallback={<p className="text-slate-600">Loading the payment form...</p>}>
          <StripePayment clientSecret={started.clientSecret} publishableKey={started.publishableKey!} priceLabel={priceLabel} onFailure={failed} />
        </Suspense>
      ) : (
        <DemoCardForm clientSecret={started.clientSecret} priceLabel={priceLabel} onFailure={failed} onStart={() => setFailure(null)} />
      )}
    </div>
  );
}

/** The demo provider's card form: the card goes to the demo provider only, and is never kept. */
function DemoCardForm({ clientSecret, priceLabel, onFailure, onStart }: { clientSecret: string; priceLabel: string; onFailure: (m: string) => void; onStart: () => void }) {
  const [processing, setProcessing] = useState(false);
  const [card, setCard] = useState({ cardNumber: '', expMonth: '', expYear: String(YEARS[1]), cvc: '' });
  const field = 'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (processing) return;
    onStart();
    setProcessing(true);
    try {
      await api.post('/api/subscription/demo/confirm', { clientSecret, ...card });
      // The same return address Stripe sends after a confirmed payment.
      window.location.assign('/subscribe-success?redirect_status=succeeded');
    } catch (err) {
      onFailure(errorMessage(err, 'An unknown error occurred'));
      setProcessing(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <p className="rounded-md bg-amber-50 p-3 text-xs text-amber-900">Test mode: use card 4242 4242 4242 4242 with any future date and any CVC. No real payment is taken.</p>
      <label className="block text-sm font-medium text-slate-700">
        Card number
        <input className={field} inputMode="numeric" autoComplete="cc-number" placeholder="4242 4242 4242 4242" value={card.cardNumber} onChange={(e) => setCard({ ...card, cardNumber: e.target.value })} required />
      </label>
      <div className="grid grid-cols-3 gap-3">
        <label className="block text-sm font-medium text-slate-700">
          Month
          <select className={field} autoComplete="cc-exp-month" value={card.expMonth} onChange={(e) => setCard({ ...card, expMonth: e.target.value })} required>
            <option value="">MM</option>
            {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0')).map((m) => <option key={m} value={m}>{m}</option>)}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          Year
          <select className={field} autoComplete="cc-exp-year" value={card.expYear} onChange={(e) => setCard({ ...card, expYear: e.target.value })}>
            {YEARS.map((y) => <option key={y} value={y}>{y}</option>)}
          </select>
        </label>
        <label className="block text-sm font-medium text-slate-700">
          CVC
          <input className={field} inputMode="numeric" autoComplete="cc-csc" maxLength={4} value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.target.value })} required />
        </label>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={processing}>{processing ? 'Processing...' : `Subscribe Now - ${priceLabel}`}</button>
    </form>
  );
}
