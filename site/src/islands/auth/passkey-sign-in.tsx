import { useEffect, useState } from 'react';
import { errorMessage } from '@app/shared/browser';
import type { User } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { answerWithPasskey, browserSupportsWebAuthn, passkeyProblem } from '../../lib/passkeys';

/** Signing in with a passkey alone (issue 52): the browser's account picker offers the site's passkeys, no username or password. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: User) => void }) {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    try {
      onSignedIn(await answerWithPasskey<User>('/api/login/passkey/options', '/api/login/passkey', { for: 'sign-in' }));
    } catch (err) {
      const problem = passkeyProblem(err);
      toast({ title: 'Login failed', description: problem ?? errorMessage(err, 'Please try again.'), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-6">
      <button type="button" className="btn-outline w-full" disabled={busy} onClick={() => void signIn()}>{busy ? 'Waiting for your passkey...' : 'Sign in with a passkey'}</button>
    </div>
  );
}
