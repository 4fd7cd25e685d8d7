import * as Tabs from '@radix-ui/react-tabs';
import { useEffect, useState, type FormEvent } from 'react';
import { api, DEFAULT_PLAN, DEFAULT_SITE_SETTINGS, isPlanId, needsSecondStep, PLANS, safeRedirectPath, tierLabel, type SecondStepMethod, type SecondStepNeeded } from '@app/shared/browser';
import { LoginSchema, RegisterSchema, RequestPasswordResetSchema, ResetFormSchema, ResetPasswordSchema } from '@app/shared/forms';
import type { User } from '@app/shared/schemas';
import { toast, toastOnNextPage } from '@app/ui';
import { failureToast, loginFailureToast } from './auth-toasts';
import { ConfirmEmailStep } from './confirm-email-step';
import { SecondStep } from './second-step';
import { PasskeySignIn } from './passkey-sign-in';
import { Field, fieldErrors } from '@app/ui/field';

type Tab = 'login' | 'register' | 'forgot-password';
type Errors = Record<string, string>;

/** The tier a visitor sent here from /subscribe was about to buy: the plan its address names, else the one sold by default. */
function tierOnSale(redirect: string | null): string {
  const plan = new URL(redirect ?? '/', 'http://site').searchParams.get('plan');
  return tierLabel(PLANS[isPlanId(plan) ? plan : DEFAULT_PLAN].tier);
}

function formValues(e: FormEvent<HTMLFormElement>): Record<string, string> {
  return Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
}

/**
 * /auth: sign in, sign up, forgot password, and the steps opened from emailed links (reset a
 * password, confirm an address). Sign-up signs the new member in; the mailed link confirms
 * their address (until then we send them no other mail).
 */
