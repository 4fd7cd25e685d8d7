import type { Notification } from '@app/shared/browser';

// A notification as the bell's panel and /notifications show it (issue 37).

/**
 * "just now", "3 minutes ago", "2 days ago": whole units that have passed (a notification 59.6 s
 * old is not a minute old). A time ahead of the browser's clock is "just now".
 */
export function ago(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  const [n, unit] = s < 60 ? [0, ''] : s < 3600 ? [Math.floor(s / 60), 'minute'] : s < 86_400 ? [Math.floor(s / 3600), 'hour'] : [Math.floor(s / 86_400), 'day'];
  return n === 0 ? 'just now' : `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

export function BellIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

/** One notification as a link: who, what, when; unread ones stand out. */
export function NotificationLine({ n }: { n: Notification }) {
  return (
    <span className="flex items-start gap-2">
      <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${n.readAt ? 'bg-transparent' : 'bg-brand-600'}`} />
      <span className="min-w-0">
        <span className={`block text-sm ${n.readAt ? 'text-slate-700' : 'font-medium text-slate-900'}`}>{n.text}</span>
        <span className="block text-xs text-slate-600">{ago(n.createdAt)}{!n.readAt && <span className="sr-only"> (unread)</span>}</span>
      </span>
    </span>
  );
}

