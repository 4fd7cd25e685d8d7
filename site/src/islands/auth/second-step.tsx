import { useState, type FormEvent } from 'react';
import { api, errorMessage, type SecondStepMethod } from '@app/shared/browser';
import { SecondFactorCodeSchema } from '@app/shared/forms';
import type { User } from '@app/shared/schemas';
import { Field } from '@app/ui/field';
import { answerWithPasskey, browserSupportsWebAuthn, passkeyProblem } from '../../lib/passkeys';

/**
 * The sign-in's second step (issue 52): after the right password, a member with a second factor
 * types a code from their app or a recovery code, or uses a passkey. The session starts only then.
 */
export function SecondStep({ methods, onSignedIn, onBack }: { methods: SecondStepMethod[]; onSignedIn: (user: User) => void; onBack: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const typed = methods.includes('totp') || methods.includes('recovery-code');
  const label = methods.includes('totp') ? 'Code from your authenticator app, or a recovery code' : 'Recovery code';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = SecondFactorCodeSchema.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    try {
      onSignedIn(await api.post<User>('/api/login/second-factor', parsed.data));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  async function signWithPasskey() {
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await answerWithPasskey<User>('/api/login/passkey/options', '/api/login/passkey', { for: 'second-step' }));
    } catch (err) {
      setError(passkeyProblem(err) ?? errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4" aria-labelledby="second-step-title">
      <h2 id="second-step-title" className="text-xl font-bold text-slate-900">Confirm it's you</h2>
      <p className="text-sm text-slate-600">Your account has a second factor. Finish signing in with it.</p>
      {methods.includes('passkey') && browserSupportsWebAuthn() && (
        <button type="button" className="btn-primary w-full" disabled={busy} onClick={() => void signWithPasskey()}>Use a passkey</button>
      )}
      {typed && (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <Field id="second-step-code" label={label} inputMode="text" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={error} autoFocus />
          <button type="submit" className={methods.includes('passkey') ? 'btn-outline w-full' : 'btn-primary w-full'} disabled={busy}>{busy ? 'Checking...' : 'Verify'}</button>
        </form>
      )}
      {!typed && error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <button type="button" className="btn-ghost w-full" onClick={onBack}>Back to login</button>
    </div>
  );
}
