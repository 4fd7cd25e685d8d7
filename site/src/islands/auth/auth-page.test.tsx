import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts, NEXT_PAGE_KEY } from '@app/ui';
import { ApiError, NetworkError } from '@app/shared/browser';
import AuthPage from './auth-page';
import { loginFailureToast } from './auth-toasts';

afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
  sessionStorage.clear();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sentBody = (fetch: ReturnType<typeof vi.fn>, call = 0) => JSON.parse((fetch.mock.calls[call] as unknown as [string, RequestInit])[1].body as string);

describe('signing up and confirming the address', () => {
  it('signs the new member in and welcomes them on the page sign-up was headed to', async () => {
    const fetch = vi.fn(async () => json({ id: 7, username: 'riley', displayName: 'riley', email: 'riley@example.com', emailConfirmed: false }, 201));
    vi.stubGlobal('fetch', fetch);
    // The page reads the redirect from the address (jsdom's own location: its global cannot be
    // replaced under Vitest's vmThreads pool, and the navigation itself is jsdom's no-op).
    window.history.replaceState(null, '', '/auth?signup=true&redirect=%2Fprofile');
    render(<AuthPage />);
    await userEvent.type(await screen.findByLabelText('Username'), 'riley');
    await userEvent.type(screen.getByLabelText('Email'), 'riley@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'reader-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(sessionStorage.getItem(NEXT_PAGE_KEY)).not.toBeNull());
    expect(JSON.parse(sessionStorage.getItem(NEXT_PAGE_KEY)!)).toEqual({ title: 'Registration successful', description: 'Welcome to Better Self, riley!' });
    expect(sentBody(fetch)).toEqual({ username: 'riley', email: 'riley@example.com', password: 'reader-pass-1' });
  });

  it('refuses a staff-like display name before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/auth?signup=true');
    render(<AuthPage />);
    await userEvent.type(await screen.findByLabelText('Username'), 'riley');
    await userEvent.type(screen.getByLabelText('Email'), 'riley@example.com');
    await userEvent.type(screen.getByLabelText('Display name (optional)'), 'Site Admin');
    await userEvent.type(screen.getByLabelText('Password'), 'reader-pass-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByText(/are reserved\. Please choose another\.$/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('confirms the emailed link once and thanks the member on their profile', async () => {
    const fetch = vi.fn(async () => json({ id: 7, username: 'riley', displayName: 'Riley Reader', emailConfirmed: true }));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/auth?confirm-token=tok%2Ben');
    render(<AuthPage />);
    await vi.waitFor(() => expect(sessionStorage.getItem(NEXT_PAGE_KEY)).not.toBeNull());
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toMatch(/\/api\/auth\/confirm-email$/);
    expect(sentBody(fetch)).toEqual({ token: 'tok+en' });
    expect(JSON.parse(sessionStorage.getItem(NEXT_PAGE_KEY)!)).toEqual({ title: 'Email confirmed', description: 'Thank you, Riley Reader: your email address is confirmed.' });
  });

  it('says why a link does not work and offers the login', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ message: 'This confirmation link is invalid, already used or expired. Sign in to ask for a new one.' }, 400)));
    window.history.replaceState(null, '', '/auth?confirm-token=old');
    render(<AuthPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link is invalid, already used or expired. Sign in to ask for a new one.');
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('tab', { name: 'Log In' })).toBeTruthy();
  });
});

describe('the reset step', () => {
  it('says "Passwords do not match" and sends nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/auth?reset=tok&user=5');
    render(<AuthPage />);
    await userEvent.type(await screen.findByLabelText('New password'), 'abcdef1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdef2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says "Invalid reset token or user ID" when the link lacks one', async () => {
    vi.stubGlobal('fetch', vi.fn());
    window.history.replaceState(null, '', '/auth?user=5');
    render(<AuthPage />);
    await userEvent.type(await screen.findByLabelText('New password'), 'abcdef1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdef1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByRole('alert').textContent).toBe('Invalid reset token or user ID');
  });

  it('posts token, user id and the new password, then returns to login with the spec’s toast', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: 'Your password has been reset.' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/auth?reset=tok&user=5');
    render(<AuthPage />);
    await userEvent.type(await screen.findByLabelText('New password'), 'abcdef1');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'abcdef1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('tab', { name: 'Log In' })).toBeTruthy();
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ token: 'tok', userId: 5, newPassword: 'abcdef1' });
    expect($toasts.get()[0]).toMatchObject({ title: 'Password Reset Successful', description: 'Your password has been reset.' });
  });
});

describe('sign-in failure toasts (spec 01 §8)', () => {
  it('maps each failure to the spec’s words', () => {
    expect(loginFailureToast(new ApiError(401, 'Invalid username or password', null)).description).toBe('Invalid username or password. Please try again.');
    expect(loginFailureToast(new ApiError(401, 'admin account', null)).description).toBe('Admin login requires the correct case-sensitive credentials. Please try again.');
    expect(loginFailureToast(new ApiError(500, 'boom', null))).toMatchObject({ title: 'Server error', description: "We're experiencing technical difficulties. Please try again later." });
    expect(loginFailureToast(new NetworkError(new Error('x')))).toMatchObject({ title: 'Connection error', description: 'Could not connect to the server. Please check your internet connection.' });
    expect(loginFailureToast(new ApiError(400, 'bad', null))).toMatchObject({ title: 'Login failed', description: 'Please check your username and password and try again.' });
    expect(loginFailureToast(new ApiError(403, 'Your account has been suspended. Please contact support.', null)).description).toBe('Your account has been suspended. Please contact support.');
  });
});
