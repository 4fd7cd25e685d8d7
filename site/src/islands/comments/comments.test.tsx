import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Comments from './comments';
import { $user, loadUser, USER_RETRY_MS } from '../../stores/session';

function serve(user: { status: number; body: unknown }) {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const r = url === '/api/user' ? user : url === '/api/articles/3/comments' ? { status: 200, body: [] } : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
  }));
}
afterEach(() => {
  vi.unstubAllGlobals();
  $user.set(undefined);
});

const member = (extra: Record<string, unknown>) => ({ id: 5, username: 'sam', displayName: 'Sam', email: 's@example.com', avatarUrl: null, membershipTier: 'free', isAdmin: false, role: 'member', accountStatus: 'active', memberSince: '2026-01-01', emailConfirmed: true, ...extra });

describe('who is told what beside the comments (copy fits the viewer)', () => {
  it('tells a Pro member under review why they cannot comment, without calling them a non-Pro', async () => {
    serve({ status: 200, body: member({ membershipTier: 'pro', accountStatus: 'under_review' }) });
    await loadUser(true);
    render(<Comments articleId={3} required="free" />);
    expect(await screen.findByRole('heading', { name: 'Commenting is paused' })).toBeTruthy();
    expect(screen.queryByText('Pro Members Only')).toBeNull();
  });

  it('asks a free member to upgrade', async () => {
    serve({ status: 200, body: member({}) });
    await loadUser(true);
    render(<Comments articleId={3} required="free" />);
    expect(await screen.findByRole('heading', { name: 'Pro Members Only' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade Membership' }).getAttribute('href')).toBe('/membership');
  });

  it('invites a visitor, who can already read the comments, to sign in to comment', async () => {
    serve({ status: 401, body: { message: 'Not authenticated' } });
    await loadUser(true);
    render(<Comments articleId={3} required="free" />);
    expect(await screen.findByText('Sign in to comment: commenting is for Pro members.')).toBeTruthy();
    expect(screen.queryByText(/read along/)).toBeNull();
  });
});

describe('when the comments cannot be read', () => {
  it('says so and reads them again on "Try Again", instead of loading for good', async () => {
    let fail = true;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      const r = url === '/api/user' ? { status: 401, body: { message: 'Not authenticated' } }
        : url === '/api/articles/4/comments' ? (fail ? { status: 503, body: { message: 'The service is temporarily unavailable.' } } : { status: 200, body: [] })
        : { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
    }));
    await loadUser(true);
    render(<Comments articleId={4} required="free" />);
    expect((await screen.findByRole('alert')).textContent).toContain('The comments could not be loaded: The service is temporarily unavailable.');
    expect(screen.queryByText('Loading comments...')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No comments yet. Be the first to share your thoughts!')).toBeTruthy();
  });

  it('asks for the member again when the first call could not reach the API, so a Pro member still gets the comments of a Pro article', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      let reachable = false;
      vi.stubGlobal('fetch', vi.fn(async (url: string) => {
        if (!reachable) throw new TypeError('Failed to fetch');
        const r = url === '/api/user' ? { status: 200, body: member({ membershipTier: 'pro' }) } : url === '/api/articles/5/comments' ? { status: 200, body: [] } : { status: 404, body: {} };
        return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
      }));
      await loadUser(true);
      expect($user.get()).toBeNull();
      reachable = true;
      await vi.advanceTimersByTimeAsync(USER_RETRY_MS[0]!);
      expect($user.get()?.membershipTier).toBe('pro');
    } finally {
      vi.useRealTimers();
    }
    render(<Comments articleId={5} required="pro" />);
    expect(await screen.findByText('No comments yet. Be the first to share your thoughts!')).toBeTruthy();
  });
});

describe('what a moderator is offered', () => {
  it('offers Moderate on a member’s comment but not on an admin’s, which is left to admins', async () => {
    const comment = (id: number, badge: 'Admin' | null) => ({ id, articleId: 6, userId: 100 + id, parentCommentId: null, content: `Comment ${id}`, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z', isHidden: false, hiddenReason: null, isDeleted: false, user: { username: `u${id}`, displayName: `User ${id}`, avatarUrl: null, isAdmin: badge === 'Admin', badge } });
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      const body = url === '/api/user' ? member({ role: 'moderator', membershipTier: 'pro' }) : url === '/api/articles/6/comments' ? [comment(1, null), comment(2, 'Admin')] : { message: 'Not found' };
      return new Response(JSON.stringify(body), { status: url === '/api/user' || url === '/api/articles/6/comments' ? 200 : 404, headers: { 'content-type': 'application/json' } });
    }));
    await loadUser(true);
    render(<Comments articleId={6} required="free" />);
    await screen.findByText('Comment 2');
    expect(screen.getAllByRole('button', { name: 'Moderate' })).toHaveLength(1);
    expect(screen.getByText('Comment 1').closest('li')!.textContent).toContain('Moderate');
    expect(screen.getByText('Comment 2').closest('li')!.textContent).not.toContain('Moderate');
  });
});

describe('a link to one comment (a reply’s notification)', () => {
  it('focuses and marks the comment the address names once the comments are in', async () => {
    const at = (id: number, parent: number | null, content: string) => ({ id, articleId: 6, userId: id, parentCommentId: parent, content, createdAt: '2026-11-01T10:00:00Z', updatedAt: '2026-11-01T10:00:00Z', isHidden: false, hiddenReason: null, isDeleted: false, user: { username: `u${id}`, displayName: `User ${id}`, avatarUrl: null, badge: null } });
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      const r = url === '/api/user' ? { status: 401, body: { message: 'Not authenticated' } }
        : url === '/api/articles/6/comments' ? { status: 200, body: [at(1, null, 'The question'), at(2, 1, 'The reply'), at(3, null, 'Another')] }
        : { status: 404, body: { message: 'Not found' } };
      return new Response(JSON.stringify(r.body), { status: r.status, headers: { 'content-type': 'application/json' } });
    }));
    window.history.replaceState(null, '', '#comment-2');
    try {
      await loadUser(true);
      render(<Comments articleId={6} required="free" />);
      const reply = (await screen.findByText('The reply')).closest('li')!;
      expect(reply.id).toBe('comment-2');
      await vi.waitFor(() => expect(document.activeElement).toBe(reply));
      expect(reply.getAttribute('aria-current')).toBe('location');
      expect(screen.getByText('The question').closest('li')!.getAttribute('aria-current')).toBeNull();
    } finally {
      window.history.replaceState(null, '', '#');
    }
  });
});
