// Issue 48 #5: the new-post form checks with the schema POST /api/bulletin parses with and shows
// its messages; made stricter in the shared schema, the rule is stricter in the form too.
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateBulletinPostSchema } from '@app/shared/forms';
import BulletinBoard from './bulletin-board';
import { $user, loadUser } from '../../stores/session';

const stricter = vi.hoisted(() => ({ on: false }));
vi.mock('@app/shared/forms', async (importOriginal) => {
  const shared = await importOriginal<typeof import('@app/shared/forms')>();
  const z = await import('zod/mini');
  const changed = z.extend(shared.CreateBulletinPostSchema, { title: z.string().check(z.trim(), z.minLength(20, 'Title must be at least 20 characters')) });
  return { ...shared, get CreateBulletinPostSchema() { return stricter.on ? changed : shared.CreateBulletinPostSchema; } };
});

const member = { id: 5, username: 'sam', displayName: 'Sam', email: 'sam@example.com', avatarUrl: null, membershipTier: 'free', isAdmin: false, role: 'member', accountStatus: 'active', memberSince: '2026-01-01', emailConfirmed: true };
let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') posted.push(JSON.parse(String(init.body)));
    const body = url === '/api/user' ? member : url === '/api/bulletin' ? [] : { message: 'Not found' };
    return new Response(JSON.stringify(body), { status: url === '/api/user' || url === '/api/bulletin' ? 200 : 404, headers: { 'content-type': 'application/json' } });
  }));
});
afterEach(() => {
  stricter.on = false;
  vi.unstubAllGlobals();
  $user.set(undefined);
});

async function write(title: string) {
  await loadUser(true);
  render(<BulletinBoard />);
  fireEvent.click(await screen.findByRole('button', { name: 'New Post' }));
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: title } });
  fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'Ten characters at least.' } });
  fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Question' } });
  fireEvent.click(screen.getByRole('button', { name: 'Post' }));
}

describe('a new bulletin post is checked by the rule the API checks with', () => {
  it('shows the shared schema’s message for a short title and posts nothing', async () => {
    await write('ab');
    const check = CreateBulletinPostSchema.shape.title.safeParse('ab');
    expect(check.error?.issues[0]?.message).toBe('Title must be at least 3 characters');
    expect(await screen.findByText(check.error!.issues[0]!.message)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it('follows the shared rule when it changes', async () => {
    stricter.on = true;
    await write('A title of 13');
    expect(await screen.findByText('Title must be at least 20 characters')).toBeTruthy();
    expect(posted).toEqual([]);
  });
});
