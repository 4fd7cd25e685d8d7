import { describe, expect, it } from 'vitest';
import { checkoutErrors, expiryYears, PAYMENT_FIELDS, SHIPPING_FIELDS, shippingAddress, type CheckoutForm } from './checkout-rules';

const valid: CheckoutForm = {
  fullName: 'Ada Lovelace', email: 'ada@example.com', address: '12 Analytical Way', city: 'London', state: 'LN', zipCode: '10001', country: 'UK',
  cardName: 'Ada Lovelace', cardNumber: '4242424242424242', expMonth: '04', expYear: '2030', cvv: '123',
};

describe('checkout rules', () => {
  it('accepts a complete form', () => {
    expect(checkoutErrors(valid, [...SHIPPING_FIELDS, ...PAYMENT_FIELDS])).toEqual({});
  });

  it.each([
    ['fullName', 'A', 'Full name is required'],
    ['email', 'ada@', 'Invalid email address'],
    ['email', '', 'Invalid email address'],
    ['address', '12 A', 'Address must be at least 5 characters'],
    ['zipCode', '1234', 'ZIP code must be at least 5 characters'],
    ['cardNumber', '4242 4242 4242 42', 'Card number must contain only digits'],
    ['cardNumber', '424242424242424', 'Card number must be at least 16 digits'],
    ['cvv', '12a', 'CVV must contain only digits'],
    ['cvv', '12', 'CVV must be at least 3 digits'],
    ['expMonth', '', 'Please select a month'],
  ] as const)('refuses %s = %j with "%s"', (field, value, message) => {
    expect(checkoutErrors({ ...valid, [field]: value }, [field])).toEqual({ [field]: message });
  });

  it('checks only the step it is asked about', () => {
    expect(checkoutErrors({ ...valid, cvv: '' }, SHIPPING_FIELDS)).toEqual({});
  });

  it('offers the ten years from the current one', () => {
    expect(expiryYears(new Date('2026-11-22'))).toEqual(['2026', '2027', '2028', '2029', '2030', '2031', '2032', '2033', '2034', '2035']);
  });

  it('writes the address as one line', () => {
    expect(shippingAddress(valid)).toBe('12 Analytical Way, London, LN 10001, UK');
  });
});
