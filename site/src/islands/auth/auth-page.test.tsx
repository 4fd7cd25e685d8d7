import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '@app/ui';
import { ApiError, NetworkError } from '@app/shared/browser';
import AuthPage from './auth-page';
import { loginFailureToast } from './auth-toasts';

afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
  window.history.replaceState(null, '', '/');
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
