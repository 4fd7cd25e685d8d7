import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, BIO_MAX, errorMessage, formatLongDate, postFormWithProgress, tierLabel } from '@app/shared/browser';
import { ProfileInputSchema } from '@app/shared/forms';
import type { Profile, User } from '@app/shared/schemas';
import { Avatar } from '@app/ui/avatar';
import { Field, fieldErrors } from '@app/ui/field';
import { toast } from '@app/ui';
import { createFetcherStore, mutateCache } from '../../lib/queries';
import { $user, loadUser } from '../../stores/session';

const KEY = '/api/profile';
const $profile = createFetcherStore<Profile>([KEY]);

/**
 * Profile → the member's card (spec 02 §4: a view and edit toggle): picture, names, email, bio,
 * tier and member since; Edit opens the form (display name, bio with a live counter, picture
 * address or an upload with its progress). Saving refreshes the current user, so the header shows
 * the new name and picture at once.
 */
export default function ProfileCard({ user: initialUser }: { user: User }) {
  const stored = useStore($user);
  const user = stored ?? initialUser;
  const { data: profile } = useStore($profile);
  const [editing, setEditing] = useState(false);
  useConfirmEmailChangeLink();

  const shown = profile ?? { displayName: user.displayName, bio: '', avatarUrl: user.avatarUrl };
  return (
    <section className="card mt-6 p-6" aria-labelledby="account-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="account-title" className="text-lg font-semibold text-slate-900">{editing ? 'Edit profile' : 'Account'}</h2>
        {!editing && <button type="button" className="btn-outline" onClick={() => setEditing(true)} disabled={!profile}>Edit</button>}
      </div>
      {!user.emailConfirmed && <ConfirmEmailNotice email={user.email} />}
      {editing && profile ? (
        <ProfileForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <div className="mt-4 flex flex-col gap-5 sm:flex-row sm:items-start">
          <Avatar name={shown.displayName} url={shown.avatarUrl} size="xl" />
          <dl className="grid flex-1 gap-4 sm:grid-cols-2">
            <div><dt className="text-sm text-slate-500">Display name</dt><dd className="font-medium text-slate-900" data-testid="profile-display-name">{shown.displayName}</dd></div>
            <div><dt className="text-sm text-slate-500">Username</dt><dd className="font-medium text-slate-900">{user.username}</dd></div>
            <div className="min-w-0"><dt className="text-sm text-slate-500">Email</dt><dd className="break-words font-medium text-slate-900">{user.email}</dd></div>
            <div><dt className="text-sm text-slate-500">Member since</dt><dd className="font-medium text-slate-900">{formatLongDate(user.memberSince)}</dd></div>
            <div><dt className="text-sm text-slate-500">Membership</dt><dd><span className="badge bg-brand-50 text-brand-700">{tierLabel(user.membershipTier)}</span></dd></div>
            <div className="sm:col-span-2"><dt className="text-sm text-slate-500">Bio</dt><dd className="whitespace-pre-wrap break-words text-slate-800">{shown.bio || <span className="text-slate-500">No bio yet.</span>}</dd></div>
          </dl>
        </div>
      )}
    </section>
  );
}

