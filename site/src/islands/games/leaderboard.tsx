import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { errorMessage, GAME_LABELS, GAMES, LEADERBOARD_PERIOD_LABELS, LEADERBOARD_PERIODS, type Game, type LeaderboardPeriod } from '@app/shared/browser';
import type { Leaderboard as Board, LeaderboardEntry } from '@app/shared/schemas';
import { createFetcherStore } from '../../lib/queries';

const scoreText = (game: Game, e: Pick<LeaderboardEntry, 'score' | 'maxScore' | 'moves'>) => (game === 'memory' ? `${e.moves} moves (${e.score} pts)` : `${e.score} / ${e.maxScore}`);

/** The community leaderboard (DESIGN §7.10): real stored scores, the top ten per game and period, and the member's own best. */
export default function Leaderboard() {
  const [game, setGame] = useState<Game>('quiz');
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const $board = useMemo(() => createFetcherStore<Board>([`/api/games/leaderboard?game=${game}&period=${period}`]), [game, period]);
  const { data, error } = useStore($board);

  return (
    <section className="card p-6" aria-labelledby="leaderboard-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="leaderboard-title" className="text-lg font-semibold text-slate-900">Community Leaderboard</h2>
        <div className="flex flex-wrap gap-2">
          <label className="sr-only" htmlFor="leaderboard-game">Game</label>
          <select id="leaderboard-game" value={game} onChange={(e) => setGame(e.target.value as Game)} className="rounded-md border border-slate-300 px-2 py-1 text-sm">
            {GAMES.map((g) => <option key={g} value={g}>{GAME_LABELS[g]}</option>)}
          </select>
          <div role="group" aria-label="Period" className="flex rounded-md bg-slate-100 p-0.5">
            {LEADERBOARD_PERIODS.map((p) => (
              <button key={p} type="button" aria-pressed={period === p} onClick={() => setPeriod(p)} className="rounded px-2 py-1 text-sm text-slate-600 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm">{LEADERBOARD_PERIOD_LABELS[p]}</button>
            ))}
          </div>
        </div>
      </div>
      {error ? (
        <p role="alert" className="mt-4 text-sm text-red-700">{errorMessage(error, 'Could not load the leaderboard.')}</p>
      ) : !data ? (
        <p className="mt-4 text-sm text-slate-500" aria-busy="true">Loading scores…</p>
      ) : data.entries.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No scores yet for {GAME_LABELS[game]} {period === 'week' ? 'this week' : ''}. Play a game to be the first!</p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-100" data-testid="leaderboard">
          {data.entries.map((e, i) => (
            <li key={i} className="flex items-center gap-3 py-2">
              <span className="w-6 text-right font-semibold text-slate-500">{e.rank}</span>
              {e.avatarUrl ? <img src={e.avatarUrl} alt="" width="32" height="32" className="h-8 w-8 rounded-full object-cover" /> : <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700">{e.displayName.slice(0, 1).toUpperCase()}</span>}
              <span className="flex-1 truncate text-slate-900">{e.displayName}</span>
              <span className="text-sm font-medium text-slate-700">{scoreText(game, e)}</span>
            </li>
          ))}
        </ol>
      )}
      {data?.me && <p className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900" data-testid="my-rank">Your best: {scoreText(game, data.me)} — rank #{data.me.rank}</p>}
    </section>
  );
}
