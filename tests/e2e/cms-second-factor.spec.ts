import { totpCode } from '@app/test-support/second-factor';
import { cmsEditor } from './fixtures';
import { expect, test } from './test';

// Issue 52 #3: a CMS user who signs in with a password needs a second factor. A new editor sets up
// an authenticator on the CMS's sign-in page (the test reads the key off the page and computes the
// codes), keeps the recovery codes, and from then on signs in with the password and a code.
test('a new CMS editor sets up an authenticator at their first sign-in before any CMS page opens, then signs in with a code or a recovery code', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const admin = await cmsEditor(request);
  const editor = { email: `two.steps.${Date.now()}@example.com`, password: 'two-steps-pass-1' };
  const { id } = await admin.create('users', { ...editor, role: 'editor' });
  try {
    await page.goto('/cms/admin/collections/articles');
    await expect(page).toHaveURL(/\/cms\/admin\/login/);
    await page.getByLabel('Email').fill(editor.email);
    await page.getByLabel('Password').fill(editor.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page.getByRole('heading', { name: 'Set up an authenticator app' })).toBeVisible();
    await expect(page.locator('.cms-sign-in').getByRole('alert')).toHaveText('Your CMS account needs a second factor before you can sign in. Set up an authenticator app now: it takes a minute.');
    await expect(page.getByRole('img', { name: /QR code for your authenticator app/ })).toBeVisible();
    // The password alone opened nothing: no CMS call works from this browser (Payload reads its cookie only with the public origin).
    const asThisBrowser = { headers: { origin: new URL(page.url()).origin } };
    expect((await (await page.request.get('/cms/api/users/me', asThisBrowser)).json()).user).toBeNull();
    expect((await page.request.get('/cms/api/articles?limit=1&draft=true', asThisBrowser)).status()).toBe(403);
    await page.screenshot({ path: '.data/screenshots/cms-second-factor-setup-1280.png' });

    const secret = (await page.locator('[data-totp-secret]').textContent())!.trim();
    await page.getByLabel('6-digit code from the app').fill(totpCode(secret, 5));
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await expect(page.locator('.cms-sign-in').getByRole('alert')).toHaveText("That code didn't match. Check that your phone's clock is right and type the newest code.");
    const firstCode = totpCode(secret);
    await page.getByLabel('6-digit code from the app').fill(firstCode);
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();

    const codes = page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.allTextContents()).map((c) => c.trim());
    await page.getByRole('button', { name: 'I have saved them: open the CMS' }).click();
    await expect(page).toHaveURL(/\/cms\/admin\/collections\/articles/);
    expect((await (await page.request.get('/cms/api/users/me', asThisBrowser)).json()).user.email).toBe(editor.email);

    // Another browser: the password, then a code; the code already used does not work twice, a recovery code does.
    const later = await browser.newContext();
    const again = await later.newPage();
    try {
      await again.goto('/cms/admin');
      await again.getByLabel('Email').fill(editor.email);
      await again.getByLabel('Password').fill(editor.password);
      await again.getByRole('button', { name: 'Sign in' }).click();
      await expect(again.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
      await again.getByLabel('Authenticator code or recovery code').fill(firstCode);
      await again.getByRole('button', { name: 'Verify' }).click();
      await expect(again.locator('.cms-sign-in').getByRole('alert')).toHaveText("That code isn't right. Please try again.");
      await again.getByLabel('Authenticator code or recovery code').fill(recovery[0]!);
      await again.getByRole('button', { name: 'Verify' }).click();
      await expect(again).toHaveURL(/\/cms\/admin$/);
    } finally {
      await later.close();
    }
  } finally {
    await admin.delete('users', id);
  }
});
