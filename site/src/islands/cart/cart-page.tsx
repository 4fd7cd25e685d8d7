import { formatCents, FREE_SHIPPING_FROM_CENTS, PRODUCT_COLOR_LABELS as COLOR_LABELS } from '@app/shared/browser';
import { QuantityStepper } from '@app/ui/quantity-stepper';
import { clearCart, removeFromCart, setQuantity } from '../../stores/cart';
import { ProductTintFilters, tintFilter } from '../../lib/product-tint';
import { CartSkeleton, EmptyCart } from './cart-skeleton';
import { useLiveCart, type LiveLine } from './live-cart';
import { OrderSummary } from './order-summary';

const STATE_NOTE: Record<Exclude<LiveLine['state'], 'ok'>, string> = {
  unavailable: 'No longer available — please remove it.',
  'out-of-stock': 'Out of stock — please remove it.',
};

/** /cart: the lines with quantity and Remove, Clear Cart, the summary and Proceed to Checkout (spec 02 §2 Cart). */
export default function CartPage() {
  const { lines, totals, discountRate, hydrated, ready, blocked, catalogueError } = useLiveCart();
  if (!hydrated) return <CartSkeleton />;
  if (lines.length === 0) return <EmptyCart />;
  const toFree = FREE_SHIPPING_FROM_CENTS - (totals.subtotal - totals.discount);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <section aria-label="Cart items">
        <ProductTintFilters />
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {lines.map((line) => (
            <li key={`${line.product.id}-${line.color}`} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="cart-line">
              <div className="flex min-w-0 flex-1 items-center gap-4">
              {/* The picture in the line's colour; a line that cannot be bought keeps a grey one. */}
              <img src={line.imageUrl ?? '/placeholder.svg'} alt="" width={1200} height={900} data-line-picture={line.state === 'ok' ? line.color : 'unbuyable'}
                className="aspect-[4/3] w-20 shrink-0 rounded-md border border-slate-200 bg-slate-100 object-cover" style={{ filter: line.state === 'ok' ? tintFilter(line.color) : 'grayscale(1) opacity(0.6)' }} />
              <div className="min-w-0 flex-1">
                <a href={`/store/${line.product.id}`} className="font-medium text-slate-900 hover:text-brand-700">{line.product.name}</a>
                <p className="text-sm text-slate-600">Colour: {COLOR_LABELS[line.color]} · {formatCents(line.product.price)} each</p>
                {line.state !== 'ok' && <p className="mt-1 text-sm font-medium text-red-700">{STATE_NOTE[line.state]}</p>}
              </div>
              </div>
              <div className="flex items-center justify-between gap-4 sm:justify-end">
                <QuantityStepper value={line.quantity} label={`Quantity of ${line.product.name}`} onChange={(n) => setQuantity(line.product.id, line.color, n)} />
                {/* A line that cannot be bought has no total: it is not part of the order. */}
                <span className="w-20 text-right font-semibold text-slate-900" data-testid="line-total">{line.state === 'ok' ? formatCents(line.product.price * line.quantity) : ''}</span>
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
      <OrderSummary totals={totals} discountRate={discountRate}>
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
