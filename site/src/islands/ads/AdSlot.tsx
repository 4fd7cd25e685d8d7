import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $adConsent, loadAdConsent } from '../../stores/ad-consent';

type Placement = 'header' | 'sidebar' | 'footer' | 'in-article' | 'responsive';

const layout: Record<Placement, string> = {
  header: 'mx-4 my-3 h-24 sm:mx-auto sm:max-w-5xl',
  sidebar: 'sticky top-20 m-4 hidden h-[600px] w-40 shrink-0 2xl:flex',
  footer: 'mx-4 my-6 h-24 sm:mx-auto sm:max-w-5xl',
  'in-article': 'my-8 h-40 w-full',
  responsive: 'my-6 h-32 w-full',
};

/** An advertising placeholder, shown only after the visitor granted ad consent (DESIGN §7.7). */
export default function AdSlot({ placement }: { placement: Placement }) {
  const consent = useStore($adConsent);
  useEffect(() => {
    loadAdConsent();
  }, []);
  if (consent !== 'granted') return null;
  return (
    <aside
      aria-label="Advertisement"
      data-ad-slot={placement}
      className={`${layout[placement]} flex items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 text-xs font-medium uppercase tracking-wider text-slate-500`}
    >
      Advertisement
    </aside>
  );
}
