import { afterEach, describe, expect, it } from 'vitest';
import { $availability, $cart, $cartCount, addToCart, CART_KEY, clearCart, noteCatalogue, removeFromCart, setQuantity } from './cart';

const tee = { id: 1, name: 'Classic Tee', price: 2499 };
const mug = { id: 7, name: 'Calm Mind Mug', price: 1299 };

afterEach(() => clearCart());

describe('the cart store', () => {
  it('keeps one line per product and colour, counts quantities and persists under "cart"', () => {
    addToCart(tee, 'black', 1);
    addToCart(tee, 'black', 2);
    addToCart(tee, 'white', 1);
    addToCart(mug, 'primary', 1);
    expect($cart.get().map((i) => [i.product.id, i.color, i.quantity])).toEqual([[1, 'black', 3], [1, 'white', 1], [7, 'primary', 1]]);
    expect($cartCount.get()).toBe(5);
    expect(JSON.parse(localStorage.getItem(CART_KEY)!)).toHaveLength(3);
  });

  it('accepts only whole quantities of at least 1, and at most 99 a line', () => {
    addToCart(tee, 'black', 0);
    addToCart(tee, 'black', 1.5);
    expect($cart.get()).toEqual([]);
    addToCart(tee, 'black', 150);
    expect($cart.get()[0]!.quantity).toBe(99);
  });

  it('removes a line whose quantity goes below 1, and clears', () => {
    addToCart(tee, 'black', 2);
    addToCart(mug, 'black', 1);
    setQuantity(1, 'black', 1);
    expect($cartCount.get()).toBe(2);
    setQuantity(1, 'black', 0);
    expect($cart.get().map((i) => i.product.id)).toEqual([7]);
    removeFromCart(7, 'black');
    expect($cart.get()).toEqual([]);
    addToCart(mug, 'white', 3);
    clearCart();
    expect($cartCount.get()).toBe(0);
  });

  it('follows another tab’s changes and ignores what is not a cart', () => {
    const other = JSON.stringify([{ product: tee, color: 'white', quantity: 4 }, { product: { id: 'x' }, quantity: 1 }]);
    localStorage.setItem(CART_KEY, other);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY, newValue: other }));
    expect($cart.get()).toEqual([{ product: tee, color: 'white', quantity: 4 }]);
    window.dispatchEvent(new StorageEvent('storage', { key: CART_KEY, newValue: '{not json' }));
    expect($cart.get()).toEqual([]);
  });
});

describe('the cart count', () => {
  afterEach(() => $availability.set({ unbuyable: [], checkedAt: 0 }));

  it('leaves out lines the catalogue cannot sell (removed or out of stock)', () => {
    addToCart(tee, 'black', 2);
    addToCart(mug, 'white', 3);
    addToCart({ id: 99, name: 'Retired Sticker', price: 300 }, 'black', 1);
    noteCatalogue([{ id: 1, inStock: true }, { id: 7, inStock: false }]);
    expect($availability.get().unbuyable).toEqual([7, 99]);
    expect($cartCount.get()).toBe(2);
    noteCatalogue([{ id: 1, inStock: true }, { id: 7, inStock: true }, { id: 99, inStock: true }]);
    expect($cartCount.get()).toBe(6);
  });
});
