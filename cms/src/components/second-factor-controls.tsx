'use client';
import { useState } from 'react';
import { MANAGE_TEXTS as T } from '../auth/second-factor-texts';

/** POSTs to one of the second-factor endpoints: their JSON answer, or a message when it failed. */
async function post<T>(url: string, body: object): Promise<{ ok: true; answer: T } | { ok: false; message: string }> {
  try {
    const res = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answer = (await res.json().catch(() => ({}))) as T & { message?: string; errors?: { message?: string }[] };
    return res.ok ? { ok: true, answer } : { ok: false, message: answer.message ?? answer.errors?.[0]?.message ?? T.failed };
  } catch {
    return { ok: false, message: T.failed };
  }
}

/** A CMS admin's "Reset authenticator" for another user, after a confirm step. */
export function ResetAuthenticator({ url }: { url: string }) {
  const [state, setState] = useState<'idle' | 'confirm' | 'busy' | 'done'>('idle');
  const [message, setMessage] = useState<string | null>(null);

  async function reset() {
    setState('busy');
    const result = await post<{ reset: boolean }>(url, {});
    setMessage(result.ok ? T.resetDone : result.message);
    setState(result.ok ? 'done' : 'idle');
  }

  return (
    <section className="cms-second-factor" aria-labelledby="cms-reset-authenticator">
      <h3 id="cms-reset-authenticator">{T.resetTitle}</h3>
      {state === 'done' ? null : <p>{state === 'idle' ? T.resetHelp : T.resetConfirm}</p>}
      {message ? <p className={state === 'done' ? undefined : 'cms-sign-in__message'} role="status">{message}</p> : null}
      <div className="cms-sign-in__actions">
        {state === 'idle' ? <button type="button" className="btn btn--style-secondary" onClick={() => { setMessage(null); setState('confirm'); }}>{T.resetButton}</button> : null}
        {state === 'confirm' || state === 'busy' ? (
          <>
            <button type="button" className="btn btn--style-primary" disabled={state === 'busy'} onClick={reset}>{T.resetYes}</button>
            <button type="button" className="btn btn--style-secondary" disabled={state === 'busy'} onClick={() => setState('idle')}>{T.cancel}</button>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** A user's own "Make new recovery codes": their authenticator's code, then the new codes shown once. */
export function RegenerateRecoveryCodes({ url }: { url: string }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [copied, setCopied] = useState(false);

  async function regenerate() {
    if (busy || !code.trim()) return;
    setBusy(true);
    setMessage(null);
    const result = await post<{ recoveryCodes: string[] }>(url, { code });
    setCode('');
    if (result.ok) setCodes(result.answer.recoveryCodes);
    else setMessage(result.message);
    setBusy(false);
  }

  if (codes) {
    return (
      <section className="cms-second-factor" aria-labelledby="cms-recovery-codes">
        <h3 id="cms-recovery-codes">{T.regenerateTitle}</h3>
        <p role="status">{T.regenerateDone}</p>
        <ul className="cms-sign-in__codes">
          {codes.map((c) => <li key={c}><code>{c}</code></li>)}
        </ul>
        <div className="cms-sign-in__actions">
          <button type="button" className="btn btn--style-secondary" onClick={() => navigator.clipboard.writeText(codes.join('\n')).then(() => setCopied(true), () => {})}>{copied ? T.copied : T.copy}</button>
        </div>
      </section>
    );
  }
  // Inside the user form: no nested <form>, Enter in the code field makes the codes.
  return (
    <section className="cms-second-factor" aria-labelledby="cms-recovery-codes">
      <h3 id="cms-recovery-codes">{T.regenerateTitle}</h3>
      <p>{T.regenerateHelp}</p>
      <div className="cms-sign-in__field">
        <label htmlFor="cms-regenerate-code">{T.regenerateCodeLabel}</label>
        <input
          id="cms-regenerate-code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void regenerate(); } }}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
        />
      </div>
      {message ? <p className="cms-sign-in__message" role="alert">{message}</p> : null}
      <div className="cms-sign-in__actions">
        <button type="button" className="btn btn--style-primary" disabled={busy || !code.trim()} onClick={regenerate}>{T.regenerateButton}</button>
      </div>
    </section>
  );
}
