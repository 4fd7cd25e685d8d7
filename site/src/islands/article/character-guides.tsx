import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PublicInteractiveData } from '@app/shared/schemas';
import { guideDelay, guideSide, guideTriggered, scrollProgress } from '../../lib/reading';

type Guide = PublicInteractiveData['characterGuides'][number];

/** Tailwind's xl: from here the margins beside the article column hold a guide. */
const WIDE = 1280;

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

  // Only the newest guide shows: one that appears replaces the one before, and "Got it" closes it
  // for good (an earlier guide never comes back).
  const latest = shown.at(-1);
  const visible = latest === undefined || dismissed.includes(latest) ? [] : [latest];
  const bar = useRef<HTMLDivElement>(null);
  const lift = useFooterLift(visible.length > 0);
  // On narrower screens the guide is a bar at the bottom; the page gets room below the article so
  // the bar never covers its last lines or the share buttons.
  useEffect(() => {
    const height = visible.length && bar.current && window.innerWidth < WIDE ? bar.current.offsetHeight : 0;
    document.body.style.paddingBottom = height ? `${height}px` : '';
    return () => void (document.body.style.paddingBottom = '');
  });

  return (
    <div aria-live="polite" ref={bar}>
      {visible.map((i) => {
        const g = guides[i]!;
        const side = guideSide(i);
        return (
          <aside
            key={i}
            data-guide-side={side}
            // Wide screens: in the margin beside the 48rem article column. Otherwise: a bar along the bottom.
            style={lift ? { '--guide-lift': `${lift}px` } as CSSProperties : undefined}
            className={`fixed inset-x-0 bottom-0 z-30 border-t border-brand-100 bg-white px-4 py-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] xl:inset-x-auto xl:bottom-[calc(1.5rem+var(--guide-lift,0px))] xl:w-56 xl:rounded-xl xl:border xl:p-4 xl:shadow-xl ${side === 'left' ? 'xl:left-[max(1rem,calc(50%-24rem-15rem))]' : 'xl:right-[max(1rem,calc(50%-24rem-15rem))]'}`}
          >
            <div className="mx-auto flex max-w-3xl items-start gap-3 xl:block">
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{g.type}</p>
                <p className="mt-0.5 font-semibold text-slate-900">{g.title}</p>
                <p className="mt-0.5 text-sm text-slate-700">{g.message}</p>
              </div>
              <button type="button" className="btn-ghost shrink-0 px-2 py-1 text-xs xl:mt-2" onClick={() => setDismissed((d) => [...d, i])}>Got it</button>
            </div>
          </aside>
        );
      })}
    </div>
  );
}

/**
 * On wide screens a guide floats in the margin near the bottom of the window; once the footer
 * scrolls into view it rises with the footer's top, so it never covers the footer's brand block.
 */
function useFooterLift(active: boolean): number {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    const footer = document.querySelector('[data-site-footer]');
    if (!active || !footer) return;
    const update = () => setLift(Math.max(0, Math.round(window.innerHeight - footer.getBoundingClientRect().top)));
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [active]);
  return lift;
}
