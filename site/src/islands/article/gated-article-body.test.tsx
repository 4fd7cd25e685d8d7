import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GatedArticleBody from './gated-article-body';
import { $user, loadUser } from '../../stores/session';

function serve(routes: Record<string, { status: number; body: unknown }>) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const r = routes[url] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  }));
}
afterEach(() => {
  vi.unstubAllGlobals();
  $user.set(undefined);
});

const summary = { id: 7, title: 'T', excerpt: '', author: 'A', category: 'c', categoryTitle: 'C', thumbnail: null, publishDate: '2026-01-01', membershipRequired: 'pro', hasInteractiveElements: false, isAmpCompatible: false };

describe('the gated article body', () => {
  it('shows a visitor the locked panel with a Sign In link back to the article', async () => {
    serve({ '/api/user': { status: 401, body: { message: 'Not signed in' } }, '/api/articles/7': { status: 200, body: { ...summary, locked: true, content: null, interactiveData: null } } });
    render(<GatedArticleBody id={7} required="pro" />);
    expect(await screen.findByText('This is Premium Content')).toBeTruthy();
    expect(screen.getByText('This article requires a Pro membership to access.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth?redirect=%2Farticles%2F7');
  });

  it('offers a signed-in member below the tier an upgrade', async () => {
    serve({ '/api/user': { status: 200, body: { id: 1, username: 'f', membershipTier: 'free' } }, '/api/articles/7': { status: 200, body: { ...summary, membershipRequired: 'vip', locked: true, content: null, interactiveData: null } } });
    await loadUser(true);
    render(<GatedArticleBody id={7} required="vip" />);
    expect((await screen.findByRole('link', { name: 'Upgrade Membership' })).getAttribute('href')).toBe('/membership');
  });

  it('renders the body when the API allows it', async () => {
    serve({ '/api/articles/7': { status: 200, body: { ...summary, locked: false, content: '<p>The real body</p>', interactiveData: null } } });
    render(<GatedArticleBody id={7} required="pro" />);
    expect(await screen.findByText('The real body')).toBeTruthy();
  });

  it('says "Error Loading Article" when loading fails', async () => {
    serve({ '/api/articles/7': { status: 500, body: { message: 'boom' } } });
    render(<GatedArticleBody id={7} required="pro" />);
    expect(await screen.findByText('Error Loading Article')).toBeTruthy();
  });
});
