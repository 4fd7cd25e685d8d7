import type { ReactNode } from 'react';

/** The end of a game: the server's score, a word for it, and Play Again (spec 02 §4). */
export function GameResultPanel({ title, score, message, saved, onPlayAgain }: { title: string; score: ReactNode; message: string; saved: boolean; onPlayAgain: () => void }) {
  return (
    <div className="rounded-xl border border-brand-100 bg-brand-50 p-6 text-center" data-testid="game-result">
      <h3 className="text-2xl font-bold text-slate-900">{title}</h3>
      <p className="mt-2 text-lg text-slate-800">{score}</p>
      <p className="mt-1 text-slate-700">{message}</p>
      <p className="mt-3 text-sm text-slate-600">
        {saved ? 'Your score is saved to the community leaderboard.' : <><a href="/auth?redirect=%2Ffun-and-games" className="font-medium text-brand-700 hover:underline">Sign in to save your scores</a> and earn badges.</>}
      </p>
      <button type="button" onClick={onPlayAgain} className="btn-primary mt-5">Play Again</button>
    </div>
  );
}

export function StartPanel({ title, text, busy, onStart }: { title: string; text: string; busy: boolean; onStart: () => void }) {
  return (
    <div className="text-center">
      <h3 className="text-xl font-bold text-slate-900">{title}</h3>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{text}</p>
      <button type="button" onClick={onStart} disabled={busy} className="btn-primary mt-5">{busy ? 'Dealing…' : 'Start'}</button>
    </div>
  );
}
