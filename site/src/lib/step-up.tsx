import { useState, type FormEvent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { api, ApiError, errorMessage, SECOND_FACTOR_REQUIRED, type SecondFactorStanding } from '@app/shared/browser';
import { SecondFactorCodeSchema } from '@app/shared/forms';
import { DialogShell } from '@app/ui/dialog-shell';
import { Field } from '@app/ui/field';
import { answerWithPasskey, browserSupportsWebAuthn, passkeyProblem } from './passkeys';

const isStepUp = (err: unknown) => err instanceof ApiError && err.status === 403 && (err.body as { code?: unknown } | null)?.code === SECOND_FACTOR_REQUIRED;

/**
 * Runs a dangerous action (issue 52 #4); when the API answers that this session's second factor is
 * older than 10 minutes, asks for it in a dialog and runs the action again. Closing the dialog
 * gives the original refusal back to the caller (its toast says what happened).
 */
export async function withSecondFactor<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (!isStepUp(err)) throw err;
    if (!(await askForSecondFactor())) throw err;
    return action();
  }
}

/** Before a dangerous download (an export, a plain link), asks for the second factor unless this session's is recent. */
export async function ensureRecentSecondFactor(): Promise<boolean> {
  const { recentUntil } = await api.get<SecondFactorStanding>('/api/auth/second-factor');
  // A few seconds' margin: the download must still find it recent.
  if (recentUntil && Date.parse(recentUntil) - Date.now() > 15_000) return true;
  return askForSecondFactor();
}

/** A download link for a dangerous export: it asks for the second factor first when needed (issue 52 #4). */
export function StepUpDownload({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  return (
    <a className={className} href={href} download onClick={(e) => {
      e.preventDefault();
      void ensureRecentSecondFactor().then((ok) => ok && window.location.assign(href), () => window.location.assign(href));
    }}>{children}</a>
  );
}

/** Opens the "Confirm it's you" dialog; true once the member passed their second factor. */
export function askForSecondFactor(): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const done = (passed: boolean) => {
      root.unmount();
      host.remove();
      resolve(passed);
    };
    root.render(<ConfirmItsYou onDone={done} />);
  });
}

export function ConfirmItsYou({ onDone }: { onDone: (passed: boolean) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = SecondFactorCodeSchema.safeParse({ code });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message);
    setBusy(true);
    try {
      await api.post('/api/auth/second-factor', parsed.data);
      onDone(true);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  async function signWithPasskey() {
    setBusy(true);
    try {
      await answerWithPasskey('/api/auth/passkey/options', '/api/auth/passkey');
      onDone(true);
    } catch (err) {
      setError(passkeyProblem(err) ?? errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <DialogShell title="Confirm it's you" description="This action needs your second factor again. Enter a code from your authenticator app or a recovery code, or use a passkey." onClose={() => onDone(false)}>
      <form className="mt-4 space-y-3" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="step-up-code" label="Code" inputMode="text" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} error={error} autoFocus />
        <div className="flex flex-wrap justify-end gap-2">
          {browserSupportsWebAuthn() && <button type="button" className="btn-outline" disabled={busy} onClick={() => void signWithPasskey()}>Use a passkey</button>}
          <button type="button" className="btn-outline" onClick={() => onDone(false)}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={busy}>{busy ? 'Checking...' : 'Confirm'}</button>
        </div>
      </form>
    </DialogShell>
  );
}
