import { persistentAtom } from '@nanostores/persistent';
import { api, MAX_LINE_QUANTITY, PRODUCT_COLORS, type ProductColor } from '@app/shared/browser';
import type { Product } from '@app/shared/schemas';
import { computed } from 'nanostores';

/**
 * The cart (spec 01 §9, 02 §3): kept in localStorage under the key "cart", shared by the header's
 * badge, /cart and /checkout, and in step across tabs (the storage event). A line is a product, a
 * colour and a quantity; prices here are only what the page last saw — the API prices orders.
 */
export type CartItem = { product: { id: number; name: string; price: number }; color: ProductColor; quantity: number };
export const CART_KEY = 'cart';

function decode(raw: string): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((i): i is CartItem => Number.isInteger(i?.product?.id) && typeof i.product.name === 'string' && Number.isInteger(i.product.price) && Number.isInteger(i.quantity) && i.quantity > 0)
      .map((i) => ({ product: { id: i.product.id, name: i.product.name, price: i.product.price }, color: PRODUCT_COLORS.includes(i.color) ? i.color : 'black', quantity: Math.min(i.quantity, MAX_LINE_QUANTITY) }));
  } catch {
    return [];
  }
}

export const $cart = persistentAtom<CartItem[]>(CART_KEY, [], { encode: JSON.stringify, decode, listen: true });

/**
 * What the catalogue last said about the cart's products: the ids that cannot be bought (removed,
 * or out of stock) and when it was read. Such lines stay in the cart until the member removes them,
 * but they are not counted (the header's badge counts what can be bought).
 */
type Availability = { unbuyable: number[]; checkedAt: number };
const AVAILABILITY_KEY = 'cartAvailability';
/** How long a reading of the catalogue stands before the header checks it again. */
const AVAILABILITY_TTL_MS = 5 * 60_000;

function decodeAvailability(raw: string): Availability {
  try {
    const parsed = JSON.parse(raw) as Partial<Availability> | null;
    const unbuyable = Array.isArray(parsed?.unbuyable) ? parsed.unbuyable.filter((id) => Number.isInteger(id)) : [];
    return { unbuyable, checkedAt: typeof parsed?.checkedAt === 'number' ? parsed.checkedAt : 0 };
  } catch {
    return { unbuyable: [], checkedAt: 0 };
  }
}

export const $availability = persistentAtom<Availability>(AVAILABILITY_KEY, { unbuyable: [], checkedAt: 0 }, { encode: JSON.stringify, decode: decodeAvailability, listen: true });

export const $cartCount = computed([$cart, $availability], (items, { unbuyable }) =>
  items.reduce((n, i) => (unbuyable.includes(i.product.id) ? n : n + i.quantity), 0),
);

/** Records which of the cart's products today's catalogue cannot sell. */
export function noteCatalogue(products: Pick<Product, 'id' | 'inStock'>[]): void {
  const buyable = new Set(products.filter((p) => p.inStock).map((p) => p.id));
  const unbuyable = [...new Set($cart.get().map((i) => i.product.id))].filter((id) => !buyable.has(id));
  $availability.set({ unbuyable, checkedAt: Date.now() });
}

/** Reads the catalogue again when the cart holds something and the last reading is old (the header's badge). */
export function refreshAvailability(now = Date.now()): void {
  if ($cart.get().length === 0 || now - $availability.get().checkedAt < AVAILABILITY_TTL_MS) return;
  api.get<Product[]>('/api/products').then(noteCatalogue, () => undefined);
}

const same = (a: CartItem, id: number, color: ProductColor) => a.product.id === id && a.color === color;

/** Adds to the line of this product and colour (quantities are whole numbers, at most 99 a line). */
export function addToCart(product: CartItem['product'], color: ProductColor, quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) return;
  const items = $cart.get();
  const line = items.find((i) => same(i, product.id, color));
  $cart.set(
    line
      ? items.map((i) => (i === line ? { ...i, product, quantity: Math.min(MAX_LINE_QUANTITY, i.quantity + quantity) } : i))
      : [...items, { product, color, quantity: Math.min(MAX_LINE_QUANTITY, quantity) }],
  );
}

/** Sets a line's quantity; below 1 removes the line (spec 01 §5). */
export function setQuantity(productId: number, color: ProductColor, quantity: number): void {
  const items = $cart.get();
  $cart.set(quantity < 1 ? items.filter((i) => !same(i, productId, color)) : items.map((i) => (same(i, productId, color) ? { ...i, quantity: Math.min(MAX_LINE_QUANTITY, Math.floor(quantity)) } : i)));
}

export function removeFromCart(productId: number, color: ProductColor): void {
  setQuantity(productId, color, 0);
}

export function clearCart(): void {
  $cart.set([]);
}
