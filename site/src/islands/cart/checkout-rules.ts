/**
 * The checkout form's rules and messages (spec 02 §3 "Checkout form", §5 "Checkout"). The card
 * fields are checked here and never sent anywhere: the store is a demo and takes no payment.
 */
export const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
  { value: 'UK', label: 'United Kingdom' },
  { value: 'AU', label: 'Australia' },
] as const;

export type CheckoutForm = {
  fullName: string; email: string; address: string; city: string; state: string; zipCode: string; country: string;
  cardName: string; cardNumber: string; expMonth: string; expYear: string; cvv: string;
};
export type CheckoutField = keyof CheckoutForm;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

type Rule = { min: number; message: string; digits?: string; email?: string };
const RULES: Record<CheckoutField, Rule> = {
  fullName: { min: 2, message: 'Full name is required' },
  email: { min: 1, message: 'Invalid email address', email: 'Invalid email address' },
  address: { min: 5, message: 'Address must be at least 5 characters' },
  city: { min: 2, message: 'City must be at least 2 characters' },
  state: { min: 2, message: 'State must be at least 2 characters' },
  zipCode: { min: 5, message: 'ZIP code must be at least 5 characters' },
  country: { min: 2, message: 'Please select a country' },
  cardName: { min: 2, message: 'Name on card is required' },
  cardNumber: { min: 16, message: 'Card number must be at least 16 digits', digits: 'Card number must contain only digits' },
  expMonth: { min: 1, message: 'Please select a month' },
  expYear: { min: 4, message: 'Please select a year' },
  cvv: { min: 3, message: 'CVV must be at least 3 digits', digits: 'CVV must contain only digits' },
};
export const SHIPPING_FIELDS = ['fullName', 'email', 'address', 'city', 'state', 'zipCode', 'country'] as const satisfies CheckoutField[];
export const PAYMENT_FIELDS = ['cardName', 'cardNumber', 'expMonth', 'expYear', 'cvv'] as const satisfies CheckoutField[];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first broken rule of each of these fields. */
export function checkoutErrors(form: CheckoutForm, fields: readonly CheckoutField[]): CheckoutErrors {
  const errors: CheckoutErrors = {};
  for (const field of fields) {
    const rule = RULES[field];
    const value = form[field].trim();
    if (value.length < rule.min) errors[field] = rule.message;
    else if (rule.email && !EMAIL.test(value)) errors[field] = rule.email;
    else if (rule.digits && !/^\d+$/.test(value)) errors[field] = rule.digits;
  }
  return errors;
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
