import { readdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request as requestFactory, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN_SECTION_IDS, ADMIN_SECTIONS, can, guardFor, viewerOf, type Viewer } from '@app/shared/browser';
import { E2E_PORT } from '../../playwright.config';
import { createMember, withConsent } from './fixtures';
import { expect, test } from './test';

// Issue 47 #11: axe-core (WCAG 2.2 A and AA) over every page of the site, at a phone's and a
// desktop's width, as a visitor, a member and an admin; and at 390 px no page scrolls sideways
// (#12). The pages are the site's own route files (site/src/pages), so a new page is checked
// without anyone adding it here; a dynamic route needs a way to find one of its addresses below,
// or the run says which is missing. One page load per route, width and role; each role signs in
// once and its browser state is reused. `npm test` runs a short sweep (rolesFor and widthsFor below).

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [390, 1280] as const;
const ROLES = ['visitor', 'member', 'admin'] as const;
type Role = (typeof ROLES)[number];
const VIEWERS: Record<Role, Viewer> = {
  visitor: null,
  member: viewerOf({ id: 1, membershipTier: 'pro', role: 'member', accountStatus: 'active' }),
  admin: viewerOf({ id: 2, membershipTier: 'free', role: 'admin', accountStatus: 'active' }),
};

/** The site's routes, from its page files: `[param]` segments kept, endpoints (.ts) left out. */
function siteRoutes(): string[] {
  const pages = path.resolve(import.meta.dirname, '../../site/src/pages');
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.astro')) {
        const route = '/' + path.relative(pages, file).replace(/\.astro$/, '').replace(/(^|\/)index$/, '');
        routes.push(route === '/' ? '/' : route.replace(/\/$/, ''));
      }
    }
  };
  walk(pages);
  return routes.sort();
}

type Account = { username: string; password: string; id: number };
type Context = { role: Role; api: APIRequestContext; account: Account | null; admin: APIRequestContext };

/** First link on a listing page whose address matches. */
async function linkOn(api: APIRequestContext, listing: string, pattern: RegExp): Promise<string> {
  const html = await (await api.get(listing)).text();
  const found = [...html.matchAll(/href="([^"#?]+)"/g)].map((m) => m[1]!).find((href) => pattern.test(href));
  if (!found) throw new Error(`no link matching ${pattern} on ${listing}`);
  return found;
}

/** The first item of an API list. */
async function first(api: APIRequestContext, list: string): Promise<{ id: number }> {
  const items = (await (await api.get(list)).json()) as { id: number }[];
  if (!items[0]) throw new Error(`${list} is empty`);
  return items[0];
}

/** An order the signed-in account placed (the server names the total it charges). */
async function placeOrder(api: APIRequestContext): Promise<number> {
  const products = (await (await api.get('/api/products')).json()) as { id: number; inStock: boolean }[];
  const items = [{ productId: products.find((p) => p.inStock)!.id, quantity: 1 }];
  const order = { shippingAddress: '1 Main Street, Town, ST 12345, US', items };
  const quoted = await api.post('/api/orders', { data: { ...order, totalAmount: 0 } });
  const total = ((await quoted.json()) as { details?: { total?: number } }).details?.total;
  const placed = await api.post('/api/orders', { data: { ...order, totalAmount: total ?? 0 } });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { id: number }).id;
}

/** How to open one address of each dynamic route, as a role. */
const DYNAMIC: Record<string, (c: Context) => Promise<string>> = {
  '/404': async () => '/no-such-page-here',
  '/articles/[id]': async (c) => `/articles/${(await first(c.api, '/api/articles')).id}`,
  // The category the audit saw scroll sideways (look.spec.ts checks every page of the sitemap for that).
  '/articles/category/[category]': async () => '/articles/category/self-help-personal-development',
  '/fun-and-games/backyard/[slug]': (c) => linkOn(c.api, '/fun-and-games/backyard', /^\/fun-and-games\/backyard\/[a-z0-9-]+$/),
  // The member's own shareable profile, switched on when they signed up here.
  '/members/[username]': async () => `/members/${(await contextFor('member')).account!.username}`,
  '/orders/[id]': async (c) => `/orders/${await placeOrder(c.api)}`,
  '/preview/articles/[id]': async (c) => {
    const { id } = await first(c.api, '/api/articles');
    const res = await c.admin.post(`/api/admin/articles/${id}/preview-link`);
    expect(res.status(), await res.text()).toBe(201);
    const url = new URL(((await res.json()) as { url: string }).url);
    return url.pathname + url.search;
  },
  '/store/[id]': async (c) => `/store/${(await first(c.api, '/api/products')).id}`,
  '/videos/[id]': async (c) => `/videos/${(await first(c.api, '/api/youtube/videos')).id}`,
};

/** Whether a role may open a route (the site's own guard and `can`): others are sent elsewhere, which is another page's check. */
function opens(role: Role, route: string): boolean {
  const guard = guardFor(route.replace(/\[[^\]]+\]/g, 'x'));
  const viewer = VIEWERS[role];
  if (!guard) return true;
  if (!viewer) return false;
  if (guard.kind === 'admin') return can(viewer, 'moderate');
  if (guard.kind === 'tier') return can(viewer, 'read', { membershipRequired: guard.tier });
  return true;
}

