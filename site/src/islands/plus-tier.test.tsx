// The islands' side of issue 35 #1's proof (the pages are in pages/plus-tier.astro.test.ts): with
// a fourth tier "Plus" in the catalogue, the locked article panel, the subscribe form, the sign-in
// notice, the comments' card and the cart's member discount all follow it; and (issue 48 #4) the
// admin's growth chart and newsletter form.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { cleanStores } from 'nanostores';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('@app/shared/catalogue', async () => ({ ...(await vi.importActual('@app/shared/catalogue')), CATALOGUE: (await import('@app/test-support/plus-catalogue')).PLUS_CATALOGUE }));
// The chart's canvas is uPlot's (jsdom draws nothing); its legend and figures are the page's own.
vi.mock('uplot', () => ({ default: class { static tzDate = (d: Date) => d; static paths = { bars: () => null }; setSize() {} destroy() {} } }));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

// The setup file has loaded the real catalogue already: the islands and their stores are loaded
// afresh, so they and @app/shared derive from the test list.
const site = async () => {
  vi.resetModules();
  return {
    GatedArticleBody: (await import('./article/gated-article-body')).default,
    AuthPage: (await import('./auth/auth-page')).default,
    CartPage: (await import('./cart/cart-page')).default,
    Comments: (await import('./comments/comments')).default,
    GrowthCharts: (await import('./admin/growth-charts')).default,
    NewsletterPanel: (await import('./admin/newsletter-panel')).default,
    SubscribeForm: (await import('./membership/subscribe-form')).default,
    cart: await import('../stores/cart'),
    session: await import('../stores/session'),
    queries: await import('../lib/queries'),
    ui: await import('@app/ui'),
  };
};
let islands: Awaited<ReturnType<typeof site>>;
beforeAll(async () => {
  islands = await site();
});

function serve(routes: Record<string, { status?: number; body: unknown }>) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const r = routes[url.split('?')[0]!] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'content-type': 'application/json' } });
  }));
}
// The cart's stores stop listening to the window while there is one (nanostores lets go a second after the last listener).
afterAll(() => cleanStores(islands.cart.$cart, islands.cart.$availability));
afterEach(() => {
  vi.unstubAllGlobals();
  islands.session.$user.set(undefined);
  islands.queries.queryCache.clear();
  islands.cart.clearCart();
  islands.ui.$toasts.set([]);
  window.history.replaceState(null, '', '/');
});

const member = (tier: string) => ({ id: 5, username: 'sam', displayName: 'Sam', email: 's@example.com', avatarUrl: null, membershipTier: tier, isAdmin: false, role: 'member', accountStatus: 'active', memberSince: '2026-01-01', emailConfirmed: true });
const locked = { id: 7, title: 'T', excerpt: '', author: 'A', category: 'c', categoryTitle: 'C', thumbnail: null, publishDate: '2026-01-01', membershipRequired: 'plus', hasInteractiveElements: false, isAmpCompatible: false, locked: true, content: null, interactiveData: null };

describe('islands with a fourth tier, Plus', () => {
  it('locks a Plus article for a free member, names Plus and offers it as one step ("Upgrade to Read")', async () => {
    const { GatedArticleBody, session } = islands;
    serve({ '/api/user': { body: member('free') }, '/api/articles/7': { body: locked } });
    await session.loadUser(true);
    render(<GatedArticleBody id={7} required={'plus' as never} />);
    expect(await screen.findByText('This is Premium Content')).toBeTruthy();
    expect(screen.getByText('This article requires a Plus membership to access.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Read' }).getAttribute('href')).toBe('/membership');
  });

  it('prices the Plus plan on the subscribe button', async () => {
    const { SubscribeForm } = islands;
    serve({ '/api/subscription/create': { body: { clientSecret: 'pi_demo_x_secret_y', provider: 'demo', plan: 'plus-month' } } });
    render(<SubscribeForm plan={'plus-month' as never} />);
    expect(await screen.findByRole('button', { name: 'Subscribe Now - $4.99/month' })).toBeTruthy();
  });

  it('tells a visitor sent from /subscribe which tier they were buying', async () => {
    const { AuthPage, ui: { $toasts } } = islands;
    serve({});
    window.history.replaceState(null, '', `/auth?redirect=${encodeURIComponent('/subscribe')}&notice=subscribe`);
    render(<AuthPage />);
    await vi.waitFor(() => expect($toasts.get().map((t) => t.description)).toContain('Please log in to subscribe to Plus membership'));
    $toasts.set([]);
    window.history.replaceState(null, '', `/auth?redirect=${encodeURIComponent('/subscribe?plan=pro-year')}&notice=subscribe`);
    render(<AuthPage />);
    await vi.waitFor(() => expect($toasts.get().map((t) => t.description)).toContain('Please log in to subscribe to Pro membership'));
  });

  it('keeps comments Pro’s: a Plus member sees "Pro Members Only"', async () => {
    const { Comments, session } = islands;
    serve({ '/api/user': { body: member('plus') }, '/api/articles/3/comments': { body: [] } });
    await session.loadUser(true);
    render(<Comments articleId={3} required="free" />);
    expect(await screen.findByRole('heading', { name: 'Pro Members Only' })).toBeTruthy();
  });

  it('gives each member their own tier’s rate in the cart: 10% for Plus, 20% for VIP', async () => {
    const { CartPage, cart, session } = islands;
    for (const [tier, rate, discount] of [['plus', '10%', '−$5.00'], ['vip', '20%', '−$10.00']] as const) {
      serve({ '/api/user': { body: member(tier) }, '/api/products': { body: [{ id: 1, name: 'Classic Tee', price: 2500, inStock: true, description: '', imageUrl: null, category: 'Apparel', creator: 'Studio', isFeatured: false }] } });
      await session.loadUser(true);
      cart.$cart.set([{ product: { id: 1, name: 'Classic Tee', price: 2500 }, color: 'black', quantity: 2 }]);
      const { unmount } = render(<CartPage />);
      const row = (await screen.findByTestId('summary-discount')).parentElement!;
      expect([within(row).getByText(`Member discount (${rate})`), row.textContent]).toEqual([expect.anything(), `Member discount (${rate})${discount}`]);
      unmount();
    }
  });
});

