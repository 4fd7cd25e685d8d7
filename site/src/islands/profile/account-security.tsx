import { useState, type FormEvent } from 'react';
import { api, errorMessage } from '@app/shared/browser';
import { ChangeEmailSchema, ChangePasswordFormSchema } from '@app/shared/forms';
import { Field, fieldErrors } from '@app/ui/field';
import { toast } from '@app/ui';
import { invalidateKeys } from '../../lib/queries';

/** Profile → password and email: both ask for the current password (issue 20). */
export default function AccountSecurity() {
  return (
    <section className="card mt-6 p-6" aria-labelledby="security-title">
      <h2 id="security-title" className="text-lg font-semibold text-slate-900">Password and email</h2>
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <PasswordForm />
        <EmailForm />
      </div>
    </section>
  );
}

function PasswordForm() {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ChangePasswordFormSchema.safeParse(values);
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (!parsed.success) return;
    setBusy(true);
    try {
      const { message } = await api.post<{ message: string }>('/api/profile/password', { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword });
      toast({ title: 'Password changed', description: message });
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      invalidateKeys('/api/sessions');
    } catch (err) {
      toast({ title: 'Password not changed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-3" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="password-title">
      <h3 id="password-title" className="font-medium text-slate-900">Change password</h3>
      <Field id="pw-current" label="Current password" type="password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} />
      <Field id="pw-new" label="New password" type="password" autoComplete="new-password" value={values.newPassword} onChange={set('newPassword')} error={errors.newPassword} />
      <Field id="pw-confirm" label="Confirm new password" type="password" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} error={errors.confirmPassword} />
      <p className="text-xs text-slate-500">At least 6 characters. Every other device is signed out.</p>
      <button type="submit" className="btn-primary" disabled={busy}>{busy ? 'Changing...' : 'Change password'}</button>
    </form>
  );
}

function EmailForm() {
  const [values, setValues] = useState({ newEmail: '', currentPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ChangeEmailSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setBusy(true);
    try {
      const { message } = await api.post<{ message: string }>('/api/profile/email', parsed.data);
      setSent(message);
      setValues({ newEmail: '', currentPassword: '' });
    } catch (err) {
      toast({ title: 'Email not changed', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="space-y-3" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="email-title">
      <h3 id="email-title" className="font-medium text-slate-900">Change email</h3>
      <Field id="email-new" label="New email address" type="email" autoComplete="email" value={values.newEmail} onChange={set('newEmail')} error={errors.newEmail} />
      <Field id="email-password" label="Current password" type="password" autoComplete="current-password" value={values.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} />
      {sent && <p className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900" role="status">{sent}</p>}
      <button type="submit" className="btn-primary" disabled={busy}>{busy ? 'Sending...' : 'Send confirmation link'}</button>
    </form>
  );
}
