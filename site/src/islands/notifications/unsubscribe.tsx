import { useEffect, useState } from 'react';
import { api, errorMessage, NOTIFICATION_KIND_WORDS, type MailList } from '@app/shared/browser';

/**
 * /unsubscribe?token=… (issue 37 #6): a notification mail's "Stop them" link. Opening the page
 * changes nothing (mail scanners open links); the button does, without signing in.
 */
export default function Unsubscribe() {
  const [state, setState] = useState<{ done?: string; error?: string; busy?: boolean }>({});
  // Read once hydrated: the page is prerendered without it.
  const [token, setToken] = useState('');
  useEffect(() => setToken(new URLSearchParams(location.search).get('token') ?? ''), []);

  async function stop() {
    setState({ busy: true });
    try {
      const { kind } = await api.post<{ kind: MailList; setting: string }>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
      setState({ done: NOTIFICATION_KIND_WORDS[kind] ?? 'these notifications' });
    } catch (err) {
      setState({ error: errorMessage(err, 'This unsubscribe link is not valid.') });
    }
  }

  if (state.done) {
    return (
      <div role="status">
        <p className="text-lg font-semibold text-slate-900">Done: no more emails about {state.done}.</p>
        <p className="mt-2 text-slate-600">You can choose what we send you at any time in <a className="font-medium text-brand-700 hover:underline" href="/profile#notifications">your profile</a>.</p>
      </div>
    );
  }
  return (
    <div>
      <p className="text-slate-700">Stop the emails this link came with? Nothing else about your account changes.</p>
      {state.error && <p className="mt-3 text-red-700" role="alert">{state.error}</p>}
      <button type="button" className="btn-primary mt-4" disabled={state.busy || !token} onClick={() => void stop()}>Stop these emails</button>
    </div>
  );
}
