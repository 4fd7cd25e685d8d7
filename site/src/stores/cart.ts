import { atom, computed } from 'nanostores';

/** The cart lives in localStorage under the key "cart" (spec 01 §9); the count is the sum of quantities. */
export type CartItem = { product: { id: number; name: string; price: number }; quantity: number };
export const CART_KEY = 'cart';

export const $cart = atom<CartItem[]>([]);
export const $cartCount = computed($cart, (items) => items.reduce((n, i) => n + i.quantity, 0));

export function loadCart(): void {
  try {
    const parsed = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    if (Array.isArray(parsed)) $cart.set(parsed.filter((i) => i?.product && Number.isInteger(i.quantity) && i.quantity > 0));
  } catch {
    $cart.set([]);
  }
}
