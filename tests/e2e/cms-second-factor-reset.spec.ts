import { cmsEditor, cmsSignIn, cmsCode } from './fixtures';
import { expect, test } from './test';

// Issue 52: a user makes new recovery codes on their own CMS page with their authenticator's code;
// a CMS admin resets a user's authenticator from the user's page, with a confirm step — the user is
// signed out everywhere and sets up a new one at their next sign-in.
test("a CMS user makes new recovery codes on their own page; an admin resets that user's authenticator", async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const admin = await cmsEditor(request);
  const editor = { email: `reset.me.${Date.now()}@example.com`, password: 'reset-me-pass-1' };
  const { id } = await admin.create('users', { ...editor, role: 'editor' });
  const theirs = await browser.newContext();
  try {
    const mine = await theirs.newPage();
    await cmsSignIn(mine, editor);
    await mine.goto(`/cms/admin/collections/users/${id}`);
    await expect(mine.getByRole('heading', { name: 'Recovery codes' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Reset authenticator' })).toHaveCount(0);
    await mine.getByLabel('6-digit code from your authenticator app').fill(await cmsCode(editor.email));
    await mine.getByRole('button', { name: 'Make new recovery codes' }).click();
    await expect(mine.locator('.cms-second-factor li')).toHaveCount(10);
    await expect(mine.locator('.cms-second-factor').getByRole('status')).toContainText('Your old codes no longer work.');

    await cmsSignIn(page);
    await page.goto(`/cms/admin/collections/users/${id}`);
    await page.getByRole('button', { name: 'Reset authenticator' }).click();
    await expect(page.getByText("Reset this user's authenticator?")).toBeVisible();
    await page.getByRole('button', { name: 'Yes, reset it' }).click();
    await expect(page.locator('.cms-second-factor').getByRole('status')).toHaveText('Done. This user is signed out and will set up a new authenticator app at their next sign-in.');
    await page.screenshot({ path: '.data/screenshots/cms-second-factor-reset-1280.png' });

    const asThisBrowser = { headers: { origin: new URL(mine.url()).origin } };
    expect((await (await mine.request.get('/cms/api/users/me', asThisBrowser)).json()).user).toBeNull();
    await mine.goto('/cms/admin');
    await mine.getByLabel('Email').fill(editor.email);
    await mine.getByLabel('Password').fill(editor.password);
    await mine.getByRole('button', { name: 'Sign in' }).click();
    await expect(mine.getByRole('heading', { name: 'Set up an authenticator app' })).toBeVisible();
  } finally {
    await theirs.close();
    await admin.delete('users', id);
  }
});