/** `siteName` comes from the build's settings (the page passes it). */
export default function AuthPage({ siteName = DEFAULT_SITE_SETTINGS.siteName }: { siteName?: string }) {
  const [tab, setTab] = useState<Tab>('login');
  const [reset, setReset] = useState<{ token: string | null; userId: string | null } | null>(null);
  const [confirmToken, setConfirmToken] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondStepMethod[] | null>(null);
  const [redirect, setRedirect] = useState('/');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  // Until hydrated, a click would submit the form natively (a GET with the password in the URL).
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setReady(true);
    const q = new URLSearchParams(window.location.search);
    setRedirect(safeRedirectPath(q.get('redirect')));
    if (q.get('signup') === 'true') setTab('register');
    if (q.get('notice') === 'subscribe') toast({ title: 'Authentication Required', description: `Please log in to subscribe to ${tierOnSale(q.get('redirect'))} membership` });
    if (q.has('reset') || q.has('user')) setReset({ token: q.get('reset'), userId: q.get('user') });
    // Named "…token" so every log's URL redaction (log-redaction.ts) hides it.
    if (q.get('confirm-token')) setConfirmToken(q.get('confirm-token'));
  }, []);

  const switchTab = (t: string) => {
    setTab(t as Tab);
    setErrors({});
  };

  const signedIn = (title: string, description: string) => {
    toastOnNextPage({ title, description });
    window.location.assign(redirect);
  };

  const welcomeBack = (user: User) => signedIn('Login successful', `Welcome back, ${user.displayName || user.username}!`);

  const backToLogin = () => {
    window.history.replaceState(null, '', '/auth');
    setConfirmToken(null);
    setBusy(false);
    switchTab('login');
  };

  async function onLogin(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = LoginSchema.safeParse(formValues(e));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const answer = await api.post<User | SecondStepNeeded>('/api/login', parsed.data);
      if (needsSecondStep(answer)) {
        setSecondStep(answer.methods);
        setBusy(false);
        return;
      }
      welcomeBack(answer);
    } catch (err) {
      toast(loginFailureToast(err));
      setBusy(false);
    }
  }

  async function onRegister(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = RegisterSchema.safeParse(formValues(e));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const user = await api.post<User>('/api/register', parsed.data);
      signedIn('Registration successful', `Welcome to ${siteName}, ${user.displayName || user.username}!`);
    } catch (err) {
      toast(failureToast('Registration failed', err));
      setBusy(false);
    }
  }

  async function onForgot(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = formValues(e);
    if (!values.email?.trim()) return;
    const parsed = RequestPasswordResetSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>('/api/request-password-reset', parsed.data);
      toast({ title: 'Password Reset Request Sent', description: res.message });
      e.currentTarget?.reset();
    } catch (err) {
      toast(failureToast('Password Reset Request Failed', err));
    } finally {
      setBusy(false);
    }
  }

  async function onReset(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = formValues(e);
    if (!values.newPassword || !values.confirmPassword) return;
    setAlert(null);
    const parsed = ResetFormSchema.safeParse(values);
    if (!parsed.success) {
      const errs = fieldErrors(parsed.error.issues);
      // The only rule on the second box is that it matches, which the spec also shows as an alert.
      if (errs.confirmPassword) setAlert(errs.confirmPassword);
      return setErrors(errs);
    }
    const request = ResetPasswordSchema.safeParse({ token: reset?.token ?? '', userId: reset?.userId ?? '', newPassword: parsed.data.newPassword });
    if (!request.success) return setAlert(request.error.issues[0]!.message);
    setErrors({});
    setBusy(true);
    try {
      const res = await api.post<{ message: string }>('/api/reset-password', request.data);
      toast({ title: 'Password Reset Successful', description: res.message });
      window.history.replaceState(null, '', '/auth');
      setReset(null);
      setTab('login');
    } catch (err) {
      toast(failureToast('Password Reset Failed', err));
    } finally {
      setBusy(false);
    }
  }

  if (confirmToken) return <ConfirmEmailStep token={confirmToken} onLeave={backToLogin} />;
  if (secondStep) return <SecondStep methods={secondStep} onSignedIn={welcomeBack} onBack={() => setSecondStep(null)} />;

  if (reset) {
    return (
      <form onSubmit={onReset} noValidate className="space-y-4" aria-labelledby="reset-title">
        <h2 id="reset-title" className="text-xl font-bold text-slate-900">Choose a new password</h2>
        {alert && <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{alert}</p>}
        <Field id="new-password" name="newPassword" type="password" label="New password" autoComplete="new-password" error={errors.newPassword} />
        <Field id="confirm-password" name="confirmPassword" type="password" label="Confirm new password" autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={busy || !ready}>{busy ? 'Saving...' : 'Reset Password'}</button>
        <button type="button" className="btn-ghost w-full" onClick={() => { setReset(null); window.history.replaceState(null, '', '/auth'); }}>Back to login</button>
      </form>
    );
  }

  // Tabs size to their labels and never wrap, so all three keep one height on a phone.
  const tabClass = 'flex-auto whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';
  return (
    <Tabs.Root value={tab} onValueChange={switchTab}>
      <Tabs.List aria-label="Account" className="flex gap-1 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="login" className={tabClass}>Log In</Tabs.Trigger>
        <Tabs.Trigger value="register" className={tabClass}>Sign Up</Tabs.Trigger>
        <Tabs.Trigger value="forgot-password" className={tabClass}>Forgot Password</Tabs.Trigger>
      </Tabs.List>

      <Tabs.Content value="login" className="pt-6">
        <form onSubmit={onLogin} noValidate className="space-y-4">
          <Field id="login-username" name="username" label="Username or email" autoComplete="username" error={errors.username} />
          <Field id="login-password" name="password" type="password" label="Password" autoComplete="current-password" error={errors.password} />
          <button type="submit" className="btn-primary w-full" disabled={busy || !ready}>{busy ? 'Signing in...' : 'Log In'}</button>
          <button type="button" className="w-full text-sm text-brand-700 hover:underline" onClick={() => switchTab('forgot-password')}>Forgot your password?</button>
        </form>
        <PasskeySignIn onSignedIn={welcomeBack} />
      </Tabs.Content>

      <Tabs.Content value="register" className="pt-6">
        <form onSubmit={onRegister} noValidate className="space-y-4">
          <Field id="register-username" name="username" label="Username" autoComplete="username" error={errors.username} />
          <Field id="register-email" name="email" type="email" label="Email" autoComplete="email" error={errors.email} />
          <Field id="register-display-name" name="displayName" label="Display name (optional)" autoComplete="nickname" error={errors.displayName} />
          <Field id="register-password" name="password" type="password" label="Password" autoComplete="new-password" error={errors.password} />
          <button type="submit" className="btn-primary w-full" disabled={busy || !ready}>{busy ? 'Creating account...' : 'Create Account'}</button>
        </form>
      </Tabs.Content>

      <Tabs.Content value="forgot-password" className="pt-6">
        <form onSubmit={onForgot} noValidate className="space-y-4">
          <p className="text-sm text-slate-600">Enter the email of your account and we will send you a link to choose a new password.</p>
          <Field id="forgot-email" name="email" type="email" label="Email" autoComplete="email" error={errors.email} />
          <button type="submit" className="btn-primary w-full" disabled={busy || !ready}>{busy ? 'Sending...' : 'Send Reset Link'}</button>
        </form>
      </Tabs.Content>
    </Tabs.Root>
  );
}
