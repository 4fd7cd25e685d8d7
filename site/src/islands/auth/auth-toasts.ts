import { ApiError, NetworkError } from '@app/shared/browser';
import type { ToastInput } from '@app/ui';

/** The sign-in failure toasts of spec 01 §8. Suspended, banned and throttled accounts get the server's own words. */
export function loginFailureToast(err: unknown): ToastInput {
  if (err instanceof NetworkError) return { title: 'Connection error', description: 'Could not connect to the server. Please check your internet connection.', variant: 'destructive' };
  if (err instanceof ApiError) {
    if (err.status === 401) {
      const text = err.message.toLowerCase();
      if (text.includes('case-sensitive')) return { title: 'Login failed', description: 'Remember that the admin password is case-sensitive. Please try again.', variant: 'destructive' };
      if (text.includes('admin')) return { title: 'Login failed', description: 'Admin login requires the correct case-sensitive credentials. Please try again.', variant: 'destructive' };
      return { title: 'Login failed', description: 'Invalid username or password. Please try again.', variant: 'destructive' };
    }
    if (err.status >= 500) return { title: 'Server error', description: "We're experiencing technical difficulties. Please try again later.", variant: 'destructive' };
    if (err.status === 403 || err.status === 429) return { title: 'Login failed', description: err.detail, variant: 'destructive' };
  }
  return { title: 'Login failed', description: 'Please check your username and password and try again.', variant: 'destructive' };
}

export function failureToast(title: string, err: unknown): ToastInput {
  const description = err instanceof ApiError ? err.detail : err instanceof NetworkError ? 'Could not connect to the server. Please check your internet connection.' : 'Please try again.';
  return { title, description, variant: 'destructive' };
}
