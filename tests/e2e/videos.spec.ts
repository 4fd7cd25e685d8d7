import { cmsEditor, createMember, hydrated, openTab, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

test.beforeEach(async ({ page }) => withConsent(page));

test('a member favorites a video on /videos, finds it on /favorites, opens its page and removes it', async ({ page }) => {
  await createMember(page.request, { signIn: true });
  await page.goto('/videos');
  await hydrated(page, 'Search videos');
  await page.getByLabel('Search videos').fill('BREATHING');
  const card = page.getByTestId('video-card');
  await expect(card).toHaveCount(1);
  const title = (await card.getByRole('heading').textContent())!.replace(' (opens in a new tab)', '');
  await expect(card.getByRole('link').first()).toHaveAttribute('target', '_blank');
  await expect(card.getByRole('button', { name: /^Favorite:/ })).toHaveAttribute('aria-pressed', 'false');
  await card.getByRole('button', { name: /^Favorite:/ }).click();
  await expect(toasts(page)).toContainText('Added to favorites');
  await expect(card.getByRole('button', { name: /^Favorite:/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Search videos').fill('no video is called this');
  await expect(page.getByText('No videos found matching your search criteria.')).toBeVisible();

  await page.goto('/favorites');
  const saved = page.getByTestId('video-card');
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(title);
  await saved.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/videos\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await hydrated(page, 'Favorite');
  // The player loads only after a click, from the privacy-enhanced domain (answered here: no internet).
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }));
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: `Play ${title}` }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);

  await page.goto('/favorites');
  await page.getByTestId('video-card').getByRole('button', { name: /^Favorite:/, pressed: true }).click();
  await expect(toasts(page)).toContainText('Removed from favorites');
  await expect(page.getByText('No favorites yet')).toBeVisible();
  await page.getByRole('link', { name: 'Browse Videos' }).click();
  await expect(page).toHaveURL(/\/videos$/);
});

test('visitors are asked to sign in to save videos and sent to /auth from the saved lists', async ({ page }) => {
  await page.goto('/videos');
  await hydrated(page, 'Search videos');
  await page.getByTestId('video-card').first().getByRole('button', { name: /^Watch later:/ }).click();
  await expect(toasts(page)).toContainText('Sign in to save videos');
  await page.goto('/watch-later');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fwatch-later/);
});

test('an admin syncs the channel and the new video appears on /videos after the rebuild', async ({ page, browser }) => {
  const video = { id: `e2e${Date.now().toString(36)}`, title: `Fresh from the channel ${Date.now().toString(36)}`, description: 'A lesson the sync brings in.', duration: 'PT3M7S', views: 4321 };
  const control = await page.request.put(process.env.E2E_YOUTUBE_CONTROL!, { data: [video] });
  expect(control.ok()).toBe(true);

  await createMember(page.request, { signIn: true, admin: true, tier: 'vip' });
  await page.goto('/admin');
  await openTab(page, 'YouTube');
  await expect(page.getByTestId('youtube-channel')).toContainText('@betterself');
  await page.getByRole('button', { name: 'Sync YouTube Videos' }).click();
  await expect(toasts(page)).toContainText('YouTube videos successfully synchronized');
  await expect(page.getByTestId('youtube-run').first()).toContainText('1 added');

  // The static page picks it up once the publish pipeline has rebuilt the site.
  const visitor = await browser.newPage();
  await expect(async () => {
    await visitor.goto('/videos');
    await expect(visitor.getByTestId('video-card').filter({ hasText: video.title })).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(visitor.getByTestId('video-card').filter({ hasText: video.title })).toContainText('03:07');
  await visitor.close();
});

test('an editor makes a video Pro: its pages and public JSON carry neither its player nor its YouTube id, and Pro members can play it', async ({ page, browser, request }) => {
  const editor = await cmsEditor(request);
  const videos = (await (await request.get('/api/youtube/videos')).json()) as { id: number; title: string; externalId: string }[];
  const video = videos.find((v) => v.title === 'Packing a Day Hike Bag')!;
  expect(video.externalId).toBeTruthy();
  await editor.update('videos', video.id, { membershipRequired: 'pro' });
  try {
    await expect(async () => {
      await page.goto(`/videos/${video.id}`);
      await expect(page.getByText('This video is for Pro members.')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 60_000 });
    // The static pages carry no way to play it: nothing with its id (its address or a thumbnail address would).
    for (const path of [`/videos/${video.id}`, '/videos', `/api/youtube/videos/${video.id}`, '/api/youtube/videos']) {
      const body = await (await request.get(path)).text();
      expect(body, path).not.toContain(video.externalId);
    }
    // Its picture is our own (the seed's upload here; the locked poster for a synced video), never YouTube's.
    await expect(page.locator('main img').first()).toBeVisible();
    await expect(page.locator(`img[src*="${video.externalId}"], img[src*="ytimg"]`)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

    const pro = await browser.newContext();
    await pro.addInitScript(() => localStorage.setItem('adConsent', 'denied'));
    await createMember(pro.request, { signIn: true, tier: 'pro' });
    const proPage = await pro.newPage();
    await proPage.goto(`/videos/${video.id}`);
    await expect(proPage.getByRole('button', { name: `Play ${video.title}` })).toBeVisible();
    await pro.close();
  } finally {
    await editor.update('videos', video.id, { membershipRequired: 'free' });
  }
});
