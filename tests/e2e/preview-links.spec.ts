import { cmsEditor, signIn } from './fixtures';
import { expect, test } from './test';

// Issue 47 #4 and #6: a preview link an admin withdrew, and a token the API refuses outright, are the
// preview page's 404 ("404 Not Found", never a 500 or "404 OK"); a link made afterwards works. The
// links are the admins' (API) and the CMS's Preview button's (the CMS makes its own).
test.use({ allowedConsoleErrors: [/status of 404/] });

test('an admin withdraws an article’s preview links: the earlier ones are a 404 page, a new one shows the draft', async ({ page, request }) => {
  test.setTimeout(120_000);
  const editor = await cmsEditor(request);
  const title = `A draft to withdraw ${Date.now()}`;
  const draft = await editor.createArticle({ title, membershipRequired: 'free', body: 'Words not yet for everyone.', status: 'draft' });
  try {
    await signIn(page.request, 'Admin', 'Admin-demo-pass');
    const link = async () => {
      const made = await page.request.post(`/api/admin/articles/${draft.id}/preview-link`);
      expect(made.status(), await made.text()).toBe(201);
      const url = new URL(((await made.json()) as { url: string }).url);
      return url.pathname + url.search;
    };
    const earlier = await link();
    const shown = await page.goto(earlier);
    expect(shown?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

    // A token the API refuses before reading it (a NUL) is the page's 404 too.
    const nul = await page.request.get(`/preview/articles/${draft.id}?token=%00`);
    expect([nul.status(), nul.statusText()]).toEqual([404, 'Not Found']);

    const revoked = await page.request.post(`/api/admin/articles/${draft.id}/preview-link/revoke`);
    expect(revoked.status(), await revoked.text()).toBe(200);
    expect(await revoked.json()).toEqual({ revokedAt: expect.any(String) });

    const gone = await page.goto(earlier);
    expect([gone?.status(), gone?.statusText()]).toEqual([404, 'Not Found']);
    await expect(page.getByRole('heading', { name: 'Preview Not Found' })).toBeVisible();
    await expect(page.getByText('This preview link is not valid: it has expired or was withdrawn.')).toBeVisible();

    const fresh = await page.goto(await link());
    expect(fresh?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  } finally {
    await editor.delete('articles', draft.id);
  }
});
