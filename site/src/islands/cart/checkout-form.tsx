import { api, ApiError, errorMessage, formatCents, PRODUCT_COLOR_LABELS } from '@app/shared/browser';
import type { OrderDetail } from '@app/shared/schemas';
import { Field, SelectField } from '@app/ui/field';
import { toast, toastOnNextPage } from '@app/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { invalidateKeys } from '../../lib/queries';
import { clearCart } from '../../stores/cart';
import { useLiveCart } from './live-cart';
import { OrderSummary } from './order-summary';
import { checkoutErrors, COUNTRIES, expiryYears, MONTHS, PAYMENT_FIELDS, SHIPPING_FIELDS, shippingAddress, type CheckoutErrors, type CheckoutField, type CheckoutForm } from './checkout-rules';

const STEPS = ['Shipping', 'Payment'] as const;

/**
 * /checkout (spec 02 §2, §4, §5): Shipping, then Payment, beside the order summary. Only the
 * order's lines, its total and the address go to the API; the card fields are checked here and
 * never leave the browser (a demo store). One Idempotency-Key per attempt makes a retried submit
 * return the first order.
 */
export default function CheckoutForm({ fullName, email }: { fullName: string; email: string }) {
  const cart = useLiveCart();
  const [step, setStep] = useState<0 | 1>(0);
  const [form, setForm] = useState<CheckoutForm>({ fullName, email, address: '', city: '', state: '', zipCode: '', country: 'US', cardName: '', cardNumber: '', expMonth: '', expYear: '', cvv: '' });
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = useRef<string | null>(null);
  const placed = useRef(false);

  // An empty cart has nothing to check out (after a placed order the page is already leaving).
  useEffect(() => {
    if (cart.hydrated && cart.lines.length === 0 && !placed.current) location.replace('/cart');
  }, [cart.hydrated, cart.lines.length]);

  const field = (name: CheckoutField) => ({
    id: `checkout-${name}`,
    value: form[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [name]: e.target.value }));
      attempt.current = null;
    },
  });

  function next(e: FormEvent) {
    e.preventDefault();
    const found = checkoutErrors(form, SHIPPING_FIELDS);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep(1);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = checkoutErrors(form, [...SHIPPING_FIELDS, ...PAYMENT_FIELDS]);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    setFailure(null);
    attempt.current ??= crypto.randomUUID();
    try {
      const order = await api.post<OrderDetail>(
        '/api/orders',
        {
          totalAmount: cart.totals.total,
          status: 'pending',
          shippingAddress: shippingAddress(form),
          items: cart.lines.map((l) => ({ productId: l.product.id, quantity: l.quantity, price: l.product.price, color: l.color })),
        },
        { headers: { 'Idempotency-Key': attempt.current } },
      );
      placed.current = true;
      clearCart();
      toastOnNextPage({ title: 'Order placed successfully!', description: `Order #${order.id} · ${formatCents(order.totalAmount)}. Follow it from your profile.` });
      location.assign('/store');
    } catch (err) {
      // A 409 means the catalogue moved under the cart: show today's prices before another try.
      if (err instanceof ApiError && err.status === 409) void invalidateKeys('/api/products');
      attempt.current = null;
      const message = errorMessage(err, 'Please try again later');
      setFailure(message);
      toast({ title: 'Error placing order', description: message, variant: 'destructive' });
      setSubmitting(false);
    }
  }

  if (!cart.hydrated || cart.lines.length === 0) return <p className="text-slate-600">Loading your cart...</p>;
  const years = expiryYears();
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div>
        <ol className="mb-6 flex gap-2 text-sm font-medium" aria-label="Checkout steps">
          {STEPS.map((label, i) => (
            <li key={label} aria-current={i === step ? 'step' : undefined} className={`flex items-center gap-2 rounded-full px-3 py-1 ${i === step ? 'bg-brand-600 text-white' : i < step ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-600'}`}>
              <span>{i + 1}</span><span>{label}</span>
            </li>
          ))}
        </ol>
        {step === 0 ? (
          <form noValidate onSubmit={next} className="card space-y-4 p-6" aria-labelledby="shipping-title">
            <h2 id="shipping-title" className="text-lg font-semibold text-slate-900">Shipping</h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Full name" autoComplete="name" {...field('fullName')} />
              <Field label="Email" type="email" autoComplete="email" {...field('email')} />
            </div>
            <Field label="Address" autoComplete="street-address" {...field('address')} />
            <div className="grid gap-4 sm:grid-cols-3">
              <Field label="City" autoComplete="address-level2" {...field('city')} />
              <Field label="State" autoComplete="address-level1" {...field('state')} />
              <Field label="ZIP code" autoComplete="postal-code" {...field('zipCode')} />
            </div>
            <SelectField label="Country" options={COUNTRIES} {...field('country')} />
            <button type="submit" className="btn-primary w-full sm:w-auto">Continue to Payment</button>
          </form>
        ) : (
          <form noValidate onSubmit={(e) => void submit(e)} className="card space-y-4 p-6" aria-labelledby="payment-title">
            <h2 id="payment-title" className="text-lg font-semibold text-slate-900">Payment</h2>
            <p className="rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900">This is a demo store: no real payment is processed or stored. Your card details never leave this page.</p>
            <Field label="Name on card" autoComplete="off" {...field('cardName')} />
            <Field label="Card number" inputMode="numeric" autoComplete="off" maxLength={19} {...field('cardNumber')} />
            <div className="grid grid-cols-3 gap-4">
              <SelectField label="Month" options={[{ value: '', label: 'MM' }, ...MONTHS.map((m) => ({ value: m, label: m }))]} {...field('expMonth')} />
              <SelectField label="Year" options={[{ value: '', label: 'YYYY' }, ...years.map((y) => ({ value: y, label: y }))]} {...field('expYear')} />
              <Field label="CVV" inputMode="numeric" autoComplete="off" maxLength={4} {...field('cvv')} />
            </div>
            {failure && <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{failure}</p>}
            {cart.blocked && <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">Some items in your cart can't be bought any more. <a href="/cart" className="font-medium underline">Review your cart</a>.</p>}
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn-outline" onClick={() => setStep(0)} disabled={submitting}>Back</button>
              <button type="submit" className="btn-primary" disabled={submitting || !cart.ready}>{submitting ? 'Processing...' : `Place Order · ${formatCents(cart.totals.total)}`}</button>
            </div>
          </form>
        )}
      </div>
      <OrderSummary totals={cart.totals} discountRate={cart.discountRate}>
        <ul className="mt-4 space-y-1 border-t border-slate-200 pt-4 text-sm text-slate-600">
          {cart.lines.map((l) => (
            <li key={`${l.product.id}-${l.color}`} className="flex justify-between gap-3">
              <span>{l.quantity} × {l.product.name} ({PRODUCT_COLOR_LABELS[l.color]})</span>
              <span>{l.state === 'ok' ? formatCents(l.product.price * l.quantity) : 'Unavailable'}</span>
            </li>
          ))}
        </ul>
      </OrderSummary>
    </div>
  );
}