describe('the admin’s numbers and newsletter with a fourth tier, Plus (issue 48 #4)', () => {
  const members = (date: string, free: number, plus: number, pro: number, vip: number) => ({ date, free, plus, pro, vip, joined: 0, cancelled: 0 });
  const revenue = (date: string) => ({ date, mrrCents: 0, storeCents: 0, orders: 0 });
  const totals = { joined: 0, cancelled: 0 };

  it('draws a line for each tier, Plus among them, with its figure and the previous period’s', async () => {
    const { GrowthCharts } = islands;
    serve({
      '/api/admin/stats/members': { body: { series: [members('2026-03-01', 5, 2, 1, 1), members('2026-03-02', 4, 3, 1, 1)], totals: { free: 4, plus: 3, pro: 1, vip: 1, ...totals }, previous: { series: [members('2026-02-27', 5, 1, 1, 1), members('2026-02-28', 5, 2, 1, 1)], totals: { free: 5, plus: 2, pro: 1, vip: 1, ...totals } } } },
      '/api/admin/stats/revenue': { body: { series: [revenue('2026-03-01'), revenue('2026-03-02')], totals: { mrrCents: 0, storeCents: 0, orders: 0 }, previous: { series: [revenue('2026-02-27'), revenue('2026-02-28')], totals: { mrrCents: 0, storeCents: 0, orders: 0 } } } },
    });
    vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
    render(<GrowthCharts />);
    const chart = await screen.findByRole('figure', { name: 'Members' });
    expect(within(chart).getByRole('img').getAttribute('aria-label')).toBe('Members: at the end, 4 Free, 3 Plus, 1 Pro and 1 VIP members.');
    expect(within(chart).getAllByRole('listitem').map((li) => li.textContent).slice(0, 4)).toEqual([
      'Free 4 (down 20% on the previous period: 5)',
      'Plus 3 (up 50% on the previous period: 2)',
      'Pro 1 (no change on the previous period: 1)',
      'VIP 1 (no change on the previous period: 1)',
    ]);
    expect(within(chart).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Period from', 'Free', 'Plus', 'Pro', 'VIP', 'Free, previous period', 'Plus, previous period', 'Pro, previous period', 'VIP, previous period']);
  });

  it('offers Plus members as a newsletter’s segment, and sends to them', async () => {
    const { NewsletterPanel, ui: { $toasts } } = islands;
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.body) sent.push(JSON.parse(String(init.body)));
      const body = url === '/api/admin/newsletters/test' ? { message: 'A test copy was sent to admin@example.com.' } : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
    render(<NewsletterPanel articles={[{ id: 2, title: 'Sketchbook Habits', membershipRequired: 'plus' } as never]} />);
    const to = screen.getByLabelText('Send to');
    expect(within(to).getAllByRole('option').map((o) => o.textContent)).toEqual(['All members', 'Free members', 'Plus members', 'Pro members', 'VIP members']);
    expect(within(screen.getByLabelText('Article')).getByRole('option', { name: 'Sketchbook Habits (Plus)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Article'), { target: { value: '2' } });
    fireEvent.change(to, { target: { value: 'plus' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' }));
    await vi.waitFor(() => expect($toasts.get().map((t) => t.description)).toEqual(['A test copy was sent to admin@example.com.']));
    expect(sent).toEqual([{ articleId: 2, segment: 'plus' }]);
  });
});
