import { useStore } from '@nanostores/react';
import { can, discountRateOf, orderTotals, viewerOf, type OrderTotals } from '@app/shared/browser';
import type { Product } from '@app/shared/schemas';
import { useEffect, useState } from 'react';
import { createFetcherStore } from '../../lib/queries';
import { loadUser, useUser } from '../../stores/session';
import { $cart, noteCatalogue, type CartItem } from '../../stores/cart';

export const $products = createFetcherStore<Product[]>(['/api/products']);

/** A cart line as the catalogue sees it now: `unavailable` when the product was removed, `out-of-stock` when it cannot be bought; its picture when known. */
export type LiveLine = CartItem & { state: 'ok' | 'unavailable' | 'out-of-stock'; imageUrl: string | null };

/**
 * The cart with today's catalogue (GET /api/products), so a stale price or stock never misleads,
 * and its totals for the viewer's tier — the same `orderTotals` the API charges with. Lines that
 * cannot be bought are shown but left out of the totals. `ready` is false until both the browser's
 * cart and the catalogue are known.
 */
export function useLiveCart() {
  const stored = useStore($cart);
  const user = useUser();
  const { data: products, error } = useStore($products);
  // The server renders an empty cart; the browser's own appears after hydration.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    void loadUser();
  }, []);
  const items = hydrated ? stored : [];
  // The header's badge counts only what can be bought: tell it what the catalogue says.
  useEffect(() => {
    if (hydrated && products) noteCatalogue(products);
  }, [hydrated, products, stored]);

  const byId = new Map((products ?? []).map((p) => [p.id, p]));
  const lines: LiveLine[] = items.map((item) => {
    if (!products) return { ...item, state: 'ok', imageUrl: null };
    const p = byId.get(item.product.id);
    if (!p) return { ...item, state: 'unavailable', imageUrl: null };
    return { ...item, product: { id: p.id, name: p.name, price: p.price }, state: p.inStock ? 'ok' : 'out-of-stock', imageUrl: p.imageUrl ?? null };
  });
  const buyable = lines.filter((l) => l.state === 'ok');
  const buyer = { memberDiscount: can(viewerOf(user ?? null), 'member-discount'), tier: user?.membershipTier };
  const totals: OrderTotals = orderTotals(buyable.map((l) => ({ price: l.product.price, quantity: l.quantity })), buyer);
  // The viewer's own rate (their tier's, from the catalogue), for the summary's "Member discount (15%)".
  return { lines, totals, discountRate: discountRateOf(buyer), hydrated, ready: hydrated && products !== undefined && user !== undefined, catalogueError: error, blocked: lines.some((l) => l.state !== 'ok') };
}
