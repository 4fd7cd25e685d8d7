import { readFile } from 'node:fs/promises';
import yaml from 'js-yaml';
import { unzip } from '@app/test-support/unzip';
import { tierLabel } from '@app/shared/browser';
import { articles, createMember, openTab, withConsent } from './fixtures';
import { expect, test } from './test';

// Issue 39: the creator's numbers on the admin dashboard, at a phone's width and a desktop's.
test.beforeEach(async ({ page }) => withConsent(page));

for (const width of [390, 1280]) {
  test(`an admin reads growth, revenue and reading numbers as charts with their figures at ${width} px`, async ({ page, browser }) => {
    await page.setViewportSize({ width, height: 900 });
    // A reader opens an article: its page's beacon, answered by the front door and sent on to the API in a batch.
    const article = (await articles(page.request)).find((a) => a.membershipRequired === 'free')!;
    const reader = await browser.newContext({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' });
    const readerPage = await reader.newPage();
    const beacon = readerPage.waitForResponse((res) => res.url().endsWith('/api/views'));
    await readerPage.goto(`/articles/${article.id}`);
    expect((await beacon).status()).toBe(204);
    await reader.close();
    await createMember(page.request, { signIn: true, admin: true });
    await page.goto('/admin');
    await openTab(page, 'Members & Revenue');

    const members = page.getByRole('figure', { name: 'Members', exact: true });
    await expect(members.locator('canvas')).toBeVisible();
    const box = await members.locator('canvas').boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    for (const title of ['New paid members and cancellations', 'Revenue', 'Orders']) await expect(page.getByRole('figure', { name: title, exact: true }).locator('canvas')).toBeVisible();
    // The figures behind the chart: today's row.
    await members.getByText('Show the figures').click();
    const today = new Date().toISOString().slice(0, 10);
    const figures = members.getByRole('table', { name: 'Members' });
    const row = figures.getByRole('row', { name: new RegExp(`^${today}`) });
    await expect(row).toBeVisible();
    // Free, Pro and VIP as the API counts them from the accounts, paid invoices and grants.
    const answer = (await (await page.request.get(`/api/admin/stats/members?from=${today}&to=${today}`)).json()) as { series: { free: number; pro: number; vip: number }[] };
    const { free, pro, vip } = answer.series[0]!;
    expect(free + pro + vip).toBeGreaterThan(0);
    // Then the same tiers for the day before, the previous period (issue 47 #13).
    await expect(row.getByRole('cell')).toHaveCount(6);
    for (const [i, n] of [free, pro, vip].entries()) await expect(row.getByRole('cell').nth(i)).toHaveText(n.toLocaleString('en-US'));
    await expect(figures.getByRole('columnheader', { name: `${tierLabel('pro')}, previous period` })).toBeVisible();
    // The legend names each tier with its count and the change on the previous period (uPlot's own read "Time: Free: Pro: VIP:").
    const legend = members.locator('[data-legend]');
    await expect(legend.getByRole('listitem')).toHaveCount(4);
    await expect(legend.getByRole('listitem').first()).toContainText(new RegExp(`^${tierLabel('free')} ${free.toLocaleString('en-US')} \\((?:(?:up|down) [\\d.]+% on the previous period|no change on the previous period|new: none in the previous period): `));
    await expect(legend).toContainText('Faint dotted lines: the previous period');
    await expect(members).not.toContainText('Time:');
    await expect(page.getByRole('figure', { name: 'Revenue', exact: true }).locator('[data-legend]')).toContainText('Monthly recurring revenue');
    // The open figures, with the previous period's columns, scroll inside their card, not the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await members.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `.data/screenshots/creator-numbers-members-${width}.png` });
    await expect(members.getByRole('img')).toHaveAccessibleName(`Members: at the end, ${free} ${tierLabel('free')}, ${pro} ${tierLabel('pro')} and ${vip} ${tierLabel('vip')} members.`);

    // Twelve months by month: one row a month (the figures stay open while the new ones load).
    await page.getByRole('button', { name: '12 months' }).click();
    await expect(figures.getByRole('row')).toHaveCount(13);

    await openTab(page, 'Articles');
    const read = page.getByRole('table', { name: 'Most read articles' });
    await expect(read.getByRole('row', { name: new RegExp(article.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  });
}

test('an admin downloads the orders export from the Orders tab', async ({ page }) => {
  // Issue 47 #13: the Orders tab had no button for GET /api/admin/export/orders.csv.
  const buyer = await createMember(page.request, { signIn: true, tier: 'pro' });
  const products = (await (await page.request.get('/api/products')).json()) as { id: number; inStock: boolean }[];
  const order = { shippingAddress: '1 Main Street, Town, ST 12345, US', items: [{ productId: products.find((p) => p.inStock)!.id, quantity: 1 }] };
  // The server names the total it charges when a cart's disagrees.
  const total = ((await (await page.request.post('/api/orders', { data: { ...order, totalAmount: 0 } })).json()) as { details: { total: number } }).details.total;
  const placed = await page.request.post('/api/orders', { data: { ...order, totalAmount: total } });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: number };
  await page.request.post('/api/logout');
  await createMember(page.request, { signIn: true, admin: true });
  await page.goto('/admin');
  await openTab(page, 'Orders');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Order,Placed (UTC),Member,Status,Lines,Items,Subtotal,Discount,Shipping,Tax,Total,Total (cents)');
  const line = csv.split('\r\n').find((l) => l.startsWith(`${id},`));
  expect(line).toContain(buyer.username);
  expect(line).toContain('pending');
});

test('an admin filters the members list and downloads the members export', async ({ page }) => {
  const pro = await createMember(page.request, { tier: 'pro' });
  await createMember(page.request, { signIn: true, admin: true });
  await page.goto('/admin');
  await openTab(page, 'Users');
  await page.getByLabel('Membership').selectOption('pro');
  await expect(page.getByText(`@${pro.username}`)).toBeVisible();
  await page.getByLabel('Membership').selectOption('vip');
  await expect(page.getByText(`@${pro.username}`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^members-\d{4}-\d\d-\d\d\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Username,Email,Tier,Status,Joined (UTC),Last seen (UTC),Plan');
  expect(csv).toContain(`\r\n${pro.username},${pro.email},Pro,active,`);
});

test('an admin downloads all content as a ZIP that the site’s own import reads back: the same titles, categories, tiers and dates, and the pictures', async ({ page }) => {
  await createMember(page.request, { signIn: true, admin: true });
  await page.goto('/admin');
  await openTab(page, 'Articles');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export all content (ZIP)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^content-\d{4}-\d\d-\d\d\.zip$/);
  const zip = await readFile((await file.path())!);
  const entries = await unzip(zip);

  // Every article on the site has its file; every picture a file names is in the ZIP, whole.
  const onTheSite = await articles(page.request);
  const markdown = [...entries].filter(([name]) => name.startsWith('articles/') && name.endsWith('.md')).map(([, data]) => data.toString());
  const titles = markdown.map((m) => (yaml.load(m.split(/^---$/m)[1]!) as { title: string }).title);
  for (const a of onTheSite) expect(titles).toContain(a.title);
  const named = new Set(markdown.flatMap((m) => [...m.matchAll(/\/media\/([^\s)"']+)/g)].map((x) => `media/${x[1]}`)));
  expect(named.size).toBeGreaterThan(0);
  for (const name of named) expect(entries.get(name)?.length ?? 0, name).toBeGreaterThan(0);

  // The import, as a dry run that would update the articles already here: it reads each back as it is on the site.
  const res = await page.request.post('/api/admin/articles/upload?dryRun=true', { multipart: { file: { name: 'content.zip', mimeType: 'application/zip', buffer: zip }, onDuplicate: 'update' } });
  expect(res.status()).toBe(200);
  const preview = (await res.json()) as { preview: { title: string; category: string; membershipRequired: string; publishDate: string | null; published: boolean; error?: string }[] };
  for (const a of onTheSite) {
    const item = preview.preview.find((p) => p.title === a.title);
    expect(item, a.title).toBeDefined();
    expect([item!.category, item!.membershipRequired, item!.published, item!.error], a.title).toEqual([a.category, a.membershipRequired, true, undefined]);
    expect(new Date(item!.publishDate!).toISOString(), a.title).toBe(new Date(a.publishDate).toISOString());
  }
});
