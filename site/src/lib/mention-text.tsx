import { useEffect, useState, type ReactNode } from 'react';
import { api, mentionedUsernames, mentionsIn, publicProfilePath } from '@app/shared/browser';

// Mentions in members' words (issue 37 #4): `@name` links to /members/{name} when that member's
// profile is public, and stays plain text otherwise. Which names are public is asked once per
// page for every name the page shows (one request for the names a render brings, batched).

/** Lower-cased name → the member's own spelling when their profile is public, null when it is not. */
const known = new Map<string, string | null>();
const waiting = new Set<string>();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | null = null;

function ask(names: string[]) {
  for (const n of names) if (!known.has(n)) waiting.add(n);
  if (waiting.size === 0 || timer) return;
  timer = setTimeout(() => {
    timer = null;
    const batch = [...waiting].slice(0, 50);
    batch.forEach((n) => waiting.delete(n));
    batch.forEach((n) => known.set(n, null));
    void api
      .get<{ names: string[] }>(`/api/public-profiles?names=${encodeURIComponent(batch.join(','))}`)
      .then(({ names }) => names.forEach((n) => known.set(n.toLowerCase(), n)))
      .catch(() => undefined)
      .finally(() => {
        listeners.forEach((l) => l());
        if (waiting.size) ask([]);
      });
  }, 30);
}

/** A member's text with its mentions of public profiles as links; everything else as it was written. */
export function MentionText({ text, linkClassName = 'font-medium underline' }: { text: string; linkClassName?: string }) {
  const [, redraw] = useState(0);
  const names = mentionedUsernames(text);
  const key = names.join(',');
  useEffect(() => {
    if (!key) return;
    const listener = () => redraw((n) => n + 1);
    listeners.add(listener);
    ask(key.split(','));
    return () => void listeners.delete(listener);
  }, [key]);
  if (names.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of mentionsIn(text)) {
    const name = known.get(m.name);
    if (!name) continue;
    parts.push(text.slice(last, m.index));
    parts.push(<a key={m.index} href={publicProfilePath(name)} className={linkClassName}>{text.slice(m.index, m.index + m.length)}</a>);
    last = m.index + m.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
