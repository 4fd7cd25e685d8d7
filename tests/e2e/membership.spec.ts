import { formatPlanPrice } from '@app/shared/browser';
import { articles, createMember, hydrated, withConsent, openTab, toasts } from './fixtures';
import { expect, test } from './test';

test.beforeEach(async ({ page }) => withConsent(page));

async function pay(page: import('@playwright/test').Page, cardNumber: string, plan: 'pro-month' | 'pro-year' = 'pro-month') {
  await hydrated(page, 'Subscribe Now');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Month').selectOption('12');
  await page.getByLabel('CVC').fill('123');
  // The price is the plan catalogue's, wherever it is shown.
  await page.getByRole('button', { name: `Subscribe Now - ${formatPlanPrice(plan)}` }).click();
}

test('a free member pays with a test card, becomes Pro at once, and cancels at the period end', async ({ page }) => {
  await createMember(page.request, { signIn: true });
  await page.goto('/membership');
  await expect(page.getByRole('tab', { name: /Yearly/ })).toBeVisible();
  await page.getByRole('tab', { name: /Yearly/ }).click();
  await expect(page.locator('[data-plan="pro"]')).toContainText(formatPlanPrice('pro-year'));
  await page.getByRole('tab', { name: 'Monthly' }).click();
  await page.locator('[data-plan="pro"]').getByRole('button', { name: 'Upgrade to Pro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro?' });
  await dialog.getByRole('link', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/subscribe\?plan=pro-month$/);
  // The confirm-upgrade dialog asked POST /api/upgrade-membership first (spec 02 §7) and says so.
  await expect(toasts(page).getByText('Continue to payment to become a Pro member.')).toBeVisible();
  await pay(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/subscribe-success\?redirect_status=succeeded$/);
  await expect(page.getByRole('heading', { name: 'Thank You for Subscribing!' })).toBeVisible();

  const pro = (await articles(page.request)).find((a) => a.membershipRequired === 'pro')!;
  await page.goto(`/articles/${pro.id}`);
  await expect(page.getByTestId('locked-panel')).toHaveCount(0);
  await expect(async () => page.getByRole('heading', { name: /^Comments/ }).scrollIntoViewIfNeeded({ timeout: 2000 })).toPass();
  await expect(page.getByPlaceholder('Share your thoughts')).toBeVisible();

  await page.goto('/profile#membership');
  await expect(page.getByTestId('membership-status')).toHaveText('Active');
  await expect(page.getByText('Renews on', { exact: true })).toBeVisible();
  const date = await page.getByTestId('membership-date').textContent();
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText('Ends on', { exact: true })).toBeVisible();
  await expect(page.getByTestId('membership-date')).toHaveText(date!);
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
});

test.describe(() => {
  // The declined payment answers 402, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 402/] });
  test('a declined card shows "Payment Failed" and grants nothing', async ({ page }) => {
    await createMember(page.request, { signIn: true });
    await page.goto('/subscribe');
    await pay(page, '4000 0000 0000 0002');
    const alert = page.getByRole('alert').filter({ hasText: 'Payment Failed' });
    await expect(alert).toContainText('Your card was declined.');
    expect((await (await page.request.get('/api/user')).json()).membershipTier).toBe('free');
  });
});

test('a member who opens the monthly plan and then pays for the yearly one is charged once, and the profile lists what can charge', async ({ page }) => {
  await createMember(page.request, { signIn: true });
  await page.goto('/subscribe?plan=pro-month');
  await hydrated(page, 'Subscribe Now');
  await page.goto('/subscribe?plan=pro-year');
  await expect(page.locator('[data-plan-price="pro-year"]')).toHaveText(formatPlanPrice('pro-year'));
  await pay(page, '4242 4242 4242 4242', 'pro-year');
  await expect(page.getByRole('heading', { name: 'Thank You for Subscribing!' })).toBeVisible();
  await page.goto('/profile#membership');
  const charging = page.getByTestId('charging-subscriptions').getByRole('listitem');
  await expect(charging).toHaveCount(1);
  await expect(charging).toContainText(`Pro, ${formatPlanPrice('pro-year')}`);
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByText('None: nothing more will be charged.')).toBeVisible();
});

test('a Pro member on /subscribe is told they already are one', async ({ page }) => {
  await createMember(page.request, { signIn: true, tier: 'pro' });
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { name: "You're Already a Pro Member!" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse articles' })).toHaveAttribute('href', '/articles');
});

test('VIP members and admins on /subscribe are told what they already have', async ({ browser }) => {
  for (const [opts, heading] of [[{ tier: 'vip' as const }, 'Your VIP membership already includes everything in Pro'], [{ admin: true }, 'Your admin account already includes everything in Pro']] as const) {
    const context = await browser.newContext();
    await createMember(context.request, { signIn: true, ...opts });
    const page = await context.newPage();
    await page.goto('/subscribe');
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await context.close();
  }
});

test('a visitor opening /subscribe is asked to sign in first', async ({ page }) => {
  await page.goto('/subscribe');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsubscribe/);
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText('Please log in to subscribe to Pro membership');
});

test('admins see members and revenue', async ({ page }) => {
  await createMember(page.request, { signIn: true, admin: true });
  await page.goto('/admin');
  await openTab(page, 'Members & Revenue');
  // The figure's card (the charts below name it too, in a legend and their tables, once drawn).
  await expect(page.getByRole('paragraph').filter({ hasText: /^Monthly recurring revenue$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Revenue by plan' })).toBeVisible();
  await expect(page.locator('[data-revenue-plan="pro-year"]')).toContainText(`Pro, ${formatPlanPrice('pro-year')}`);
  await expect(page.getByRole('heading', { name: 'Failed payments' })).toBeVisible();
});

test('an admin grants VIP from the Users tab, and the member reads VIP articles', async ({ page, browser }) => {
  const vipArticle = (await articles(page.request)).find((a) => a.membershipRequired === 'vip')!;
  const memberContext = await browser.newContext();
  const member = await createMember(memberContext.request, { signIn: true });
  expect((await (await memberContext.request.get(`/api/articles/${vipArticle.id}`)).json()).locked).toBe(true);
  await createMember(page.request, { signIn: true, admin: true });
  await page.goto('/admin');
  await openTab(page, 'Users');
  await page.getByLabel('Search users').fill(member.username);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Grant VIP to ${member.username}` }).click();
  await expect(page.getByRole('button', { name: `Remove VIP from ${member.username}` })).toBeVisible();
  expect((await (await memberContext.request.get(`/api/articles/${vipArticle.id}`)).json()).locked).toBe(false);
  await memberContext.close();
});

test('Pro members are not asked to join at the bottom of home; free members are', async ({ browser }) => {
  for (const [tier, joinNow, continueReading] of [['pro', 0, 1], ['free', 1, 0]] as const) {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('adConsent', 'denied'));
    await createMember(context.request, { signIn: true, tier });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-viewer-tier', tier);
    await expect(page.locator('[data-join-now]:visible')).toHaveCount(joinNow);
    await expect(page.locator('a:visible', { hasText: 'Continue Reading' })).toHaveCount(continueReading);
    await context.close();
  }
});