const baseURL = `http://localhost:${E2E_PORT}`;
const contexts = new Map<Role, Promise<Context>>();

/** A role's account and signed-in API context (made once per run; each page takes its cookies). */
function contextFor(role: Role): Promise<Context> {
  let made = contexts.get(role);
  if (!made) {
    made = (async () => {
      const api = await requestFactory.newContext({ baseURL });
      let account: Account | null = null;
      if (role !== 'visitor') {
        account = await createMember(api, { signIn: true, tier: role === 'member' ? 'pro' : 'free', admin: role === 'admin' });
        if (role === 'member') {
          expect((await api.put('/api/profile/sharing', { data: { publicProfile: true, searchIndexing: false } })).status()).toBe(200);
        }
      }
      const admin = role === 'admin' ? api : (await contextFor('admin')).api;
      return { role, api, account, admin };
    })();
    contexts.set(role, made);
  }
  return made;
}

/**
 * The page once its islands have hydrated and nothing shown is loading: scrolled through first, so
 * the islands that wait to be seen (client:visible) load as a reader's would.
 */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]').filter({ visible: true })).toHaveCount(0);
}

async function violations(page: Page, where: string): Promise<string[]> {
  // `options` replaces what `withTags` would set, so the tags go in with it. Only violations are
  // reported in full (axe then skips building the passing nodes' details: the sweep's largest cost).
  const results = await new AxeBuilder({ page }).options({ runOnly: { type: 'tag', values: WCAG_22_AA }, resultTypes: ['violations'] }).analyze();
  return results.violations.map((v) => `${where} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page scrolls sideways, and the widest elements that stick out. */
async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const out = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
      .filter((el) => !el.closest('[class*="overflow-x-auto"], [class*="overflow-auto"], [class*="overflow-hidden"]'))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} to ${Math.round(el.getBoundingClientRect().right)} px`);
    return [`scrolls ${document.documentElement.scrollWidth - width} px sideways: ${out.join('; ')}`];
  });
}

const ROUTES = siteRoutes();

test('every dynamic route has a way to open it', () => {
  const missing = ROUTES.filter((r) => (r.includes('[') || r === '/404') && !DYNAMIC[r]);
  expect(missing, 'add these routes to DYNAMIC in accessibility.spec.ts').toEqual([]);
});

/**
 * Which roles check a route. The whole sweep (`npm run test:long`, LONG_TESTS=1) checks it as every
 * role that may open it; the short one `npm test` runs checks it once, each route as the next of
 * those roles in turn, so every route and every role is still seen (a third of the page loads).
 */
const rolesFor = (route: string, index: number): Role[] => {
  const roles = ROLES.filter((role) => opens(role, route));
  return process.env.LONG_TESTS ? roles : roles.slice(index % roles.length).slice(0, 1);
};
/**
 * At which widths. The whole sweep checks each page at both; the short one at one of them, the
 * routes taking the two in turn (look.spec.ts checks every page of the sitemap at 390 px for
 * sideways scrolling anyway), which halves the axe runs CI makes (issue 53 #6).
 */
