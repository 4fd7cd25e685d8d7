import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { api, apiRequest, errorMessage, RECOVERY_CODE_COUNT, safeRedirectPath, type SecurityOverview, type TotpSetup } from '@app/shared/browser';
import { ConfirmTotpSchema, CurrentPasswordInputSchema, PasskeyNameSchema } from '@app/shared/forms';
import { toast } from '@app/ui';
import { DialogShell } from '@app/ui/dialog-shell';
import { Field } from '@app/ui/field';
import { createFetcherStore, invalidateKeys } from '../../lib/queries';
import { addPasskey, browserSupportsWebAuthn, passkeyProblem } from '../../lib/passkeys';
import { askForSecondFactor, withSecondFactor } from '../../lib/step-up';

const SECURITY = '/api/profile/security';
const $security = createFetcherStore<SecurityOverview>([SECURITY]);
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const refresh = () => invalidateKeys((k) => k === SECURITY || k === '/api/user');

/**
 * Profile → Security (issue 52): an authenticator app, passkeys and recovery codes. Staff sent here
 * before the dashboard (`?staff=1&redirect=…`) are told why, and go on once they have passed a factor.
 */
export default function SecuritySettings() {
  const { data, error } = useStore($security);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [next, setNext] = useState<string | null>(null);

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    if (q.get('staff') === '1') setNext(safeRedirectPath(q.get('redirect') ?? '/admin'));
  }, []);

  if (error) return <p className="text-sm text-red-700">Could not load your security settings: {errorMessage(error)}</p>;
  if (!data) return <p className="text-sm text-slate-600">Loading security settings...</p>;
  const hasFactor = data.totp.enabled || data.passkeys.length > 0;
  const shown = (recoveryCodes?: string[]) => {
    if (recoveryCodes) setCodes(recoveryCodes);
    refresh();
  };

  return (
    <div className="space-y-6">
      {next && <StaffNotice hasFactor={hasFactor} verified={data.verifiedAt !== null} next={next} />}
      {codes && <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />}
      <section className="card p-6" aria-labelledby="totp-title">
        <h2 id="totp-title" className="text-lg font-semibold text-slate-900">Authenticator app</h2>
        <p className="mt-1 text-sm text-slate-600">Use an app such as Google Authenticator, 1Password or Authy to get a 6-digit code each time you sign in.</p>
        {data.totp.enabled ? <TotpOn since={data.totp.enabledAt!} /> : <TotpSetUp onDone={shown} />}
      </section>
      <section className="card p-6" aria-labelledby="passkeys-title">
        <h2 id="passkeys-title" className="text-lg font-semibold text-slate-900">Passkeys</h2>
        <p className="mt-1 text-sm text-slate-600">Sign in with your fingerprint, face, screen lock or a security key instead of typing a code.</p>
        <Passkeys overview={data} onAdded={shown} />
      </section>
      {hasFactor && (
        <section className="card p-6" aria-labelledby="recovery-title">
          <h2 id="recovery-title" className="text-lg font-semibold text-slate-900">Recovery codes</h2>
          <p className="mt-1 text-sm text-slate-600">If you lose your phone or passkey, each recovery code lets you sign in once. You have {data.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} left.</p>
          <button type="button" className="btn-outline mt-3" onClick={() => void withSecondFactor(() => api.post<{ recoveryCodes: string[] }>('/api/profile/security/recovery-codes')).then((r) => shown(r.recoveryCodes), (err) => toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' }))}>Make new recovery codes</button>
        </section>
      )}
    </div>
  );
}

function StaffNotice({ hasFactor, verified, next }: { hasFactor: boolean; verified: boolean; next: string }) {
  if (hasFactor && verified) return <p className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900" role="status">Your second factor is set up. <a className="font-medium underline" href={next}>Continue to the dashboard</a></p>;
  if (hasFactor) {
    return (
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="alert">
        <p>Staff pages need your second factor. Confirm it's you to continue.</p>
        <button type="button" className="btn-primary mt-3" onClick={() => void askForSecondFactor().then((ok) => ok && window.location.assign(next))}>Confirm it's you</button>
      </div>
    );
  }
  return <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="alert">Staff accounts need a second factor. Set up an authenticator app or add a passkey below, then you can open the dashboard.</p>;
}

function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="card border-2 border-amber-300 p-6" aria-labelledby="codes-title">
      <h2 id="codes-title" className="text-lg font-semibold text-slate-900">Save your recovery codes</h2>
      <p className="mt-1 text-sm text-slate-600">Keep these somewhere safe, such as a password manager. Each works once. We will not show them again.</p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((c) => <li key={c} className="rounded bg-slate-100 px-2 py-1 text-center">{c}</li>)}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className="btn-outline" onClick={() => void navigator.clipboard?.writeText(codes.join('\n')).then(() => toast({ title: 'Copied', description: 'Your recovery codes are on the clipboard.' }))}>Copy codes</button>
        <button type="button" className="btn-primary" onClick={onDone}>I have saved them</button>
      </div>
    </section>
  );
}

