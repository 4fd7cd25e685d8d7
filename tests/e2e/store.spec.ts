import { createMember, hydrated, openTab, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

type Product = { id: number; name: string; price: number; inStock: boolean; isFeatured: boolean; category: string };

test.beforeEach(async ({ page }) => withConsent(page));

async function catalogue(request: import('@playwright/test').APIRequestContext): Promise<Product[]> {
  const res = await request.get('/api/products');
  expect(res.ok()).toBe(true);
  return res.json();
}

test('the store filters in the page and keeps the view in the address', async ({ page }) => {
  const products = await catalogue(page.request);
  const outOfStock = products.find((p) => !p.inStock)!;
  await page.goto('/store');
  await hydrated(page, 'All Products');
  await page.getByLabel('Search products').fill(outOfStock.name.slice(0, 5).toUpperCase());
  await expect(page).toHaveURL(/\?q=/);
  await expect(page.locator('[data-product]').first()).toContainText(outOfStock.name);
  await page.getByRole('tab', { name: 'In Stock' }).click();
  await expect(page.locator(`[data-product="${outOfStock.id}"]`)).toHaveCount(0);
  await page.getByLabel('Search products').fill('no such thing anywhere');
  await expect(page.getByText('No in-stock products found matching your criteria.')).toBeVisible();

  await page.goto('/store?sort=price-desc&tab=featured');
  await hydrated(page, 'All Products');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
  const featured = products.filter((p) => p.isFeatured).sort((a, b) => b.price - a.price);
  await expect(page.locator('[data-product]')).toHaveCount(featured.length);
  await expect(page.locator('[data-product]').first()).toContainText(featured[0]!.name);
});

test('a Pro member buys from the product page to the order page, and an admin ships it', async ({ page, browser }) => {
  const member = await createMember(page.request, { signIn: true, tier: 'pro' });
  const [first, second] = (await catalogue(page.request)).filter((p) => p.inStock);

  await page.goto(`/store/${first!.id}`);
  await expect(page.getByText('Sample rating')).toBeVisible();
  await hydrated(page, 'Add to Cart');
  await page.getByText('White', { exact: true }).click({ force: true });
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(toasts(page)).toContainText('Added to cart');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.getByRole('tab', { name: 'Shipping & Returns' }).click();
  await expect(page.getByText('30-day return policy')).toBeVisible();

  await page.goto(`/store/${second!.id}`);
  await hydrated(page, 'Add to Cart');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  await page.getByRole('link', { name: 'Cart, 3 items' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('Colour: White');
  await expect(page.getByTestId('summary-discount')).toBeVisible();
  await lines.nth(1).getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
  await lines.nth(1).getByRole('button', { name: 'Remove' }).click();
  await expect(lines).toHaveCount(1);
  await expect(lines.nth(0).getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  const subtotal = first!.price * 2;
  const discount = Math.round(subtotal * 0.15);
  await expect(page.getByTestId('summary-subtotal')).toHaveText(`$${(subtotal / 100).toFixed(2)}`);
  await expect(page.getByTestId('summary-discount')).toHaveText(`−$${(discount / 100).toFixed(2)}`);

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await hydrated(page, 'Continue to Payment');
  await expect(page.getByLabel('Email')).toHaveValue(member.email);
  await page.getByLabel('Full name').fill('A');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Address must be at least 5 characters')).toBeVisible();
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Address').fill('12 Analytical Way');
  await page.getByLabel('City').fill('Springfield');
  await page.getByLabel('State').fill('IL');
  await page.getByLabel('ZIP code').fill('62701');
  await page.getByLabel('Country').selectOption('CA');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();

  await expect(page.getByText('no real payment is processed or stored')).toBeVisible();
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByLabel('Card number').fill('4242abcd42424242');
  await page.getByLabel('Month').selectOption('04');
  await page.getByLabel('Year').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVV').fill('12');
  await page.getByRole('button', { name: /^Place Order/ }).click();
  await expect(page.getByText('Card number must contain only digits')).toBeVisible();
  await expect(page.getByText('CVV must be at least 3 digits')).toBeVisible();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('CVV').fill('123');

  // The card fields never leave the browser: nothing the page sends carries them.
  const sent: string[] = [];
  page.on('request', (r) => sent.push(`${r.url()} ${r.postData() ?? ''}`));
  await page.getByRole('button', { name: /^Place Order/ }).click();
  await expect(page).toHaveURL(/\/store$/);
  await expect(toasts(page)).toContainText('Order placed successfully!');
  expect(sent.some((s) => s.includes('/api/orders'))).toBe(true);
  expect(sent.filter((s) => /4242424242424242|cardNumber|cardName|cvv|expMonth|expYear/i.test(s))).toEqual([]);
  await expect(page.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();

  await page.goto('/profile#orders');
  const row = page.getByTestId('order-row').first();
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('12 Analytical Way, Springfield, IL 62701, CA');
  await row.getByRole('link', { name: 'Track Order' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+$/);
  const orderUrl = page.url();
  const orderId = orderUrl.split('/').pop()!;
  await expect(page.getByRole('heading', { name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByText(`${first!.name}`)).toBeVisible();
  await expect(page.getByTestId('order-history')).toContainText('Order placed');

  // An admin, in another browser, marks it shipped with a note.
  const adminContext = await browser.newContext();
  await adminContext.addInitScript(() => localStorage.setItem('adConsent', 'denied'));
  const admin = await adminContext.newPage();
  await createMember(admin.request, { signIn: true, admin: true });
  await admin.goto('/admin');
  await openTab(admin, 'Orders');
  await admin.getByLabel('Search by member').fill(member.username);
  await admin.getByRole('button', { name: 'Search' }).click();
  const adminRow = admin.getByTestId('admin-order').filter({ hasText: `Order #${orderId}` });
  await adminRow.getByLabel('New status').selectOption('shipped');
  await adminRow.getByLabel('Note').fill('Tracking 1Z999');
  await adminRow.getByRole('button', { name: 'Update' }).click();
  await expect(toasts(admin)).toContainText('Order updated');
  await expect(adminRow).toContainText('Shipped');
  await adminContext.close();

  await page.goto(orderUrl);
  await expect(page.getByTestId('order-history')).toContainText('Tracking 1Z999');
  await expect(page.locator('[data-status="shipped"]').first()).toBeVisible();
});

test('a product that left the catalogue is shown as unavailable and cannot be checked out', async ({ page }) => {
  await createMember(page.request, { signIn: true });
  await page.goto('/cart');
  await page.evaluate(() => localStorage.setItem('cart', JSON.stringify([{ product: { id: 2147483000, name: 'Retired Sticker', price: 300 }, color: 'black', quantity: 1 }])));
  await page.reload();
  await expect(page.getByText('No longer available — please remove it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  const res = await page.request.post('/api/orders', { data: { totalAmount: 0, shippingAddress: '1 Main Street, Town, ST 12345, US', items: [{ productId: 2147483000, quantity: 1 }] } });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toContain('no longer available');
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/cart$/);
});

test('the cart stays in step across tabs', async ({ page, context }) => {
  const [product] = (await catalogue(page.request)).filter((p) => p.inStock);
  const other = await context.newPage();
  await other.goto('/cart');
  await expect(other.getByText('Your cart is empty')).toBeVisible();
  await page.goto(`/store/${product!.id}`);
  await hydrated(page, 'Add to Cart');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(other.getByTestId('cart-line')).toContainText(product!.name);
  await expect(other.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});
