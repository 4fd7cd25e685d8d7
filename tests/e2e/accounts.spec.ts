import { expect, test } from './test';
import { createMember, hydrated, latestMailTo, madeAccount, openTab, signIn, toasts, withConsent } from './fixtures';

test.beforeEach(async ({ page }) => withConsent(page));

test('register landing back on the guarded page, confirm the emailed link, sign out, and sign in again', async ({ page }) => {
  const username = `reader_${Date.now().toString(36)}`;
  madeAccount(username);
  const email = `${username}@example.com`;
  await page.goto('/profile');
  await expect(page).toHaveURL('/auth?redirect=%2Fprofile');

  await openTab(page, 'Sign Up');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Display name (optional)').fill('Riley Reader');
  await page.getByLabel('Password', { exact: true }).fill('reader-pass-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(toasts(page).getByText('Registration successful')).toBeVisible();
  await expect(toasts(page).getByText('Welcome to Better Self, Riley Reader!')).toBeVisible();
  expect((await (await page.request.get('/api/user')).json()).emailConfirmed).toBe(false);

  const link = new URL(/https?:\/\/\S+\/auth\?confirm-token=\S+/.exec(await latestMailTo(email))![0]);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL('/profile');
  await expect(toasts(page).getByText('Email confirmed')).toBeVisible();
  expect((await (await page.request.get('/api/user')).json()).emailConfirmed).toBe(true);

  await page.getByRole('button', { name: 'Account menu for Riley Reader' }).click();
  await expect(page.getByRole('menu')).toContainText('Free Member');
  await expect(page.getByRole('menuitem', { name: 'Admin Dashboard' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(toasts(page).getByText('You have been logged out successfully.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();

  await page.goto('/profile');
  await expect(page).toHaveURL('/auth?redirect=%2Fprofile');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('reader-pass-1');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL('/profile');
  await expect(toasts(page).getByText('Welcome back, Riley Reader!')).toBeVisible();
});

test.describe(() => {
  // The refused sign-in answers 401, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 401/] });
test('a wrong password shows the spec’s toast and inline rules catch bad fields', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.getByLabel('Username or email').fill('nobody_here');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(toasts(page).getByText('Invalid username or password. Please try again.')).toBeVisible();

  await page.goto('/auth?signup=true');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('data-state', 'active');
  await page.getByLabel('Username', { exact: true }).fill('a b');
  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username may contain only letters, numbers, underscores and hyphens')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
});
});

test('signing up with an address that has an account looks like any sign-up, and its owner is told by mail', async ({ page, request }) => {
  const member = await createMember(request);
  madeAccount(`${member.username}_again`);
  await page.goto('/auth?signup=true');
  await page.getByLabel('Username', { exact: true }).fill(`${member.username}_again`);
  await page.getByLabel('Email', { exact: true }).fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill('other-pass-1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(toasts(page).getByText('Registration successful')).toBeVisible();
  await expect.poll(() => latestMailTo(member.email)).toContain('Someone just tried to create a Better Self account with this email address');
});

test('forgot password: the emailed link resets it and the new password signs in', async ({ page, request }) => {
  const member = await createMember(request);
  await page.goto('/auth');
  await openTab(page, 'Forgot Password');
  await page.getByLabel('Email', { exact: true }).fill(member.email.toUpperCase());
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(toasts(page).getByText('Password Reset Request Sent')).toBeVisible();

  const mail = await latestMailTo(member.email);
  const link = new URL(/https?:\/\/\S+\/auth\?reset=\S+/.exec(mail)![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('fresh-pass-22');
  await page.getByLabel('Confirm new password').fill('fresh-pass-2');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm new password').fill('fresh-pass-22');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(toasts(page).getByText('Password Reset Successful')).toBeVisible();

  await page.getByLabel('Username or email').fill(member.username);
  await page.getByLabel('Password', { exact: true }).fill('fresh-pass-22');
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: `Account menu for ${member.username}` })).toBeVisible();
});

test('a signed-in member sees no Log In flash on a static page', async ({ page, request }) => {
  const member = await createMember(page.request, { signIn: true });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const el = document.querySelector('[data-auth-out]');
      (window as unknown as { authOutAtLoad: string }).authOutAtLoad = el ? getComputedStyle(el).visibility : 'absent';
    });
  });
  await page.goto('/about');
  expect(await page.evaluate(() => (window as unknown as { authOutAtLoad: string }).authOutAtLoad)).toBe('hidden');
  await expect(page.getByRole('button', { name: `Account menu for ${member.username}` })).toBeVisible();
  void request;
});

test('a free member is sent from an admin route to the home page', async ({ page }) => {
  const member = await createMember(page.request, { signIn: true });
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  void member;
});

test('a member below the tier is sent from a Pro route to /membership', async ({ page }) => {
  await createMember(page.request, { signIn: true });
  await page.goto('/fun-and-games/backyard/building-a-bird-feeder');
  await expect(page).toHaveURL('/membership');
});

test('an admin suspends a member whose open session stops working', async ({ browser }) => {
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await withConsent(memberPage);
  const member = await createMember(memberPage.request, { signIn: true });
  await memberPage.goto('/profile');
  await expect(memberPage.getByRole('heading', { name: 'My Profile' })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await withConsent(admin);
  await signIn(admin.request, 'Admin', 'Admin-demo-pass');
  await admin.goto('/admin');
  await expect(admin).toHaveTitle('Admin Dashboard | Better Self');
  await hydrated(admin, 'Upload Articles');
  await expect(async () => {
    await openTab(admin, 'Users');
    await expect(admin.getByLabel('Search users')).toBeVisible({ timeout: 1000 });
  }).toPass();
  await admin.getByLabel('Search users').fill(member.username);
  await admin.getByRole('button', { name: 'Search' }).click();
  await admin.getByRole('button', { name: `Change status of ${member.username}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Change account status' });
  await expect(dialog.getByLabel('Reason')).toHaveCount(0);
  await dialog.getByLabel('Status').selectOption('suspended');
  await dialog.getByLabel('Reason').selectOption('harassment');
  await dialog.getByLabel('Moderation Notes').fill('Abusive messages in chat');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toasts(admin).getByText('User status updated')).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(member.username) })).toContainText('Suspended');

  await memberPage.reload();
  await expect(memberPage).toHaveURL('/auth?redirect=%2Fprofile');
  await memberPage.getByLabel('Username or email').fill(member.username);
  await memberPage.getByLabel('Password', { exact: true }).fill(member.password);
  await memberPage.getByRole('button', { name: 'Log In', exact: true }).click();
  await expect(toasts(memberPage).getByText('Your account has been suspended. Please contact support.')).toBeVisible();
  await memberContext.close();
  await adminContext.close();
});

test('the auth page has no common frame and links to the policies', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Terms and Privacy Policy' })).toHaveAttribute('href', '/policies');
});