function TotpSetUp({ onDone }: { onDone: (codes?: string[]) => void }) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function start() {
    setBusy(true);
    try {
      setSetup(await withSecondFactor(() => api.post<TotpSetup>('/api/profile/security/totp')));
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    const parsed = ConfirmTotpSchema.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    try {
      const { recoveryCodes } = await api.post<{ recoveryCodes?: string[] }>('/api/profile/security/totp/confirm', parsed.data);
      toast({ title: 'Authenticator app set up', description: 'You will be asked for a code when you sign in.' });
      onDone(recoveryCodes);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  if (!setup) return <button type="button" className="btn-primary mt-3" disabled={busy} onClick={() => void start()}>Set up an authenticator app</button>;
  return (
    <form className="mt-4 grid gap-4 sm:grid-cols-[auto_1fr]" onSubmit={(e) => void confirm(e)} noValidate>
      <img src={setup.qrCode} alt="QR code to scan with your authenticator app" width={176} height={176} className="h-44 w-44 rounded border border-slate-200" />
      <div className="space-y-3">
        <p className="text-sm text-slate-700">1. Scan the QR code with your app, or type this key into it:</p>
        <p className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm" data-testid="totp-secret">{setup.secret.match(/.{1,4}/g)!.join(' ')}</p>
        <Field id="totp-code" label="2. Enter the 6-digit code the app shows" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={error} />
        <button type="submit" className="btn-primary" disabled={busy}>{busy ? 'Checking...' : 'Turn on'}</button>
      </div>
    </form>
  );
}

function TotpOn({ since }: { since: string }) {
  const [asking, setAsking] = useState(false);
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-800"><span className="badge bg-emerald-100 text-emerald-800">On</span> since {day(since)}</p>
      <button type="button" className="btn-outline" onClick={() => setAsking(true)}>Turn off</button>
      {asking && <PasswordDialog title="Turn off the authenticator app" action="Turn off" onClose={() => setAsking(false)} run={(currentPassword) => apiRequest<{ message: string }>('DELETE', '/api/profile/security/totp', { currentPassword })} />}
    </div>
  );
}

function Passkeys({ overview, onAdded }: { overview: SecurityOverview; onAdded: (codes?: string[]) => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);

  async function add(e: FormEvent) {
    e.preventDefault();
    const parsed = PasskeyNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setError(undefined);
    setBusy(true);
    try {
      const { recoveryCodes } = await withSecondFactor(() => addPasskey(parsed.data));
      toast({ title: 'Passkey added', description: `"${parsed.data}" can now be used to sign in.` });
      setName('');
      onAdded(recoveryCodes);
    } catch (err) {
      const problem = passkeyProblem(err);
      if (problem !== null || !(err instanceof Error && err.name === 'AbortError')) setError(problem ?? errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {overview.passkeys.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-200" aria-label="Your passkeys">
          {overview.passkeys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium text-slate-900">{k.name}</p>
                <p className="text-sm text-slate-600">Added {day(k.createdAt)} · {k.lastUsedAt ? `last used ${day(k.lastUsedAt)}` : 'not used yet'}</p>
              </div>
              <button type="button" className="btn-outline" aria-label={`Remove ${k.name}`} onClick={() => setRemoving(k)}>Remove</button>
            </li>
          ))}
        </ul>
      )}
      {browserSupportsWebAuthn() ? (
        <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={(e) => void add(e)} noValidate>
          <div className="min-w-48 flex-1"><Field id="passkey-name" label="Passkey name" placeholder="e.g. My laptop" maxLength={50} value={name} onChange={(e) => setName(e.target.value)} error={error} /></div>
          <button type="submit" className="btn-primary" disabled={busy}>{busy ? 'Adding...' : 'Add a passkey'}</button>
        </form>
      ) : (
        <p className="mt-3 text-sm text-slate-600">This browser cannot make passkeys.</p>
      )}
      {removing && <PasswordDialog title={`Remove "${removing.name}"`} action="Remove passkey" onClose={() => setRemoving(null)} run={(currentPassword) => apiRequest<{ message: string }>('DELETE', `/api/profile/security/passkeys/${removing.id}`, { currentPassword })} />}
    </>
  );
}

/** Turning a factor off asks for the password (and, through the step-up, a recent second factor). */
function PasswordDialog({ title, action, run, onClose }: { title: string; action: string; run: (password: string) => Promise<{ message: string }>; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = CurrentPasswordInputSchema.safeParse({ currentPassword: password });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    try {
      const { message } = await withSecondFactor(() => run(parsed.data.currentPassword));
      toast({ title: 'Second factor removed', description: message });
      refresh();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <DialogShell title={title} description="Enter your password to confirm." onClose={onClose} layer="below">
      <form className="mt-4 space-y-3" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="factor-password" label="Current password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} autoFocus />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-outline" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy}>{busy ? 'Working...' : action}</button>
        </div>
      </form>
    </DialogShell>
  );
}
