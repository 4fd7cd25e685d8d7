import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $user } from '../../stores/session';
import SubscribeSuccess from './subscribe-success';

const member = (extra: Record<string, unknown>) => ({ id: 5, username: 'sam', displayName: 'Sam', email: 's@example.com', avatarUrl: null, membershipTier: 'free', isAdmin: false, role: 'member', accountStatus: 'active', memberSince: '2026-01-01', emailConfirmed: true, ...extra });
const info = (extra: Record<string, unknown>) => ({ active: false, autoRenew: false, endDate: null, status: 'none', tier: 'free', provider: null, interval: null, plan: null, charging: [], ...extra });

function serve(user: unknown, subscription: unknown) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    calls.push(url);
    const body = url === '/api/user' ? user : url === '/api/subscriptions' ? subscription : { message: 'Not found' };
    return new Response(JSON.stringify(body), { status: url === '/api/user' || url === '/api/subscriptions' ? 200 : 404, headers: { 'content-type': 'application/json' } });
  }));
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  $user.set(undefined);
  window.history.replaceState(null, '', '/');
});

describe('/subscribe-success shows what is true for the viewer', () => {
  it('tells a VIP member there is nothing to pay, not "No completed payment yet … Go to payment"', async () => {
    serve(member({ membershipTier: 'vip' }), info({ tier: 'vip' }));
    render(<SubscribeSuccess />);
    expect(await screen.findByRole('heading', { name: 'Nothing to pay' })).toBeTruthy();
    expect(screen.getByText(/Your VIP membership is granted by our team/)).toBeTruthy();
    expect(screen.queryByText('Go to payment')).toBeNull();
  });

  it('tells an admin there is nothing to pay', async () => {
    serve(member({ role: 'admin', isAdmin: true }), info({}));
    render(<SubscribeSuccess />);
    expect(await screen.findByRole('heading', { name: 'Nothing to pay' })).toBeTruthy();
    expect(screen.queryByText('No completed payment yet')).toBeNull();
  });

  it('tells a free member who only opened /subscribe that no payment was completed, at once and without polling', async () => {
    const calls = serve(member({}), info({ status: 'incomplete', charging: [{ plan: 'pro-month', status: 'incomplete', renewsOn: null, provider: 'demo' }] }));
    render(<SubscribeSuccess />);
    expect(await screen.findByRole('heading', { name: 'No completed payment yet' })).toBeTruthy();
    expect(screen.queryByText('Your payment is being processed')).toBeNull();
    expect(calls.filter((c) => c === '/api/subscriptions')).toHaveLength(1);
  });

  it('waits for a payment the provider says was submitted', async () => {
    window.history.replaceState(null, '', '/subscribe-success?redirect_status=processing');
    serve(member({}), info({ status: 'incomplete' }));
    render(<SubscribeSuccess />);
    expect(await screen.findByRole('heading', { name: 'Your payment is being processed' })).toBeTruthy();
  });
});
