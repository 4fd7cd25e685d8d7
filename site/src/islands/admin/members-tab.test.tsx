import { render, screen } from '@testing-library/react';
import { PLANS } from '@app/shared/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MembersTab from './members-tab';

const monthly = PLANS['pro-month'].cents;
afterEach(() => {
  PLANS['pro-month'].cents = monthly;
  vi.unstubAllGlobals();
});

describe('Admin → Members & Revenue', () => {
  it('names each plan with the catalogue’s price, so a price change shows here too', async () => {
    PLANS['pro-month'].cents = 349;
    const overview = { members: { free: 1, pro: 2, vip: 1 }, mrrCents: 698, plans: [{ plan: 'pro-month', subscribers: 2, mrrCents: 698 }, { plan: 'pro-year', subscribers: 0, mrrCents: 0 }], recentEvents: [], failedPayments: [] };
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(overview), { status: 200, headers: { 'content-type': 'application/json' } })));
    render(<MembersTab />);
    expect((await screen.findByText('Pro, $3.49/month')).closest('li')!.textContent).toContain('2 renewing · $6.98 a month');
    expect(screen.getByText('Pro members').nextSibling!.textContent).toBe('2');
    expect(screen.getByText('VIP members').nextSibling!.textContent).toBe('1');
  });
});