const widthsFor = (index: number): (typeof WIDTHS)[number][] => (process.env.LONG_TESTS ? [...WIDTHS] : [WIDTHS[index % WIDTHS.length]!]);
const SWEEP = ROUTES.map((route, index) => ({ route, roles: rolesFor(route, index), widths: widthsFor(index) }));

for (const role of ROLES) {
  test.describe(`as ${role === 'admin' ? 'an' : 'a'} ${role}`, () => {
    // A missing page answers 404: the browser logs that for the document itself.
    test.use({ allowedConsoleErrors: [/status of 404/] });
    for (const { route, widths } of SWEEP.filter((s) => s.roles.includes(role))) {
      // One load per route and role, checked at each width in turn (the window resized, the page
      // settled again): what a phone and a desktop show, without loading the page twice.
      test(`${route} has no WCAG 2.2 AA violation at ${widths.join(' or ')} px${widths.includes(390) ? ' and does not scroll sideways at 390' : ''}`, async ({ page }) => {
        // The dashboard is eleven sections at each width.
        if (route === '/admin') test.slow();
        const c = await contextFor(role);
        await page.context().addCookies((await c.api.storageState()).cookies);
        await page.addInitScript(() => {
          if (window === window.top) localStorage.setItem('adConsent', 'granted');
        });
        await page.setViewportSize({ width: widths[0]!, height: 900 });
        // Checkout with a line to buy: an empty cart is sent on to /cart once the form hydrates
        // (under CI's load, after the page seemed settled: the check then ran on a navigation).
        if (route === '/checkout') {
          const product = ((await (await c.api.get('/api/products')).json()) as { id: number; name: string; price: number; inStock: boolean }[]).find((p) => p.inStock)!;
          const cart = JSON.stringify([{ product: { id: product.id, name: product.name, price: product.price }, color: 'black', quantity: 1 }]);
          await page.addInitScript((lines) => {
            if (window === window.top) localStorage.setItem('cart', lines);
          }, cart);
        }
        const address = DYNAMIC[route] ? await DYNAMIC[route](c) : route;
        await page.goto(address);
        const found: string[] = [];
        for (const width of widths) {
          const where = `${address} at ${width} px`;
          if (width !== widths[0]) await page.setViewportSize({ width, height: 900 });
          await settled(page);
          if (route === '/checkout') await expect(page).toHaveURL(/\/checkout$/);
          found.push(...(await violations(page, where)));
          if (width === 390) found.push(...(await sidewaysScroll(page)).map((s) => `${where} ${s}`));
          // The dashboard's sections are tabs of one page: each is checked once it has loaded.
          if (route === '/admin') {
            for (const id of ADMIN_SECTION_IDS.slice(1)) {
              await page.getByRole('tab', { name: ADMIN_SECTIONS[id].label, exact: true }).click();
              await settled(page);
              found.push(...(await violations(page, `${where} → ${ADMIN_SECTIONS[id].label}`)));
              if (width === 390) found.push(...(await sidewaysScroll(page)).map((s) => `${where} → ${ADMIN_SECTIONS[id].label} ${s}`));
            }
            await page.getByRole('tab', { name: ADMIN_SECTIONS[ADMIN_SECTION_IDS[0]!].label, exact: true }).click();
          }
        }
        expect(found).toEqual([]);
      });
    }
  });
}

// A joined chat room is a state of /chat no page load reaches.
test('an open chat room has no WCAG 2.2 AA violation', async ({ page }) => {
  await withConsent(page);
  await createMember(page.request, { signIn: true, tier: 'pro' });
  await page.goto('/chat');
  await expect(page.getByTestId('connection-status')).toHaveText('Connected');
  await page.getByTestId('chat-room').filter({ hasText: 'General Chat' }).getByRole('button', { name: /Join|Open/ }).click();
  await expect(page.getByLabel('Message')).toBeVisible();
  expect(await violations(page, '/chat (a room open)')).toEqual([]);
});
