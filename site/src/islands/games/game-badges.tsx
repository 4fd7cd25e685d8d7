import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { BADGES, errorMessage } from '@app/shared/browser';
import type { GameBadges as Earned } from '@app/shared/schemas';
import { GameIcon } from '../../lib/game-icons';
import { createFetcherStore } from '../../lib/queries';
import { loadUser, useUser } from '../../stores/session';

export const BADGES_KEY = '/api/games/badges';
const $badges = createFetcherStore<Earned>([BADGES_KEY]);

/**
 * The Fun & Games badges, earned from the member's stored scores (the API decides). One
 * self-contained card for the games page and the profile; visitors see what there is to earn.
 */
export default function GameBadges({ heading = 'Rewards & Badges' }: { heading?: string }) {
  const user = useUser();
  useEffect(() => void loadUser(), []);
  return (
    <section className="card p-6" aria-labelledby="game-badges-title">
      <h2 id="game-badges-title" className="text-lg font-semibold text-slate-900">{heading}</h2>
      {user ? <EarnedBadges /> : <BadgeGrid earned={[]} />}
      {user === null && (
        <p className="mt-4 text-sm text-slate-600"><a href="/auth?redirect=%2Ffun-and-games" className="font-medium text-brand-700 hover:underline">Sign in</a> to earn badges as you play.</p>
      )}
    </section>
  );
}

function EarnedBadges() {
  const { data, error } = useStore($badges);
  if (error) return <p role="alert" className="mt-3 text-sm text-red-700">{errorMessage(error, 'Could not load your badges.')}</p>;
  return <BadgeGrid earned={data?.earned ?? []} loading={!data} />;
}

function BadgeGrid({ earned, loading = false }: { earned: readonly string[]; loading?: boolean }) {
  return (
    <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy={loading}>
      {BADGES.map((b) => {
        const has = earned.includes(b.id);
        return (
          // A badge still to earn is set apart by its dashed border and grey icon, not by fading its
          // words (faded, they fell to 3.49:1, under WCAG's 4.5:1).
          <li key={b.id} data-badge={b.id} data-earned={has} className={`rounded-lg border p-3 ${has ? 'border-amber-300 bg-amber-50' : 'border-dashed border-slate-300 bg-slate-50'}`}>
            <p className="flex items-center gap-2 font-medium text-slate-900"><GameIcon name={b.icon} className={`text-xl ${has ? 'text-amber-600' : 'text-slate-400'}`} />{b.title}</p>
            <p className="mt-1 text-xs text-slate-600">{b.description}</p>
            <p className={`mt-1 text-xs font-semibold ${has ? 'text-amber-900' : 'text-slate-700'}`}>{has ? 'Earned' : 'Not yet earned'}</p>
          </li>
        );
      })}
    </ul>
  );
}
