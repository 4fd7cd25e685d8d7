'use client';
import { useState, type FormEvent } from 'react';
import { TEXTS, type CmsTotpSetup, type SecondStepAnswer } from '../../auth/second-factor-texts';

type Step = { name: 'password' } | { name: 'code' } | { name: 'setup'; setup: CmsTotpSetup } | { name: 'recovery-codes'; codes: string[] };
const TITLES = { password: TEXTS.title, code: TEXTS.codeTitle, setup: TEXTS.setupTitle } as const;
type Refusal = { errors?: { message?: string; data?: SecondStepAnswer }[] };

/**
 * The sign-in's steps, each one POST to Payload's login with everything typed so far: the email
 * and password, then the code (or the setup token and the app's first code). The server decides
 * every step; nothing here is trusted. A new authenticator's recovery codes are shown once before
 * the CMS opens.
 */
export function SignInForm({ loginUrl, forgotUrl, redirectTo }: { loginUrl: string; forgotUrl: string; redirectTo: string }) {
  const [step, setStep] = useState<Step>({ name: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const setupToken = step.name === 'setup' ? step.setup.setupToken : undefined;
      const body = { email, password, ...(step.name === 'password' ? {} : { code, setupToken }) };
      const res = await fetch(loginUrl, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = (await res.json().catch(() => ({}))) as Refusal & { recoveryCodes?: string[] };
      if (res.ok) {
        if (answer.recoveryCodes?.length) setStep({ name: 'recovery-codes', codes: answer.recoveryCodes });
        else window.location.assign(redirectTo);
        return;
      }
      const refusal = answer.errors?.[0];
      const next = refusal?.data;
      if (next?.secondFactor === 'code' && step.name !== 'code') setStep({ name: 'code' });
      if (next?.secondFactor === 'setup' && next.setup) setStep({ name: 'setup', setup: next.setup });
      setCode('');
      setMessage(refusal?.message ?? TEXTS.failed);
    } catch {
      setMessage(TEXTS.failed);
    } finally {
      setBusy(false);
    }
  }

  function startAgain() {
    setStep({ name: 'password' });
    setPassword('');
    setCode('');
    setMessage(null);
  }

  if (step.name === 'recovery-codes') {
    return (
      <section className="cms-sign-in" aria-labelledby="cms-sign-in-title">
        <h1 id="cms-sign-in-title">{TEXTS.recoveryTitle}</h1>
        <p>{TEXTS.recoveryHelp}</p>
        <ul className="cms-sign-in__codes" aria-label={TEXTS.recoveryTitle}>
          {step.codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ul>
        <div className="cms-sign-in__actions">
          <button type="button" className="btn btn--style-secondary" onClick={() => void navigator.clipboard?.writeText(step.codes.join('\n')).then(() => setCopied(true))}>
            {copied ? TEXTS.recoveryCopied : TEXTS.recoveryCopy}
          </button>
          <button type="button" className="btn btn--style-primary" onClick={() => window.location.assign(redirectTo)}>
            {TEXTS.recoveryDone}
          </button>
        </div>
      </section>
    );
  }

  const codeField = (label: string, help?: string) => (
    <div className="cms-sign-in__field">
      <label htmlFor="cms-sign-in-code">{label}</label>
      <input
        id="cms-sign-in-code"
        name="code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        required
        autoFocus
        aria-describedby={help ? 'cms-sign-in-code-help' : undefined}
      />
      {help && <p id="cms-sign-in-code-help">{help}</p>}
    </div>
  );

  return (
    <form className="cms-sign-in" onSubmit={submit} aria-labelledby="cms-sign-in-title">
      <h1 id="cms-sign-in-title">{TITLES[step.name]}</h1>
      {message && (
        <p className="cms-sign-in__message" role="alert">
          {message}
        </p>
      )}
      {step.name === 'password' && (
        <>
          <div className="cms-sign-in__field">
            <label htmlFor="cms-sign-in-email">{TEXTS.email}</label>
            <input id="cms-sign-in-email" name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required autoFocus />
          </div>
          <div className="cms-sign-in__field">
            <label htmlFor="cms-sign-in-password">{TEXTS.password}</label>
            <input id="cms-sign-in-password" name="password" type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" required />
          </div>
        </>
      )}
      {step.name === 'code' && codeField(TEXTS.codeLabel, TEXTS.codeHelp)}
      {step.name === 'setup' && (
        <>
          <ol className="cms-sign-in__steps">
            {TEXTS.setupSteps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          <img className="cms-sign-in__qr" src={step.setup.qrCode} alt={`QR code for your authenticator app. ${TEXTS.setupKey}: ${step.setup.secret}`} width={200} height={200} />
          <p>
            {TEXTS.setupKey}: <code data-totp-secret>{step.setup.secret}</code>
          </p>
          {codeField(TEXTS.setupCodeLabel)}
        </>
      )}
      <div className="cms-sign-in__actions">
        <button type="submit" className="btn btn--style-primary" disabled={busy}>
          {step.name === 'password' ? TEXTS.signIn : step.name === 'code' ? TEXTS.verify : TEXTS.setupSubmit}
        </button>
        {step.name === 'password' ? (
          <a href={forgotUrl}>{TEXTS.forgot}</a>
        ) : (
          <button type="button" className="btn btn--style-secondary" onClick={startAgain}>
            {TEXTS.back}
          </button>
        )}
      </div>
    </form>
  );
}
