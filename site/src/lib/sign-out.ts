import { api, errorMessage } from '@app/shared/browser';
import { toast, toastOnNextPage } from '@app/ui';

/** Ends the session on the server, then reloads the visitor's view from the home page. */
export async function signOut(): Promise<void> {
  try {
    await api.post('/api/logout');
    toastOnNextPage({ title: 'Logout successful', description: 'You have been logged out successfully.' });
    window.location.assign('/');
  } catch (err) {
    toast({ title: 'Logout failed', description: errorMessage(err), variant: 'destructive' });
  }
}
