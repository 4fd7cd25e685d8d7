/**
 * The checkout form's steps and choices (spec 02 §3 "Checkout form", §5 "Checkout"). Its rules
 * and messages are the shared CheckoutFormSchema's (@app/shared/forms); the card fields are
 * checked here and never sent anywhere: the store is a demo and takes no payment.
 */
import { CheckoutFormSchema, CheckoutPaymentSchema, CheckoutShippingSchema, type CheckoutForm } from '@app/shared/forms';
import { fieldErrors } from '@app/ui/field';

export type { CheckoutForm };

export const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
  { value: 'UK', label: 'United Kingdom' },
  { value: 'AU', label: 'Australia' },
] as const;

export type CheckoutField = keyof CheckoutForm;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

const fieldsOf = (shape: object) => Object.keys(shape) as CheckoutField[];
export const SHIPPING_FIELDS = fieldsOf(CheckoutShippingSchema.shape);
export const PAYMENT_FIELDS = fieldsOf(CheckoutPaymentSchema.shape);

/** The first broken rule of each of these fields. */
export function checkoutErrors(form: CheckoutForm, fields: readonly CheckoutField[]): CheckoutErrors {
  const parsed = CheckoutFormSchema.safeParse(form);
  if (parsed.success) return {};
  const all: CheckoutErrors = fieldErrors(parsed.error.issues);
  return Object.fromEntries(fields.flatMap((f) => (all[f] ? [[f, all[f]]] : [])));
}

/** Expiry months 01–12 and the ten years from this one. */
export const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
export function expiryYears(now = new Date()): string[] {
  return Array.from({ length: 10 }, (_, i) => String(now.getFullYear() + i));
}

/** The order's one-line address (spec 02 §3): "address, city, state zip, country". */
export function shippingAddress(form: CheckoutForm): string {
  return `${form.address.trim()}, ${form.city.trim()}, ${form.state.trim()} ${form.zipCode.trim()}, ${form.country}`;
}
