import { useState, type FormEvent } from 'react';
import { errorMessage, SCRAMBLE_WORDS_PER_GAME, scoreVerdict, type ScoreVerdict } from '@app/shared/browser';
import type { GameResult, ScrambleDeal } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { finishGame, playStep, startGame } from './game-api';
import { GameResultPanel, StartPanel } from './game-result';

type State =
  | { phase: 'idle'; busy: boolean }
  | { phase: 'playing'; deal: ScrambleDeal; index: number; guesses: string[]; guess: string; busy: boolean }
  | { phase: 'done'; result: GameResult };

export const SCRAMBLE_MESSAGES: Record<ScoreVerdict, string> = {
  perfect: 'Perfect! Every word unscrambled.',
  great: 'Great job! You have a way with words.',
  'keep-going': 'Nice try! Practice makes progress.',
};

/** Word Scramble (spec 02 §4, §8): five scrambled words; each guess is judged by the server, upper-cased. */
export default function ScrambleGame() {
  const [state, setState] = useState<State>({ phase: 'idle', busy: false });

  async function start() {
    setState({ phase: 'idle', busy: true });
    try {
      setState({ phase: 'playing', deal: await startGame('scramble'), index: 0, guesses: [], guess: '', busy: false });
    } catch (err) {
      toast({ title: 'Could not start the game', description: errorMessage(err), variant: 'destructive' });
      setState({ phase: 'idle', busy: false });
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (state.phase !== 'playing' || state.busy || !state.guess.trim()) return;
    const { deal, index, guess } = state;
    setState({ ...state, busy: true });
    try {
      const verdict = await playStep('scramble', { playId: deal.playId, word: index, guess });
      toast(verdict.correct ? { title: 'Correct!', description: `The word is ${verdict.answer}.` } : { title: 'Incorrect!', description: `The word was ${verdict.answer}.`, variant: 'destructive' });
      const guesses = [...state.guesses, guess];
      if (guesses.length < deal.words.length) {
        setState({ phase: 'playing', deal, index: index + 1, guesses, guess: '', busy: false });
        return;
      }
      setState({ phase: 'done', result: await finishGame('scramble', { playId: deal.playId, answers: guesses }) });
    } catch (err) {
      toast({ title: 'Could not check your answer', description: errorMessage(err), variant: 'destructive' });
      setState({ ...state, busy: false });
    }
  }

  if (state.phase === 'idle') return <StartPanel title="Word Scramble" text={`Unscramble ${SCRAMBLE_WORDS_PER_GAME} words about growth, health and the outdoors.`} busy={state.busy} onStart={() => void start()} />;
  if (state.phase === 'done') {
    const { score, maxScore, saved } = state.result;
    return <GameResultPanel title="Scramble Complete!" score={<>You unscrambled <strong>{score}</strong> of {maxScore} words</>} message={SCRAMBLE_MESSAGES[scoreVerdict(score, maxScore)]} saved={saved} onPlayAgain={() => void start()} />;
  }
  const word = state.deal.words[state.index]!;
  return (
    <form onSubmit={(e) => void submit(e)} className="text-center">
      <p className="text-sm text-slate-600">Word {state.index + 1} of {state.deal.words.length}</p>
      <p className="mt-4 font-mono text-4xl font-bold tracking-[0.3em] text-brand-700" data-testid="scrambled-word" aria-label={`Scrambled letters: ${[...word.scrambled].join(' ')}`}>{word.scrambled}</p>
      {word.hint && <p className="mt-2 text-slate-600">Hint: {word.hint}</p>}
      <label htmlFor="scramble-guess" className="sr-only">Your answer</label>
      <div className="mx-auto mt-5 flex max-w-sm gap-2">
        <input id="scramble-guess" value={state.guess} onChange={(e) => setState({ ...state, guess: e.target.value })} autoComplete="off" maxLength={40} className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 uppercase" placeholder="Your answer" />
        <button type="submit" disabled={state.busy || !state.guess.trim()} className="btn-primary">Submit</button>
      </div>
    </form>
  );
}
