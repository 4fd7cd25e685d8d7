import { formatCents, FREE_SHIPPING_FROM_CENTS, PRODUCT_COLOR_LABELS as COLOR_LABELS } from '@app/shared/browser';
import { QuantityStepper } from '@app/ui/quantity-stepper';
import { clearCart, removeFromCart, setQuantity } from '../../stores/cart';
import { useLiveCart, type LiveLine } from './live-cart';
import { OrderSummary } from './order-summary';

const STATE_NOTE: Record<Exclude<LiveLine['state'], 'ok'>, string> = {
  unavailable: 'No longer available — please remove it.',
  'out-of-stock': 'Out of stock — please remove it.',
};

/** /cart: the lines with quantity and Remove, Clear Cart, the summary and Proceed to Checkout (spec 02 §2 Cart). */
export default function CartPage() {
  const { lines, totals, memberDiscount, hydrated, ready, blocked, catalogueError } = useLiveCart();
  if (!hydrated) return <p className="text-slate-600">Loading your cart...</p>;
  if (lines.length === 0) {
    return (
      <div className="card mx-auto max-w-md p-8 text-center">
        <h2 className="text-xl font-semibold text-slate-900">Your cart is empty</h2>
        <p className="mt-2 text-slate-600">Find something you like in the store.</p>
        <a href="/store" className="btn-primary mt-6">Continue Shopping</a>
      </div>
    );
  }
  const toFree = FREE_SHIPPING_FROM_CENTS - (totals.subtotal - totals.discount);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-label="Cart items">
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {lines.map((line) => (
            <li key={`${line.product.id}-${line.color}`} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="cart-line">
              <div className="min-w-0 flex-1">
                <a href={`/store/${line.product.id}`} className="font-medium text-slate-900 hover:text-brand-700">{line.product.name}</a>
                <p className="text-sm text-slate-600">Colour: {COLOR_LABELS[line.color]} · {formatCents(line.product.price)} each</p>
                {line.state !== 'ok' && <p className="mt-1 text-sm font-medium text-red-700">{STATE_NOTE[line.state]}</p>}
              </div>
              <div className="flex items-center justify-between gap-4 sm:justify-end">
                <QuantityStepper min={0} value={line.quantity} label={`Quantity of ${line.product.name}`} onChange={(n) => setQuantity(line.product.id, line.color, n)} />
                <span className="w-20 text-right font-semibold text-slate-900">{formatCents(line.product.price * line.quantity)}</span>
                <button type="button" className="text-sm font-medium text-red-700 hover:underline" onClick={() => removeFromCart(line.product.id, line.color)}>Remove</button>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap justify-between gap-3">
          <a href="/store" className="btn-ghost">Continue Shopping</a>
          <button type="button" className="btn-outline" onClick={clearCart}>Clear Cart</button>
        </div>
      </section>
      <OrderSummary totals={totals} memberDiscount={memberDiscount}>
        {ready && toFree > 0 && <p className="mt-4 text-sm text-slate-600">Add {formatCents(toFree)} more for free shipping.</p>}
        {catalogueError && <p className="mt-4 text-sm text-red-700">Could not check today's prices. The total is confirmed at checkout.</p>}
        {blocked && <p className="mt-4 text-sm text-red-700" role="alert">Remove the items that can't be bought to continue.</p>}
        {blocked ? (
          <button type="button" className="btn-primary mt-6 w-full" disabled>Proceed to Checkout</button>
        ) : (
          <a href="/checkout" className="btn-primary mt-6 w-full">Proceed to Checkout</a>
        )}
      </OrderSummary>
    </div>
  );
}
