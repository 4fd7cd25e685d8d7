import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { articles, createMember, hydrated, scrollToComments, signIn, toasts, withConsent } from './fixtures';

test.beforeEach(async ({ page }) => withConsent(page));

async function openArticle(page: Page, title: string) {
  const target = (await articles(page.request)).find((a) => a.title === title)!;
  await page.goto(`/articles/${target.id}`);
  return target;
}

test('a Pro member reads a pro article and comments; an admin hides the comment', async ({ page, browser }) => {
  await signIn(page.request, 'pro_member', 'pro-demo-pass');
  const article = await openArticle(page, 'Designing a Morning Routine That Survives Real Life');
  await expect(page.getByText('A good morning routine is not a performance')).toBeVisible();
  await expect(page.getByText('This is Premium Content')).toHaveCount(0);

  const text = `Packing my bag the night before saves me ten minutes. (${Date.now()})`;
  await scrollToComments(page);
  const box = page.getByPlaceholder('Share your thoughts');
  await expect(page.getByRole('button', { name: 'Post Comment' })).toBeDisabled();
  await box.fill(text);
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(toasts(page).getByText('Comment posted')).toBeVisible();
  const mine = page.locator('[data-comment-id]', { hasText: text });
  await expect(mine).toContainText('Priya Pro');
  await expect(mine.getByRole('button', { name: 'Edit' })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await withConsent(admin);
  await signIn(admin.request, 'Admin', 'Admin-demo-pass');
  await admin.goto(`/articles/${article.id}`);
  await scrollToComments(admin);
  const theirs = admin.locator('[data-comment-id]', { hasText: text });
  await theirs.scrollIntoViewIfNeeded();
  await theirs.getByRole('button', { name: 'Moderate' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Moderate comment' });
  await dialog.getByLabel('Reason').selectOption('spam');
  await dialog.getByRole('button', { name: 'Hide Comment' }).click();
  await expect(toasts(admin).getByText('Comment moderated')).toBeVisible();
  await expect(theirs).toContainText('Hidden: Spam');
  await adminContext.close();

  await page.reload();
  await scrollToComments(page);
  const hiddenForAuthor = page.locator('[data-comment-id]', { hasText: 'This comment has been hidden by a moderator.' });
  await hiddenForAuthor.first().scrollIntoViewIfNeeded();
  await expect(hiddenForAuthor.first()).toBeVisible();
  await expect(page.getByText(text)).toHaveCount(0);

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await withConsent(visitor);
  const res = await visitor.request.get(`/api/articles/${article.id}/comments`);
  expect(res.status()).toBe(403);
  await visitorContext.close();
});

test('a free member sees "Pro Members Only" instead of the comment box', async ({ page }) => {
  await createMember(page.request, { signIn: true });
  await openArticle(page, 'Time Blocking: Give Every Hour a Job');
  await scrollToComments(page);
  const card = page.getByRole('heading', { name: 'Pro Members Only' });
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  await expect(page.getByPlaceholder('Share your thoughts')).toHaveCount(0);
});

test('the interactive quiz needs an answer before Next, then scores and offers a retake', async ({ page }) => {
  await openArticle(page, 'Interactive: Build Your Focus Muscle');
  await expect(page.getByRole('heading', { name: 'Key Points' })).toBeVisible();
  await hydrated(page, 'Key Points');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('Attention tires with use and recovers with rest.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('Attention tires with use and recovers with rest.')).toBeVisible();
  await expect(page.getByRole('switch')).toBeDisabled();

  await page.getByRole('button', { name: 'Start Quiz' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(toasts(page).getByText('You need to select an answer before proceeding.')).toBeVisible();
  await page.getByLabel('Leftover attention on a previous task after switching').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('About 15 minutes').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Write it on a distraction list and return to the task').check();
  await page.getByRole('button', { name: 'Finish Quiz' }).click();
  await expect(toasts(page).getByText('You got 3 out of 3 correct and earned 30 points!')).toBeVisible();
  await page.getByRole('button', { name: 'Retake' }).click();
  await expect(page.getByRole('button', { name: 'Start Quiz' })).toBeVisible();
});

test('a character guide appears as the reader starts scrolling', async ({ page }) => {
  await openArticle(page, 'Interactive: Build Your Focus Muscle');
  await page.mouse.wheel(0, 400);
  await expect(page.getByText('Read slowly and notice when your attention drifts')).toBeVisible({ timeout: 5000 });
});

test('a Pro member keeps the premium overlay on VIP cards, and loses it on Pro cards', async ({ page }) => {
  const list = await articles(page.request);
  const vip = list.find((a) => a.membershipRequired === 'vip')!;
  const pro = list.find((a) => a.membershipRequired === 'pro')!;
  await createMember(page.request, { signIn: true, tier: 'pro' });
  const detail = (id: number) => page.request.get(`/api/articles/${id}`).then((r) => r.json() as Promise<{ category: string; locked: boolean }>);
  const vipCategory = (await detail(vip.id)).category;
  await page.goto(`/articles/category/${vipCategory}`);
  await expect(page.locator('html')).toHaveAttribute('data-viewer-tier', 'pro');
  const card = (id: number) => page.locator(`article[data-required-tier] a[href="/articles/${id}"]`).first();
  await expect(card(vip.id).locator('.premium-overlay')).toBeVisible();
  if ((await detail(pro.id)).category === vipCategory) await expect(card(pro.id).locator('.premium-overlay')).toBeHidden();
  // The API agrees: the VIP body stays locked for this member, the Pro one is open.
  expect([(await detail(vip.id)).locked, (await detail(pro.id)).locked]).toEqual([true, false]);
});

test('a reader’s visit is counted for the article without anything that names them; a headless browser, and a reader who refused consent, are not counted', async ({ page, browser }) => {
  const adminContext = await browser.newContext();
  // A reader's browser as it names itself (this one runs headless, and says so).
  const reader = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' });
  try {
    await signIn(adminContext.request, 'Admin', 'Admin-demo-pass');
    const top = async () => ((await (await adminContext.request.get('/api/admin/stats/articles?limit=100')).json()) as { top: { articleId: number; views: number }[] }).top;
    // An article no test has had read yet today: every test reads from this one address, which counts once an article a day.
    const read = new Set((await top()).filter((t) => t.views > 0).map((t) => t.articleId));
    const target = (await articles(page.request)).find((a) => a.membershipRequired === 'free' && !read.has(a.id))!;
    const viewsOf = async () => (await top()).find((t) => t.articleId === target.id)?.views ?? 0;
    const before = await viewsOf();
    const opens = async (p: Page) => {
      const beacon = p.waitForRequest((r) => new URL(r.url()).pathname === '/api/views');
      await p.goto(`/articles/${target.id}`);
      // (Playwright does not show a beacon's body; the API's tests read what it stores.)
      expect((await (await beacon).response())?.status()).toBe(204);
    };

    // This reader accepted the consent question (the file's other tests refuse it).
    const readerPage = await reader.newPage();
    await withConsent(readerPage, 'granted');
    await opens(readerPage);
    await expect.poll(viewsOf).toBe(before + 1);

    // A headless browser sends it too, and is not counted.
    await withConsent(page, 'granted');
    await opens(page);
    const refused = await reader.newPage();
    await withConsent(refused, 'denied');
    const asked: string[] = [];
    refused.on('request', (r) => void (new URL(r.url()).pathname === '/api/views' && asked.push(r.url())));
    await refused.goto(`/articles/${target.id}`, { waitUntil: 'load' });
    await refused.waitForTimeout(500);
    expect(asked).toEqual([]);
    expect(await viewsOf()).toBe(before + 1);
  } finally {
    await reader.close();
    await adminContext.close();
  }
});
