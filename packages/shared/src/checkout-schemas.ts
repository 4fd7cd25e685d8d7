// The store's checkout form (spec 02 §3 "Checkout form", §5 "Checkout"). The card fields are
// checked in the browser and never sent: the store is a demo and takes no payment. The order the
// form places carries one shipping address (PlaceOrderSchema, orders.ts), which the API checks
// again. Written with zod/mini so the checkout page ships a few kB, not full zod; eslint keeps
// this file on zod/mini.
import * as z from 'zod/mini';

/** A trimmed text of at least `min` characters, else `message`. */
const atLeast = (min: number, message: string) => z.string({ error: message }).check(z.trim(), z.minLength(min, message));
/** At least `min` characters, digits only (the length is checked first, as the spec lists them). */
const digits = (min: number, tooShort: string, notDigits: string) => z.string({ error: tooShort }).check(z.trim(), z.minLength(min, tooShort), z.regex(/^\d+$/, notDigits));

/** The Shipping step: it moves on to Payment once these validate (spec 02 §4). */
export const CheckoutShippingSchema = z.object({
  fullName: atLeast(2, 'Full name is required'),
  email: z.string({ error: 'Invalid email address' }).check(z.trim(), z.email('Invalid email address')),
  address: atLeast(5, 'Address must be at least 5 characters'),
  city: atLeast(2, 'City must be at least 2 characters'),
  state: atLeast(2, 'State must be at least 2 characters'),
  zipCode: atLeast(5, 'ZIP code must be at least 5 characters'),
  country: atLeast(2, 'Please select a country'),
});

/** The Payment step's card fields. */
export const CheckoutPaymentSchema = z.object({
  cardName: atLeast(2, 'Name on card is required'),
  cardNumber: digits(16, 'Card number must be at least 16 digits', 'Card number must contain only digits'),
  expMonth: atLeast(1, 'Please select a month'),
  expYear: atLeast(4, 'Please select a year'),
  cvv: digits(3, 'CVV must be at least 3 digits', 'CVV must contain only digits'),
});

export const CheckoutFormSchema = z.object({ ...CheckoutShippingSchema.shape, ...CheckoutPaymentSchema.shape });
export type CheckoutForm = z.input<typeof CheckoutFormSchema>;
