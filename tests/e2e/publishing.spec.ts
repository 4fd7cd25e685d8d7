import { expect, test } from '@playwright/test';
import { articles, cmsEditor, withConsent } from './fixtures';

test('an editor’s change in the CMS reaches the static home page without a restart', async ({ page, request }) => {
  test.setTimeout(120_000);
  await withConsent(page);
  const target = (await articles(request)).find((a) => a.title === 'The Two-Minute Rule for Building Habits')!;
  const editor = await cmsEditor(request);
  const newTitle = `The Two-Minute Rule, Revised ${Date.now()}`;
  await editor.update('articles', target.id, { title: newTitle });

  // The API's read model updates at once; the static page after the debounced rebuild.
  await expect.poll(async () => (await articles(request)).find((a) => a.id === target.id)?.title, { timeout: 10_000 }).toBe(newTitle);
  await expect
    .poll(async () => {
      await page.goto('/');
      return page.getByTestId('library').textContent();
    }, { timeout: 60_000, intervals: [1000] })
    .toContain(newTitle);
  await page.goto(`/articles/${target.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
});

test('an editor signs in to the CMS admin at /cms/admin and sees the content collections', async ({ page }) => {
  await page.goto('/cms/admin');
  await page.getByLabel('Email').fill('editor@example.com');
  await page.getByLabel('Password').fill('editor-demo-pass');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/cms\/admin$/);
  for (const name of ['Articles', 'Categories', 'Videos', 'Products', 'Media']) {
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
});
