import { fireEvent, render, screen } from '@testing-library/react';
import type { ArticleSummary } from '@app/shared/schemas';
import { $toasts } from '@app/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NewsletterPanel from './newsletter-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const article = { id: 2, title: 'Morning routines', membershipRequired: 'pro' } as ArticleSummary;

describe('Admin → Articles → Newsletter', () => {
  it('sends a test of the chosen article to the admin, as the chosen segment sees it, and says where it went (issue 47 #13)', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
      const body = url === '/api/admin/newsletters/test' ? { message: 'A test copy was sent to admin@example.com.' } : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }));
    render(<NewsletterPanel articles={[article]} />);
    const test = screen.getByRole('button', { name: 'Send a test to me' });
    expect((test as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Article'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Send to'), { target: { value: 'free' } });
    fireEvent.click(test);
    await vi.waitFor(() => expect($toasts.get().map((t) => [t.title, t.description])).toEqual([['Test sent', 'A test copy was sent to admin@example.com.']]));
    expect(calls.find((c) => c.url === '/api/admin/newsletters/test')!.body).toEqual({ articleId: 2, segment: 'free' });
  });

  it('lets keyboards reach the report’s sideways scroller, named (issue 47 #11)', () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })));
    render(<NewsletterPanel articles={[article]} />);
    const scroller = screen.getByRole('region', { name: 'Newsletters sent (scrolls sideways)' });
    expect(scroller.tabIndex).toBe(0);
    expect(scroller.querySelector('table')).not.toBeNull();
  });
});
