// Issue 48 #5: the checkout checks with the shared CheckoutFormSchema and shows its messages; made
// stricter in the shared schema, the rule is stricter in the form too.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckoutShippingSchema } from '@app/shared/forms';
import CheckoutForm from './checkout-form';
import { $cart, clearCart } from '../../stores/cart';

const stricter = vi.hoisted(() => ({ on: false }));
vi.mock('@app/shared/forms', async (importOriginal) => {
  const shared = await importOriginal<typeof import('@app/shared/forms')>();
  const z = await import('zod/mini');
  const changed = z.extend(shared.CheckoutFormSchema, { zipCode: z.string().check(z.regex(/^\d{5}$/, 'ZIP code must be 5 digits')) });
  return { ...shared, get CheckoutFormSchema() { return stricter.on ? changed : shared.CheckoutFormSchema; } };
});

const product = { id: 1, name: 'Classic Tee', price: 2499, inStock: true, description: '', imageUrl: '/media/product-1.svg', category: 'Apparel', creator: 'Studio', isFeatured: false };
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const found = url === '/api/products';
    return new Response(JSON.stringify(found ? [product] : { message: 'Not signed in' }), { status: found ? 200 : 401, headers: { 'content-type': 'application/json' } });
  }));
  $cart.set([{ product: { id: 1, name: 'Classic Tee', price: 2499 }, color: 'black', quantity: 1 }]);
});
afterEach(() => {
  stricter.on = false;
  vi.unstubAllGlobals();
  cleanup();
  clearCart();
});

async function ship(zipCode: string) {
  render(<CheckoutForm fullName="Ada Lovelace" email="ada@example.com" />);
  await screen.findByRole('heading', { name: 'Shipping' });
  for (const [label, value] of [['Address', '12 Analytical Way'], ['City', 'London'], ['State', 'LN'], ['ZIP code', zipCode]] as const) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Payment' }));
}

describe('the checkout’s Shipping step is checked by the shared rule', () => {
  it('shows the shared schema’s message for a short ZIP code and stays on Shipping', async () => {
    await ship('1234');
    const check = CheckoutShippingSchema.shape.zipCode.safeParse('1234');
    expect(check.error?.issues[0]?.message).toBe('ZIP code must be at least 5 characters');
    expect(await screen.findByText(check.error!.issues[0]!.message)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });

  it('moves on to Payment with a ZIP code the shared rule takes', async () => {
    await ship('1234X');
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeTruthy();
  });

  it('follows the shared rule when it changes', async () => {
    stricter.on = true;
    await ship('1234X');
    expect(await screen.findByText('ZIP code must be 5 digits')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment' })).toBeNull();
  });
});
