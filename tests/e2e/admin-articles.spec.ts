import { expect, test } from './test';
import yazl from 'yazl';
import { articles, hydrated, signIn, toasts, withConsent, openTab } from './fixtures';

function zipOf(files: Record<string, string>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) z.addBuffer(Buffer.from(text), name);
  z.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

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
