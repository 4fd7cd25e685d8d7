import type { Page } from '@playwright/test';
import type { Product, Video } from '@app/shared/schemas';
import { articles, createMember, hydrated, withConsent } from './fixtures';
import { expect, test } from './test';

// Issue 25's look items: the cart, the video player, the header, the guides, the page frame and
// layout shift. Each test saves screenshots of what it checks at 390 and 1280 px.

const shot = (page: Page, name: string) => page.screenshot({ path: `.data/screenshots/look-${name}-${page.viewportSize()!.width}.png` });
const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const lines = (page: Page) => page.getByTestId('cart-line');

async function catalogue(page: Page): Promise<Product[]> {
  return (await page.request.get('/api/products')).json();
}

/** The sum of layout shifts the page reports (no input), after it has settled. */
async function layoutShift(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  return page.evaluate(() => new Promise<number>((resolve) => {
    let sum = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) sum += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(sum), 200);
  }));
}

test.beforeEach(async ({ page }) => withConsent(page));

test('the cart: minus stops at 1, lines that cannot be bought have no total and are not counted, pictures follow the colour', async ({ page }) => {
  const products = await catalogue(page);
  const inStock = products.find((p) => p.inStock)!;
  const outOfStock = products.find((p) => !p.inStock)!;

  await page.goto(`/store/${inStock.id}`);
  await hydrated(page, 'Add to Cart');
  const picture = page.locator('[data-product-picture]');
  await expect(picture).toHaveAttribute('data-product-picture', 'black');
  await page.getByText('White', { exact: true }).click({ force: true });
  await expect(picture).toHaveAttribute('data-product-picture', 'white');
  expect(await picture.evaluate((img) => getComputedStyle(img).filter)).toContain('product-tint-white');
  await shot(page, 'product-white');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // Add an out-of-stock product and one that left the catalogue, as an old cart would hold them.
  await page.evaluate((a) => {
    const cart = JSON.parse(localStorage.getItem('cart')!);
    cart.push({ product: { id: a.id, name: a.name, price: a.price }, color: 'black', quantity: 2 }, { product: { id: 2147483000, name: 'Retired Sticker', price: 300 }, color: 'primary', quantity: 1 });
    localStorage.setItem('cart', JSON.stringify(cart));
  }, outOfStock);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/cart');
    const rows = lines(page);
    await expect(rows).toHaveCount(3);
    await expect(page.getByText('Out of stock — please remove it.')).toBeVisible();
    await expect(rows.nth(0).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await expect(rows.nth(0).getByTestId('line-total')).toHaveText(`$${(inStock.price / 100).toFixed(2)}`);
    await expect(rows.nth(1).getByTestId('line-total')).toHaveText('');
    await expect(rows.nth(2).getByTestId('line-total')).toHaveText('');
    await expect(rows.nth(0).locator('img')).toHaveAttribute('data-line-picture', 'white');
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await shot(page, 'cart');
  }
  await lines(page).nth(0).getByRole('button', { name: 'Increase quantity' }).click();
  await expect(lines(page).nth(0).getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  // Elsewhere on the site the badge says the same.
  await page.goto('/about');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
});

test('the video page draws one play mark, covering the middle of the picture', async ({ page }) => {
  const videos: Video[] = await (await page.request.get('/api/youtube/videos')).json();
  const video = videos.find((v) => v.externalId)!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/videos/${video.id}`);
    const play = page.getByRole('button', { name: `Play ${video.title}` });
    await expect(play).toBeVisible();
    await expect(play.locator('[data-play-mark]')).toHaveCount(1);
    // The seeded thumbnails draw their own play circle, 35% of the picture's height: the mark covers it.
    const stage = (await play.boundingBox())!;
    const mark = (await play.locator('[data-play-mark]').boundingBox())!;
    expect(mark.height).toBeGreaterThanOrEqual(stage.height * 0.36);
    expect(Math.abs(mark.x + mark.width / 2 - (stage.x + stage.width / 2))).toBeLessThan(2);
    await shot(page, 'video');
  }
});

test('the header fits from 1024 px up, with Log In and Sign Up', async ({ page }) => {
  for (const width of [1024, 1100, 1279, 1280, 1366, 1536, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/articles');
    const parts = [await box(page, 'header a[aria-label$="home"]'), await box(page, 'header form[role="search"]')];
    const nav = page.getByRole('navigation', { name: 'Main' });
    if (await nav.isVisible()) for (const link of await nav.getByRole('link').all()) parts.push((await link.boundingBox())!);
    parts.push(await box(page, 'header [data-cart-link]'));
    const logIn = page.getByRole('banner').getByRole('link', { name: 'Log In' });
    const signUp = page.getByRole('banner').getByRole('link', { name: 'Sign Up' });
    await expect(logIn).toBeVisible();
    await expect(signUp).toBeVisible();
    parts.push((await logIn.boundingBox())!, (await signUp.boundingBox())!);
    for (let i = 0; i < parts.length; i++) {
      expect(parts[i]!.x, `${width}px: part ${i} inside the window`).toBeGreaterThanOrEqual(0);
      expect(parts[i]!.x + parts[i]!.width, `${width}px: part ${i} inside the window`).toBeLessThanOrEqual(width);
      for (let j = i + 1; j < parts.length; j++) expect(overlaps(parts[i]!, parts[j]!), `${width}px: parts ${i} and ${j} overlap`).toBe(false);
    }
    if (width === 1280) await shot(page, 'header');
  }
});

test('guides at the end of an interactive article stay clear of the footer, and a dismissed last guide brings none back', async ({ page }) => {
  const list = await articles(page.request);
  const interactive = (await Promise.all(list.filter((a) => a.membershipRequired === 'free').map(async (a) => (await (await page.request.get(`/api/articles/${a.id}`)).json()) as { id: number; interactiveData: { characterGuides: unknown[] } | null })))
    .find((a) => (a.interactiveData?.characterGuides.length ?? 0) >= 2)!;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/articles/${interactive.id}`);
  await page.waitForLoadState('networkidle');
  // Read down to the very end, slowly enough for every guide to come.
  for (let i = 0; i < 8; i++) {
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(400);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const guide = page.locator('[data-guide-side]');
  await expect(guide).toHaveCount(1, { timeout: 10_000 });
  await page.waitForTimeout(3000);
  await expect(guide).toHaveCount(1);
  const brand = await box(page, '[data-site-footer] a[aria-label$="home"]');
  const footerText = await box(page, '[data-site-footer] p');
  const g = (await guide.boundingBox())!;
  expect(overlaps(g, brand)).toBe(false);
  expect(overlaps(g, footerText)).toBe(false);
  await shot(page, 'guide-end');
  await guide.getByRole('button', { name: 'Got it' }).click();
  await page.waitForTimeout(3000);
  await expect(guide).toHaveCount(0);
});

test('a locked article ends without a comments band; short pages keep the footer at the bottom', async ({ page }) => {
  const locked = (await articles(page.request)).find((a) => a.membershipRequired === 'pro')!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/articles/${locked.id}`);
    await expect(page.getByText('This is Premium Content')).toBeVisible();
    const share = await box(page, 'ul[aria-label="Share"]');
    const article = await box(page, 'main article');
    // Only the article's own bottom padding (2.5rem) below the share buttons.
    expect(article.y + article.height - (share.y + share.height)).toBeLessThanOrEqual(41);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await shot(page, 'locked-article-end');

    await page.goto('/cart');
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    const footer = await box(page, '[data-site-footer]');
    expect(Math.round(footer.y + footer.height)).toBeGreaterThanOrEqual(900);
  }
});

test('one icon per category; long category pills stay on one line; the sidebar ad stands by the content column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/articles');
  const hobbies = page.locator('a', { hasText: 'Hobbies & Collecting' }).first();
  await expect(hobbies.locator('svg.lucide-gem')).toHaveCount(1);

  await page.goto('/articles/category/self-help-personal-development');
  await page.getByRole('tab').first().waitFor();
  const pills = page.locator('main article .badge:first-child');
  for (const pill of (await pills.all()).slice(0, 6)) {
    if (!(await pill.isVisible())) continue;
    const { height } = (await pill.boundingBox())!;
    expect(height).toBeLessThan(30);
  }
  await shot(page, 'category');

  const adPage = await page.context().newPage();
  await adPage.addInitScript(() => localStorage.setItem('adConsent', 'granted'));
  for (const width of [1536, 1920]) {
    await adPage.setViewportSize({ width, height: 900 });
    await adPage.goto('/articles');
    const ad = adPage.locator('[data-ad-slot="sidebar"]');
    if ((await ad.count()) === 0) break; // ads turned off in Settings
    await expect(ad).toBeVisible();
    const column = await box(adPage, 'main .container-page');
    const slot = (await ad.boundingBox())!;
    expect(slot.x).toBeGreaterThanOrEqual(column.x + column.width);
    expect(slot.x - (column.x + column.width)).toBeLessThanOrEqual(32);
    expect(slot.x + slot.width).toBeLessThanOrEqual(width);
    await adPage.screenshot({ path: `.data/screenshots/look-sidebar-ad-${width}.png` });
  }
  await adPage.close();
});

test('the cart and the community do not shift as their islands load', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of ['/cart', '/community']) {
      await page.goto(path);
      expect(await layoutShift(page), `${path} at ${width}px`).toBeLessThanOrEqual(0.05);
      await shot(page, `settled-${path.slice(1)}`);
    }
  }
});

test('cards on /ai-assistant and /fun-and-games keep their gap; the admin dashboard shows every tab and every column at 390 px', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The spacing once sat on an island's element, which renders no box (display: contents).
    await page.goto('/ai-assistant');
    // Measured once the islands have hydrated: a card that grows as it does moves the one below.
    await expect(page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const agent = await box(page, 'section[aria-labelledby="interactive-agent-title"]');
    const island = [await box(page, 'section[aria-labelledby="assistant-chat-title"]'), await box(page, 'main aside .card')];
    // The island's cards end at least 16 px above the agent card, whichever of them is lower.
    expect(agent.y - Math.max(...island.map((b) => b.y + b.height))).toBeGreaterThanOrEqual(16);
    await page.goto('/fun-and-games');
    await expect(page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const board = await box(page, 'section[aria-labelledby="leaderboard-title"]');
    const more = await box(page, 'section[aria-labelledby="more-title"]');
    expect(more.y - (board.y + board.height)).toBeGreaterThanOrEqual(16);
    await shot(page, 'fun-and-games');
  }

  await createMember(page.request, { signIn: true, admin: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin');
  const tabs = page.getByRole('tab');
  await expect(tabs.last()).toHaveText('Audit Log');
  // Every tab is on screen: none is cut off at the edge of a row that scrolls.
  for (const tab of await tabs.all()) {
    const b = (await tab.boundingBox())!;
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  await page.getByRole('tab', { name: 'Deployment' }).click();
  const firstRow = page.locator('table.stack-on-phone tbody tr').first();
  await expect(firstRow).toBeVisible();
  // Each of the history's columns is on screen, named, in the row's card.
  for (const cell of await firstRow.locator('td').all()) {
    const b = (await cell.boundingBox())!;
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  await expect(firstRow.locator('td[data-label="Status"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'admin-deployment');
});

// Other files' tests run beside this one: an article they remove after the sitemap was read is a
// 404 by the time its turn comes (the browser logs that), and is passed over.
test.describe('beside other tests', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('no page of the sitemap scrolls sideways on a 390 px phone', async ({ page }) => {
    // Issue 47 #12: a category's Table of Contents card stood 24 px wider than the screen.
    test.setTimeout(300_000);
    const index = await (await page.request.get('/sitemap-index.xml')).text();
    const paths: string[] = [];
    for (const sitemap of [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)) {
      const xml = await (await page.request.get(sitemap)).text();
      paths.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname));
    }
    expect(paths).toContain('/articles/category/self-help-personal-development');
    await page.setViewportSize({ width: 390, height: 900 });
    const wide: string[] = [];
    for (const p of paths) {
      if ((await page.goto(p))?.status() === 404) continue;
      const extra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (extra > 0) wide.push(`${p} scrolls ${extra} px sideways`);
    }
    await page.goto('/articles/category/self-help-personal-development');
    await shot(page, 'category-toc');
    expect(wide).toEqual([]);
  });
});
