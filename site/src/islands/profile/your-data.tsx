import { useState } from 'react';
import { apiRequest, DELETED_MEMBER_NAME, errorFromResponse, errorMessage, inWords, NetworkError, SOLD_TIERS, tierLabel } from '@app/shared/browser';
import { DeleteAccountSchema } from '@app/shared/forms';
import { DialogFooter, DialogShell } from '@app/ui/dialog-shell';
import { Field } from '@app/ui/field';
import { toast, toastOnNextPage } from '@app/ui';

/** Profile → download my data, and delete my account (issue 20). */
export default function YourData() {
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="card mt-6 p-6" aria-labelledby="data-title">
      <h2 id="data-title" className="text-lg font-semibold text-slate-900">Your data</h2>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
        <p className="max-w-md text-sm text-slate-600">Download everything we keep about you — account, sessions, comments, posts, messages, reports, orders, membership and saved videos — as a JSON file.</p>
        <button type="button" className="btn-outline" onClick={() => void download()}>Download my data</button>
      </div>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <p className="max-w-md text-sm text-slate-600">Delete your account and your personal data for good.</p>
        <button type="button" className="btn-outline border-red-300 text-red-700 hover:bg-red-50" onClick={() => setDeleting(true)}>Delete my account</button>
      </div>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </section>
  );
}

async function download() {
  try {
    const res = await fetch('/api/profile/export', { credentials: 'include' }).catch((err: unknown) => Promise.reject(new NetworkError(err)));
    if (!res.ok) throw await errorFromResponse(res);
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'better-self-data.json';
    const url = URL.createObjectURL(await res.blob());
    const a = Object.assign(document.createElement('a'), { href: url, download: name });
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (err) {
    toast({ title: 'Download failed', description: errorMessage(err), variant: 'destructive' });
  }
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // The rule of DELETE /api/profile; a blank box only keeps the button disabled.
  const request = DeleteAccountSchema.safeParse({ currentPassword: password });

  async function remove() {
    if (!request.success) return;
    setBusy(true);
    try {
      const answer = await apiRequest<{ message: string }>('DELETE', '/api/profile', request.data);
      toastOnNextPage({ title: 'Account deleted', description: answer.message });
      window.location.assign('/');
    } catch (err) {
      toast({ title: 'Account not deleted', description: errorMessage(err), variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <DialogShell title="Delete your account?" onClose={onClose} width="lg">
      <div className="mt-3 space-y-3 text-sm text-slate-700">
        <p>This cannot be undone. When you delete your account:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>You are signed out everywhere, and your chat connections close at once.</li>
          <li>{`A ${inWords(SOLD_TIERS.map((t) => tierLabel(t)), 'or')} subscription is cancelled: you are not charged again.`}</li>
          <li>Your email address, display name, bio, picture, sessions and saved videos are removed.</li>
          <li>Your comments, bulletin posts and chat messages stay in others' conversations, shown as from “{DELETED_MEMBER_NAME}”.</li>
          <li>Your orders are kept for the shop's accounts, without your name and address.</li>
          <li>Your username can be taken by someone else after 30 days.</li>
        </ul>
        <p>Download your data first if you want a copy.</p>
      </div>
      <form className="mt-4" onSubmit={(e) => { e.preventDefault(); void remove(); }}>
        <Field id="delete-password" label="Your password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)}
          error={password && !request.success ? request.error.issues[0]!.message : undefined} />
        <DialogFooter>
          <button type="submit" className="btn-primary bg-red-600 hover:bg-red-700" disabled={!request.success || busy}>{busy ? 'Deleting...' : 'Delete my account'}</button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}
