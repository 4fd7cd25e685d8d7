import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import { api } from '@app/shared/browser';
import type { MentionCandidate } from '@app/shared/schemas';

/** `@name` being typed just before the caret: where it starts and what is typed so far (2 characters at least: the API suggests from there, issue 47 #6). */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(?:^|[\s(])@([A-Za-z0-9_-]{2,50})$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[1]!.length - 1, query: m[1]! } : null;
}

type Common = {
  place: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The box's wrapper (a flex item's sizing goes here). */
  wrapperClassName?: string;
  /** The list opens above the box (a composer at the bottom of its panel). */
  listAbove?: boolean;
};
type Props = (Common & { as: 'textarea' } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>) | (Common & { as: 'input' } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>);

/**
 * A composer's text box with @mention suggestions (issue 37 #4): typing `@` and the start of a
 * name lists the members who may read the place (`place`: `article:{id}`, `bulletin`,
 * `room:{id}`; the API decides), chosen with the arrow keys and Enter or Tab, or a click; Escape
 * closes the list.
 */
export function MentionInput(props: Props) {
  const { place, value, onValueChange, as, wrapperClassName = '', listAbove = false, ...rest } = props;
  const ref = useRef<HTMLTextAreaElement & HTMLInputElement>(null);
  const listId = useId();
  const [found, setFound] = useState<{ start: number; query: string; items: MentionCandidate[] } | null>(null);
  const [active, setActive] = useState(0);
  const [typed, setTyped] = useState<{ start: number; query: string } | null>(null);

  useEffect(() => {
    if (!typed) return setFound(null);
    let current = true;
    const timer = setTimeout(() => {
      api
        .get<MentionCandidate[]>(`/api/mentions?q=${encodeURIComponent(typed.query)}&in=${encodeURIComponent(place)}`)
        .then((items) => {
          if (!current) return;
          setFound(items.length ? { ...typed, items } : null);
          setActive(0);
        })
        .catch(() => current && setFound(null));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [typed, place]);

  function onText(next: string, caret: number) {
    onValueChange(next);
    const at = mentionAt(next, caret);
    setTyped((before) => (at && before && at.start === before.start && at.query === before.query ? before : at));
  }

  function choose(c: MentionCandidate) {
    if (!found) return;
    const end = found.start + 1 + found.query.length;
    const next = `${value.slice(0, found.start)}@${c.username} ${value.slice(end)}`;
    onValueChange(next);
    setTyped(null);
    setFound(null);
    const caret = found.start + c.username.length + 2;
    requestAnimationFrame(() => ref.current?.setSelectionRange(caret, caret));
    ref.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) {
    if (!found) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : found.items.length - 1)) % found.items.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      choose(found.items[active]!);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setTyped(null);
      setFound(null);
    }
  }

  // A one-line box is a combobox; a textarea may take no role (ARIA in HTML), so it stays a textbox
  // that autocompletes from a list.
  const combobox = {
    ...(as === 'input' ? { role: 'combobox' as const, 'aria-expanded': Boolean(found) } : {}),
    'aria-autocomplete': 'list' as const,
    'aria-controls': listId,
    'aria-activedescendant': found ? `${listId}-${active}` : undefined,
    value,
    onKeyDown,
  };
  return (
    <div className={`relative ${wrapperClassName}`}>
      {as === 'textarea' ? (
        <textarea {...(rest as TextareaHTMLAttributes<HTMLTextAreaElement>)} {...combobox} ref={ref} onChange={(e) => onText(e.target.value, e.target.selectionStart)} />
      ) : (
        <input {...(rest as InputHTMLAttributes<HTMLInputElement>)} {...combobox} ref={ref} onChange={(e) => onText(e.target.value, e.target.selectionStart ?? e.target.value.length)} />
      )}
      <ul id={listId} role="listbox" aria-label="Members to mention" hidden={!found} className={`absolute left-0 z-30 ${listAbove ? 'bottom-full mb-1' : 'mt-1'} max-h-64 w-64 overflow-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg`}>
        {found?.items.map((c, i) => (
          <li key={c.username} id={`${listId}-${i}`} role="option" aria-selected={i === active} onMouseDown={(e) => { e.preventDefault(); choose(c); }}
            className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800'}`}>
            <span className="font-medium">{c.displayName}</span> <span className="text-slate-600">@{c.username}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
