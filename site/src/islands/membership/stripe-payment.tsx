import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';

type Props = { clientSecret: string; publishableKey: string; priceLabel: string; onFailure: (message: string) => void };

/** Stripe's Payment Element (test mode); confirming returns the member to /subscribe-success. */
export default function StripePayment({ clientSecret, publishableKey, ...rest }: Props) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <PayForm {...rest} />
    </Elements>
  );
}

function PayForm({ priceLabel, onFailure }: Omit<Props, 'clientSecret' | 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [processing, setProcessing] = useState(false);
  const ready = Boolean(stripe && elements);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements || processing) return;
    setProcessing(true);
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: `${window.location.origin}/subscribe-success` } });
    // Only reached when the payment failed: success leaves the page for the return address.
    onFailure(error?.message ?? 'An unknown error occurred');
    setProcessing(false);
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4">
      <PaymentElement />
      <button type="submit" className="btn-primary w-full" disabled={!ready || processing}>{processing ? 'Processing...' : `Subscribe Now - ${priceLabel}`}</button>
    </form>
  );
}
