import { expect, test } from './test';
import { articles, cmsEditor, createMember, hydrated, signIn, toasts, withConsent, openTab, zipOf } from './fixtures';

test('an admin uploads a ZIP and the new article appears on the site after the rebuild', async ({ page }) => {
  test.setTimeout(120_000);
  await withConsent(page);
  await signIn(page.request, 'Admin', 'Admin-demo-pass');
  await page.goto('/admin');
  await hydrated(page, 'Upload Articles');
  const title = `Walking Meetings Work ${Date.now()}`;
  const zip = await zipOf({
    'walking.md': `---\ntitle: ${title}\nexcerpt: Take your next one-to-one outside.\ncategory: time-management\nmembershipRequired: free\n---\n\nA **walking meeting** swaps the table for a path.\n\n<script>alert('x')</script>\n`,
    'broken.md': '---\ntitle: Broken\ncategory: health\nmembershipRequired: gold\n---\nbody',
  });
  await page.getByLabel('ZIP file').setInputFiles({ name: 'articles.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  // A preview comes first; nothing is written until the admin confirms.
  await expect(page.getByRole('region', { name: 'Preview' }).getByText(title)).toBeVisible();
  await page.getByRole('button', { name: 'Import 1 article' }).click();
  await expect(toasts(page).getByText('Upload successful')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 of 2 articles.' })).toBeVisible();
  await expect(page.getByText('broken.md')).toBeVisible();

  let id = 0;
  await expect.poll(async () => (id = (await articles(page.request)).find((a) => a.title === title)?.id ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
  await expect
    .poll(async () => (await page.request.get(`/articles/${id}`)).status(), { timeout: 60_000, intervals: [1000] })
    .toBe(200);
  await page.goto(`/articles/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('[data-article-body]')).toContainText('A walking meeting swaps the table for a path.');
  expect(await page.locator('[data-article-body] script').count()).toBe(0);

  await page.goto('/admin');
  await hydrated(page, 'Upload Articles');
  await page.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('dialog', { name: 'Delete this article?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Article deleted')).toBeVisible();
  await expect.poll(async () => (await articles(page.request)).some((a) => a.id === id), { timeout: 15_000 }).toBe(false);
});

test('an admin hides an article comment from the moderation tab and restores it', async ({ page, request }) => {
  await withConsent(page);
  const pro = await request.post('/api/login', { data: { username: 'vip_member', password: 'vip-demo-pass' } });
  expect(pro.ok()).toBe(true);
  const target = (await articles(request)).find((a) => a.membershipRequired === 'free')!;
  const text = `Moderation queue check ${Date.now()}`;
  expect((await request.post(`/api/articles/${target.id}/comments`, { data: { content: text } })).status()).toBe(201);

  await signIn(page.request, 'Admin', 'Admin-demo-pass');
  await page.goto('/admin');
  await hydrated(page, 'Upload Articles');
  await openTab(page, 'Content Moderation');
  await expect(page.getByRole('tab', { name: 'Reports' })).toHaveAttribute('data-state', 'active');
  // Reports open first; the comments are under the moderation tabs' own Articles.
  await page.getByRole('tablist', { name: 'Moderation' }).getByRole('tab', { name: 'Articles' }).click();
  const row = page.getByRole('row', { name: new RegExp(text) });
  await row.getByRole('button', { name: 'Hide' }).click();
  await page.getByRole('dialog', { name: 'Moderate comment' }).getByRole('button', { name: 'Hide Comment' }).click();
  await expect(toasts(page).getByText('The content has been hidden from users.')).toBeVisible();
  await expect(row).toContainText('Hidden');
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(toasts(page).getByText('The content has been approved and is visible to users.')).toBeVisible();
  await expect(row).toContainText('Visible');
});

test('Admin → Articles shows each article’s status and readings, and revokes an article’s earlier preview links', async ({ page, browser }) => {
  // Issue 47 #13: drafts, scheduled and live articles with their readings; #6: "revoke earlier links".
  test.setTimeout(120_000);
  await withConsent(page);
  const cms = await cmsEditor(page.request);
  const stamp = Date.now();
  const draft = await cms.createArticle({ title: `Status check draft ${stamp}`, membershipRequired: 'free', body: 'Not yet.', status: 'draft' });
  const scheduled = await cms.createArticle({ title: `Status check scheduled ${stamp}`, membershipRequired: 'pro', body: 'Soon.', publishDate: new Date(Date.now() + 7 * 86_400_000).toISOString() });
  try {
    const live = (await articles(page.request)).find((a) => a.membershipRequired === 'free')!;
    // A reading, counted by the same call its page makes.
    const reader = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' });
    expect((await reader.request.post('/api/views', { data: { articleId: live.id } })).status()).toBe(204);
    await reader.close();
    await createMember(page.request, { signIn: true, admin: true });
    // Readings are counted once per address and day, and capped per address: the API's count is the one shown.
    // Counted in memory, they reach the list within a second (the counter's flush): wait for it first.
    const list = async () => (await (await page.request.get('/api/admin/articles')).json()) as { id: number; status: string; views: number }[];
    await expect.poll(async () => (await list()).find((a) => a.id === live.id)?.views ?? 0).toBeGreaterThan(0);
    const listed = await list();
    expect(listed.find((a) => a.id === live.id)).toMatchObject({ status: 'live', views: expect.any(Number) });

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin');
      await hydrated(page, 'Upload Articles');
      const row = (id: number) => page.locator(`[data-admin-article="${id}"]`);
      await expect(row(draft.id).locator('[data-status]')).toHaveText('Draft');
      await expect(row(scheduled.id).locator('[data-status]')).toHaveText('Scheduled');
      await expect(row(live.id).locator('[data-status]')).toHaveText('Live');
      await expect(row(live.id).locator('[data-views]')).toHaveText(listed.find((a) => a.id === live.id)!.views.toLocaleString('en-US'));
      await expect(page.locator('table:has([data-admin-article])').getByRole('columnheader', { name: 'Views' })).toBeAttached();
      await row(draft.id).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `.data/screenshots/admin-articles-status-${width}.png` });
    }

    // A preview link shared earlier stops opening once revoked.
    const made = await page.request.post(`/api/admin/articles/${draft.id}/preview-link`);
    expect(made.status()).toBe(201);
    const link = new URL(((await made.json()) as { url: string }).url);
    const preview = `/api/preview/articles/${draft.id}${link.search}`;
    expect((await page.request.get(preview)).status()).toBe(200);
    await page.getByRole('button', { name: `Revoke earlier preview links of Status check draft ${stamp}` }).click();
    await expect(toasts(page).getByText('Preview links revoked')).toBeVisible();
    await expect.poll(async () => (await page.request.get(preview)).status()).toBe(404);
  } finally {
    await cms.delete('articles', draft.id);
    await cms.delete('articles', scheduled.id);
  }
});
