/** The empty cart (spec 02 §2 Cart): 'Your cart is empty' with a link to the store. */
export function EmptyCart() {
  return (
    <div className="card mx-auto max-w-md p-8 text-center">
      <h2 className="text-xl font-semibold text-slate-900">Your cart is empty</h2>
      <p className="mt-2 text-slate-600">Find something you like in the store.</p>
      <a href="/store" className="btn-primary mt-6">Continue Shopping</a>
    </div>
  );
}

/**
 * What the server renders before the browser's cart is read: the size of what comes next, so
 * nothing moves (CLS). A script on /cart marks <html> before first paint with `data-cart` (empty
 * or filled) and `--cart-lines` from localStorage; an empty cart is drawn as itself, a filled one
 * as grey lines of the real lines' height beside the summary.
 */
export function CartSkeleton() {
  return (
    <div aria-busy="true">
      <p className="sr-only">Loading your cart...</p>
      <div className="[html[data-cart=filled]_&]:hidden" aria-hidden="true"><EmptyCart /></div>
      <div className="hidden gap-8 lg:grid-cols-[1fr_22rem] [html[data-cart=filled]_&]:grid" aria-hidden="true">
        <div>
          <div className="h-[calc(var(--cart-lines,1)*8.875rem)] animate-pulse rounded-xl border border-slate-200 bg-white sm:h-[calc(var(--cart-lines,1)*5.8125rem)]" />
          <div className="mt-4 h-[2.625rem]" />
        </div>
        <div className="card h-[19rem] animate-pulse bg-white" />
      </div>
    </div>
  );
}
