import { render, screen } from '@testing-library/react';
import { PLANS } from '@app/shared/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PlanPrice from './plan-price';
import SubscribeForm from './subscribe-form';

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(JSON.stringify(routes[url] ?? { message: 'Not found' }), { status: url in routes ? 200 : 404, headers: { 'content-type': 'application/json' } })));
}

const monthly = PLANS['pro-month'].cents;
afterEach(() => {
  PLANS['pro-month'].cents = monthly;
  vi.unstubAllGlobals();
});

describe('prices come from the plan catalogue', () => {
  it('shows the catalogue’s price on the plan cards and the subscribe summary (PlanPrice)', () => {
    const { container, rerender } = render(<PlanPrice tier="pro" interval="month" />);
    expect(container.textContent).toBe('$2.99/month');
    PLANS['pro-month'].cents = 349;
    rerender(<PlanPrice tier="free" interval="month" />);
    expect(container.textContent).toBe('$0.00/month');
    rerender(<PlanPrice tier="pro" interval="month" />);
    expect(container.textContent).toBe('$3.49/month');
  });

  it('changing a plan’s price changes the subscribe button with it', async () => {
    PLANS['pro-month'].cents = 349;
    serve({
      '/api/subscription/create': { clientSecret: 'pi_demo_x_secret_y', provider: 'demo', plan: 'pro-month' },
    });
    render(<SubscribeForm plan="pro-month" />);
    expect(await screen.findByRole('button', { name: 'Subscribe Now - $3.49/month' })).toBeTruthy();
  });
});
