import type { CDPSession, Page } from '@playwright/test';
import { totpCode } from '@app/test-support/second-factor';
import { ageSecondFactor, createMember, openTab, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

/** Chromium's virtual authenticator (DevTools protocol): a platform passkey that verifies its user. */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return cdp;
}

test('a member adds a passkey in Profile → Security, signs out, and signs in with the passkey alone', async ({ page }) => {
  await withConsent(page);
  const member = await createMember(page.request, { signIn: true });
  await virtualAuthenticator(page);
  await page.goto('/profile/security');
  await page.getByLabel('Passkey name').fill('Test laptop');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(toasts(page).getByText('"Test laptop" can now be used to sign in.')).toBeVisible();
  // The first factor comes with recovery codes, shown once.
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop');
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('not used yet');

  await page.request.post('/api/logout');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL('/');
  expect(await (await page.request.get('/api/user')).json()).toMatchObject({ username: member.username, secondFactorVerified: true });
  await page.goto('/profile/security');
  await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');
});

test('an admin without a second factor is sent to set up an authenticator app before the dashboard opens', async ({ page }) => {
  await withConsent(page);
  await createMember(page.request, { signIn: true, admin: true, secondFactor: false });
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/profile\/security\?staff=1/);
  await expect(page.getByRole('alert').filter({ hasText: 'Staff accounts need a second factor.' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
  await page.getByLabel('2. Enter the 6-digit code the app shows').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('link', { name: 'Continue to the dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
});

test.describe(() => {
  // A refused code answers 401 (and the first export try 403), which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

test('an export asks for the second factor again after 10 minutes, then downloads', async ({ page }) => {
  await withConsent(page);
  const admin = await createMember(page.request, { signIn: true, admin: true });
  await ageSecondFactor(admin.id);
  await page.goto('/admin');
  await openTab(page, 'Users');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const dialog = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Code').fill('000000' === totpCode(admin.totpSecret!, 1) ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByText("That code isn't right. Please try again.")).toBeVisible();
  await dialog.getByLabel('Code').fill(totpCode(admin.totpSecret!, 1));
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
});

test('a recovery code signs in once', async ({ page }) => {
  await withConsent(page);
  const member = await createMember(page.request, { signIn: true });
  const setup = await (await page.request.post('/api/profile/security/totp')).json();
  const { recoveryCodes } = await (await page.request.post('/api/profile/security/totp/confirm', { data: { code: totpCode(setup.secret) } })).json();
  await page.request.post('/api/logout');
  for (const attempt of ['first', 'second'] as const) {
    await page.goto('/auth');
    await page.getByLabel('Username or email').fill(member.username);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
    await page.getByLabel('Code from your authenticator app, or a recovery code').fill(recoveryCodes[0]);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL('/');
      await page.request.post('/api/logout');
    } else {
      await expect(page.getByText("That code isn't right. Please try again.")).toBeVisible();
    }
  }
});
});
