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

/** Initials: first letters of words, at most 2, upper case. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