function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const [displayName, setDisplayName] = useState(profile.displayName);
  const [bio, setBio] = useState(profile.bio);
  const [avatarUrl, setAvatarUrl] = useState(profile.avatarUrl ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = ProfileInputSchema.safeParse({ displayName, bio, avatarUrl });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setSaving(true);
    try {
      const saved = await api.put<Profile>(KEY, { displayName, bio, avatarUrl });
      mutateCache(KEY, saved);
      await loadUser(true);
      toast({ title: 'Profile updated', description: 'Your profile has been saved.' });
      onDone();
    } catch (err) {
      toast({ title: 'Failed to update profile', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="mt-4 space-y-4" onSubmit={(e) => void save(e)} noValidate>
      <AvatarUpload name={displayName || profile.displayName} current={profile.avatarUrl} onChanged={(url) => setAvatarUrl(url ?? '')} />
      <Field id="profile-display-name" label="Display name" value={displayName} onChange={(e) => setDisplayName(e.target.value)} error={errors.displayName} maxLength={60} autoComplete="nickname" />
      <div className="space-y-1">
        <label htmlFor="profile-bio" className="block text-sm font-medium text-slate-800">Bio</label>
        <textarea id="profile-bio" rows={4} value={bio} onChange={(e) => setBio(e.target.value)} aria-describedby="profile-bio-count" aria-invalid={errors.bio ? true : undefined}
          className={`w-full rounded-md border px-3 py-2 text-sm ${errors.bio || bio.length > BIO_MAX ? 'border-red-600' : 'border-slate-300'}`} />
        <p id="profile-bio-count" className={`text-right text-xs ${bio.length > BIO_MAX ? 'text-red-700' : 'text-slate-500'}`} aria-live="polite">{bio.length}/{BIO_MAX}</p>
        {errors.bio && <p className="text-sm text-red-700">{errors.bio}</p>}
      </div>
      <Field id="profile-avatar-url" label="Avatar URL (optional)" type="url" inputMode="url" placeholder="https://…" value={avatarUrl} onChange={(e) => setAvatarUrl(e.target.value)} error={errors.avatarUrl} />
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-outline" onClick={onDone}>Cancel</button>
        <button type="submit" className="btn-primary" disabled={saving}>{saving ? 'Saving...' : 'Save'}</button>
      </div>
    </form>
  );
}

/** Upload a picture (with the bytes sent shown) or go back to initials; both take effect at once. */
function AvatarUpload({ name, current, onChanged }: { name: string; current: string | null; onChanged: (url: string | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);

  function applied(next: Profile) {
    mutateCache(KEY, next);
    onChanged(next.avatarUrl);
    void loadUser(true);
  }

  async function upload(file: File) {
    if (file.size > AVATAR_MAX_BYTES) return toast({ title: 'Upload failed', description: AVATAR_TOO_LARGE, variant: 'destructive' });
    const form = new FormData();
    form.append('avatar', file);
    setProgress(0);
    try {
      let answer: Profile | null = null;
      await postFormWithProgress('/api/profile/avatar', form, { onUploadProgress: (sent, total) => setProgress(total ? Math.round((sent / total) * 100) : 0), onLine: (line) => (answer = line as Profile) });
      if (answer) applied(answer);
      toast({ title: 'Picture updated', description: 'Your new picture is on your profile.' });
    } catch (err) {
      toast({ title: 'Upload failed', description: errorMessage(err, 'That file is not an image we can read.'), variant: 'destructive' });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  async function remove() {
    try {
      applied(await api.delete<Profile>('/api/profile/avatar'));
      toast({ title: 'Picture removed', description: 'Your initials show instead.' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar name={name} url={current} size="xl" />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <label className="btn-outline cursor-pointer">
            Upload picture
            <input ref={input} type="file" accept="image/jpeg,image/png,image/gif,image/webp" className="sr-only" data-testid="avatar-file" disabled={progress !== null} onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])} />
          </label>
          {current && <button type="button" className="btn-ghost" onClick={() => void remove()}>Remove picture</button>}
        </div>
        <p className="text-xs text-slate-500">JPEG, PNG, GIF or WebP, up to 5 MB. We crop it to a square.</p>
        {progress !== null && (
          <div className="h-2 w-48 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Uploading picture" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress}%` }} />
          </div>
        )}
      </div>
    </div>
  );
}

function ConfirmEmailNotice({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  async function resend() {
    setSending(true);
    try {
      const { message } = await api.post<{ message: string }>('/api/auth/resend-confirmation');
      toast({ title: 'Confirmation email sent', description: message });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="status">
      <p>Please confirm your email address: we sent a link to <strong className="break-all">{email}</strong>. Until then we send you no other mail.</p>
      <button type="button" className="btn-outline bg-white" onClick={() => void resend()} disabled={sending}>Send a new link</button>
    </div>
  );
}

/** The link mailed to a new address opens /profile?email-token=…: confirm it once, then drop it from the address bar. */
function useConfirmEmailChangeLink() {
  useEffect(() => {
    const url = new URL(window.location.href);
    const token = url.searchParams.get('email-token');
    if (!token) return;
    url.searchParams.delete('email-token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    api.post<{ message: string }>('/api/profile/email/confirm', { token }).then(
      ({ message }) => {
        toast({ title: 'Email address changed', description: message });
        void loadUser(true);
      },
      (err: unknown) => toast({ title: 'Email address not changed', description: errorMessage(err), variant: 'destructive' }),
    );
  }, []);
}
