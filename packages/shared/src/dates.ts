const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The spec's general date format, "MMMM d, yyyy". */
export function formatLongDate(iso: string | Date): string {
  return longDate.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The admin tables' format (spec 02 §9), "Nov 3, 2026". */
export function formatShortDate(iso: string | Date): string {
  return shortDate.format(typeof iso === 'string' ? new Date(iso) : iso);
}

const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** A time of day in the viewer's zone, "9:05 PM" (chat messages, admin logs). */
export function formatTime(iso: string | Date): string {
  return clockTime.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** The short date and the time, "Nov 3, 2026 9:05 PM". */
export function formatShortDateTime(iso: string | Date): string {
  return `${formatShortDate(iso)} ${formatTime(iso)}`;
}

/** Initials: first letters of words, at most 2, upper case. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/** A day in UTC as YYYY-MM-DD (the stats' and the exports' days). */
export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}
