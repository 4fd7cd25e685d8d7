import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test';
import { articles, withConsent } from './fixtures';

test('the home page shows the library and featured products from the CMS', async ({ page, request }) => {
  await withConsent(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Become the person you want to be' })).toBeVisible();
  const library = (await articles(request)).filter((a) => a.categoryTitle === 'Self-Help & Personal Development').slice(0, 3);
  const cards = page.getByTestId('library').getByRole('article');
  await expect(cards).toHaveCount(3);
  for (const a of library) await expect(page.getByTestId('library').getByText(a.title)).toBeVisible();
  const products = page.getByTestId('featured-products').getByRole('article');
  await expect(products).toHaveCount(3);
  await expect(page.getByTestId('featured-products')).toContainText('Better Self Classic Tee');
  await expect(page.getByRole('link', { name: 'Join Membership' }).first()).toHaveAttribute('href', '/membership');
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
});

test('every header link navigates and is highlighted on its page', async ({ page }) => {
  await withConsent(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const labels = ['About', 'Articles', 'Videos', 'Community', 'Self Help Studies', 'Fun & Games', 'Store', 'AI Assistant'];
  for (const label of labels) {
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).not.toHaveTitle(/Page Not Found/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('the mobile menu opens and navigates', async ({ page }) => {
  await withConsent(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Videos' }).click();
  await expect(page).toHaveURL(/\/videos$/);
});

test('the consent choice persists across reloads and controls the ad slots', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Cookies and Advertising Consent' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('[data-ad-slot]:visible')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Accept All' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Advertisement').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('Advertisement').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cookies and Advertising Consent' })).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('adConsent'))).toBe('granted');
});

test('declining consent keeps ads away after reload', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'About Better Self' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Cookies and Advertising Consent' })).toBeHidden();
  await expect(page.locator('[data-ad-slot]:visible')).toHaveCount(0);
});

test.describe(() => {
  // The page answers 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });
test('an unknown path shows the 404 card with status 404', async ({ page }) => {
  await withConsent(page);
  const res = await page.goto('/this/page/does-not-exist');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});
});

test('unknown API paths and bad JSON get JSON errors, never a stack trace', async ({ request }) => {
  const missing = await request.get('/api/no/such/route');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).message).toContain('No API route');
  const internal = await request.post('/api/internal/rebuild', { data: {} });
  expect(internal.status()).toBe(404);
});

test('a visitor sees the locked panel on a pro article and never receives its body', async ({ page, request }) => {
  await withConsent(page);
  const pro = (await articles(request)).find((a) => a.membershipRequired === 'pro' && a.title.startsWith('Designing a Morning Routine'))!;
  const bodies: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'fetch' || res.request().resourceType() === 'document') bodies.push(await res.text().catch(() => ''));
  });
  await page.goto(`/articles/${pro.id}`);
  await expect(page.getByRole('heading', { name: pro.title })).toBeVisible();
  await expect(page.getByText('This is Premium Content')).toBeVisible();
  await expect(page.getByText('This article requires a Pro membership to access.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/auth?redirect=%2Farticles%2F${pro.id}`);
  const secretSentence = 'A good morning routine is not a performance';
  expect(bodies.length).toBeGreaterThan(1);
  for (const body of bodies) expect(body).not.toContain(secretSentence);
});

test('a free article carries its body in the static page', async ({ page, request }) => {
  await withConsent(page);
  const free = (await articles(request)).find((a) => a.title === 'The Two-Minute Rule for Building Habits')!;
  const res = await page.goto(`/articles/${free.id}`);
  expect(await res!.text()).toContain('Scale the habit down until it takes two minutes or less.');
  await expect(page).toHaveTitle(`${free.title} | Better Self`);
});

test('the home page has no serious accessibility violations', async ({ page }) => {
  await withConsent(page);
  await page.goto('/');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a plain article page ships no zod and no server code to the browser', async ({ page }) => {
  const plain = (await articles(page.request)).find((a) => a.membershipRequired === 'free' && !a.title.startsWith('Interactive'))!;
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.text().catch(() => ''));
  });
  await withConsent(page);
  await page.goto(`/articles/${plain.id}`);
  await page.waitForLoadState('networkidle');
  const inline = await page.locator('script:not([src])').allTextContents();
  for (const code of [...scripts, ...inline]) {
    // zod v4 names its classes with strings ("$ZodError"), which survive minification.
    expect(code).not.toMatch(/ZodError|\$ZodType/);
    expect(code).not.toMatch(/node:crypto|rehype|drizzle|pg_notify|x-internal-secret/);
  }
  expect(scripts.length + inline.length).toBeGreaterThan(0);
});

test('/sitemap.xml, which crawlers ask for first, leads to the sitemap index', async ({ request }) => {
  const res = await request.get('/sitemap.xml', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers()['location']).toBe('/sitemap-index.xml');
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(await index.text()).toContain('<sitemapindex');
});
