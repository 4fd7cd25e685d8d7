import { useStore } from '@nanostores/react';
import { api, DIGESTS, errorMessage, NOTIFICATION_KINDS, type Digest, type NotificationChannel, type NotificationKind, type NotificationSettings as Settings } from '@app/shared/browser';
import { toast } from '@app/ui';
import { createFetcherStore, mutateCache } from '../../lib/queries';

const KEY = '/api/notifications/settings';
const $settings = createFetcherStore<Settings>([KEY]);

/** Each kind's row; `cmsStaff`: only site admins, who reach the CMS, hear of it (others are not shown the row; their setting stays as it is). */
const KIND_LABELS: Record<NotificationKind, { label: string; hint: string; cmsStaff?: true }> = {
  reply: { label: 'Replies', hint: 'Someone replies to your comment.' },
  mention: { label: 'Mentions', hint: 'Someone names you with @ in a comment.' },
  order: { label: 'Orders', hint: 'Your order ships, completes or is cancelled.' },
  report: { label: 'Reports', hint: 'A moderator reviews something you reported.' },
  membership: { label: 'Membership', hint: 'Your membership renews, fails to renew or is about to end.' },
  review: { label: 'Review requests', hint: 'A contributor submits an article for review.', cmsStaff: true },
};
const CHANNELS: { value: NotificationChannel; label: string }[] = [
  { value: 'app', label: 'On the site' },
  { value: 'email', label: 'By email' },
  { value: 'both', label: 'On the site and by email' },
  { value: 'off', label: 'Off' },
];

const DIGEST_LABELS: Record<Digest, string> = { off: 'No digest', daily: 'Daily', weekly: 'Weekly' };

/**
 * Profile → Notifications (issue 37 #7): where each kind reaches the member, the digest and the
 * newsletter. Mail goes to a confirmed address only. `reachesCms`: the viewer is a site admin, who
 * signs in to the CMS through the site, so review requests reach them too (issue 47 #13).
 */
export default function NotificationSettings({ reachesCms = false }: { reachesCms?: boolean }) {
  const { data: settings, error } = useStore($settings);
  const kinds = NOTIFICATION_KINDS.filter((kind) => reachesCms || !KIND_LABELS[kind].cmsStaff);

  async function save(change: Partial<Settings>, description: string) {
    if (!settings) return;
    try {
      mutateCache(KEY, await api.put<Settings>(KEY, { ...settings, ...change }));
      toast({ title: 'Notifications updated', description });
    } catch (err) {
      toast({ title: 'Could not save your choice', description: errorMessage(err), variant: 'destructive' });
    }
  }

  const change = (kind: NotificationKind, channel: NotificationChannel) => save({ [kind]: channel }, `${KIND_LABELS[kind].label}: ${CHANNELS.find((c) => c.value === channel)!.label.toLowerCase()}.`);

  return (
    <section id="notifications" className="card mt-6 scroll-mt-24 p-6" aria-labelledby="notification-settings-title">
      <h2 id="notification-settings-title" className="text-lg font-semibold text-slate-900">Notifications</h2>
      <p className="mt-1 text-sm text-slate-600">Choose how you hear about each. Emails go to your confirmed address, and each has a link that stops them.</p>
      {error && <p className="mt-2 text-sm text-red-700">Could not load your notification settings: {errorMessage(error)}</p>}
      {!settings && !error && <p className="mt-2 text-sm text-slate-600">Loading...</p>}
      {settings && (
        <div className="mt-4 divide-y divide-slate-200">
          {kinds.map((kind) => (
            <div key={kind} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <label htmlFor={`notify-${kind}`} className="font-medium text-slate-900">{KIND_LABELS[kind].label}</label>
                <p className="text-sm text-slate-600">{KIND_LABELS[kind].hint}</p>
              </div>
              <select id={`notify-${kind}`} value={settings[kind]} onChange={(e) => void change(kind, e.target.value as NotificationChannel)} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
                {CHANNELS.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
              </select>
            </div>
          ))}
          <div className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <label htmlFor="notify-digest" className="font-medium text-slate-900">Digest</label>
              <p className="text-sm text-slate-600">One email with everything unread, instead of an email each time.</p>
            </div>
            <select id="notify-digest" value={settings.digest} onChange={(e) => void save({ digest: e.target.value as Digest }, `Digest: ${DIGEST_LABELS[e.target.value as Digest].toLowerCase()}.`)} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
              {DIGESTS.map((d) => <option key={d} value={d}>{DIGEST_LABELS[d]}</option>)}
            </select>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div>
              <span id="notify-newsletter-label" className="font-medium text-slate-900">Newsletter</span>
              <p id="notify-newsletter-hint" className="text-sm text-slate-600">New articles the creator sends by email.</p>
            </div>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" aria-labelledby="notify-newsletter-label" aria-describedby="notify-newsletter-hint" checked={settings.newsletter === 'on'} onChange={(e) => void save({ newsletter: e.target.checked ? 'on' : 'off' }, `Newsletter: ${e.target.checked ? 'on' : 'off'}.`)} className="h-4 w-4" />
              Send it to me
            </label>
          </div>
        </div>
      )}
    </section>
  );
}
