import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CartPage from './cart-page';
import { queryCache } from '../../lib/queries';
import { $availability, $cart, $cartCount, clearCart } from '../../stores/cart';
import { $user } from '../../stores/session';

const product = (id: number, name: string, price: number, inStock = true) => ({ id, name, price, inStock, description: '', imageUrl: `/media/product-${id}.svg`, category: 'Apparel', creator: 'Studio', isFeatured: false });
const catalogue = [product(1, 'Classic Tee', 2499), product(8, 'Trail Cap', 2199, false)];

function serve() {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const body = url === '/api/products' ? catalogue : { message: 'Not signed in' };
    return new Response(JSON.stringify(body), { status: url === '/api/products' ? 200 : 401, headers: { 'content-type': 'application/json' } });
  }));
}
afterEach(() => {
  vi.unstubAllGlobals();
  clearCart();
  $availability.set({ unbuyable: [], checkedAt: 0 });
  queryCache.clear();
  $user.set(undefined);
});

function fill() {
  $cart.set([
    { product: { id: 1, name: 'Classic Tee', price: 2499 }, color: 'white', quantity: 1 },
    { product: { id: 8, name: 'Trail Cap', price: 2199 }, color: 'black', quantity: 2 },
    { product: { id: 999, name: 'Retired Sticker', price: 300 }, color: 'primary', quantity: 1 },
  ]);
}

describe('the cart page', () => {
  it('disables the minus button at quantity 1 and enables it above', async () => {
    serve();
    fill();
    render(<CartPage />);
    const [tee] = await screen.findAllByTestId('cart-line');
    const minus = within(tee!).getByRole('button', { name: 'Decrease quantity' });
    expect((minus as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(tee!).getByRole('button', { name: 'Increase quantity' }));
    expect((minus as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(minus);
    expect($cart.get()[0]!.quantity).toBe(1);
  });

  it('shows no line total for lines that cannot be bought, and leaves them out of the count', async () => {
    serve();
    fill();
    render(<CartPage />);
    await screen.findByText('Out of stock — please remove it.');
    await screen.findByText('No longer available — please remove it.');
    const totals = screen.getAllByTestId('line-total').map((t) => t.textContent);
    expect(totals).toEqual(['$24.99', '', '']);
    expect($cartCount.get()).toBe(1);
    expect(screen.getByTestId('summary-subtotal').textContent).toBe('$24.99');
  });

  it('draws each line’s picture in the line’s colour', async () => {
    serve();
    fill();
    render(<CartPage />);
    await screen.findByText('Out of stock — please remove it.');
    const pictures = screen.getAllByTestId('cart-line').map((l) => l.querySelector('img')!);
    expect(pictures[0]!.getAttribute('src')).toBe('/media/product-1.svg');
    expect(pictures[0]!.style.filter).toBe('url(#product-tint-white)');
    expect(pictures.map((p) => p.dataset.linePicture)).toEqual(['white', 'unbuyable', 'unbuyable']);
    expect(document.getElementById('product-tint-white')).not.toBeNull();
  });
});
