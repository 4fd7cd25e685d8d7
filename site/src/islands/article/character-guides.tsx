import { useEffect, useRef, useState } from 'react';
import type { PublicInteractiveData } from '@app/shared/schemas';
import { guideDelay, guideSide, guideTriggered, scrollProgress } from '../../lib/reading';

type Guide = PublicInteractiveData['characterGuides'][number];

/** Guides that pop up as the reader reaches their point in the article. */
export default function CharacterGuides({ guides }: { guides: Guide[] }) {
  const [shown, setShown] = useState<number[]>([]);
  const [dismissed, setDismissed] = useState<number[]>([]);
  const scheduled = useRef(new Set<number>());

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    const check = () => {
      const el = document.documentElement;
      const progress = scrollProgress(el.scrollTop, el.scrollHeight, window.innerHeight);
      guides.forEach((g, i) => {
        if (!g.showAutomatically || scheduled.current.has(i) || !guideTriggered(g.triggerAt, progress)) return;
        scheduled.current.add(i);
        timers.push(setTimeout(() => setShown((s) => [...s, i]), guideDelay(i)));
      });
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => {
      window.removeEventListener('scroll', check);
      timers.forEach(clearTimeout);
    };
  }, [guides]);

  const visible = shown.filter((i) => !dismissed.includes(i)).slice(-1);
  return (
    <div aria-live="polite">
      {visible.map((i) => {
        const g = guides[i]!;
        return (
          <aside key={i} data-guide-side={guideSide(i)} className={`fixed bottom-4 z-30 w-72 max-w-[calc(100%-2rem)] rounded-xl border border-brand-100 bg-white p-4 shadow-xl ${guideSide(i) === 'left' ? 'left-4' : 'right-4'}`}>
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{g.type}</p>
            <p className="mt-1 font-semibold text-slate-900">{g.title}</p>
            <p className="mt-1 text-sm text-slate-700">{g.message}</p>
            <button type="button" className="btn-ghost mt-2 px-2 py-1 text-xs" onClick={() => setDismissed((d) => [...d, i])}>Got it</button>
          </aside>
        );
      })}
    </div>
  );
}
