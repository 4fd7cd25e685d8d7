import { useEffect, useRef, useState } from 'react';
import { acceptsFlip, errorMessage, flipCard, MEMORY_AMAZING_MOVES, MEMORY_CARDS, MEMORY_FLIP_BACK_MS, MEMORY_PAIRS, memoryVerdict, NEW_MEMORY_GAME, type MemoryProgress, type MemoryVerdict } from '@app/shared/browser';
import type { GameResult, MemoryDeal } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { GameIcon } from '../../lib/game-icons';
import { finishGame, playStep, startGame } from './game-api';
import { GameResultPanel, StartPanel } from './game-result';

type Playing = { phase: 'playing'; deal: MemoryDeal; faces: Record<number, string>; progress: MemoryProgress; flips: number[]; busy: boolean };
type State = { phase: 'idle'; busy: boolean } | Playing | { phase: 'done'; result: GameResult };

export const MEMORY_MESSAGES: Record<MemoryVerdict, string> = {
  amazing: 'Amazing memory!',
  great: 'Great job!',
  'keep-going': 'Well done! Can you find them in fewer moves next time?',
};

/**
 * Memory (spec 02 §4, §5): twelve face-down cards dealt by the server, which shows a face only
 * when it is flipped. At most two are up; a mismatch turns back after a second.
 */
export default function MemoryGame() {
  const [state, setState] = useState<State>({ phase: 'idle', busy: false });
  const flipBack = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (flipBack.current && clearTimeout(flipBack.current)), []);

  async function start() {
    if (flipBack.current) clearTimeout(flipBack.current);
    setState({ phase: 'idle', busy: true });
    try {
      setState({ phase: 'playing', deal: await startGame('memory'), faces: {}, progress: NEW_MEMORY_GAME, flips: [], busy: false });
    } catch (err) {
      toast({ title: 'Could not start the game', description: errorMessage(err), variant: 'destructive' });
      setState({ phase: 'idle', busy: false });
    }
  }

  async function flip(card: number) {
    if (state.phase !== 'playing' || state.busy || !acceptsFlip(state.progress, card)) return;
    setState({ ...state, busy: true });
    try {
      const step = await playStep('memory', { playId: state.deal.playId, card });
      const faces = { ...state.faces, [card]: step.symbol };
      const { progress } = flipCard(state.progress, card, (c) => faces[c]!);
      const flips = [...state.flips, card];
      const next: Playing = { ...state, faces, progress, flips, busy: false };
      setState(next);
      if (step.outcome === 'mismatch') {
        flipBack.current = setTimeout(() => setState((s) => (s.phase === 'playing' ? { ...s, progress: { ...s.progress, open: [] } } : s)), MEMORY_FLIP_BACK_MS);
      } else if (step.complete) {
        const moves = Array.from({ length: flips.length / 2 }, (_, i) => [flips[2 * i]!, flips[2 * i + 1]!] as [number, number]);
        setState({ phase: 'done', result: await finishGame('memory', { playId: state.deal.playId, moves }) });
      }
    } catch (err) {
      toast({ title: 'Could not flip the card', description: errorMessage(err), variant: 'destructive' });
      setState({ ...state, busy: false });
    }
  }

  if (state.phase === 'idle') return <StartPanel title="Memory Match" text={`Find the ${MEMORY_PAIRS} pairs among ${MEMORY_CARDS} cards. ${MEMORY_AMAZING_MOVES} moves or fewer is amazing.`} busy={state.busy} onStart={() => void start()} />;
  if (state.phase === 'done') {
    const moves = state.result.moves ?? 0;
    return <GameResultPanel title="All Pairs Found!" score={<>You finished in <strong>{moves}</strong> moves ({state.result.score} points)</>} message={MEMORY_MESSAGES[memoryVerdict(moves)]} saved={state.result.saved} onPlayAgain={() => void start()} />;
  }
  const { progress, faces } = state;
  return (
    <div>
      <p className="text-sm text-slate-600" aria-live="polite">Moves: <strong data-testid="memory-moves">{progress.moves}</strong> · Pairs found: {progress.matched.length / 2} of {MEMORY_PAIRS}</p>
      <div className="mt-4 grid grid-cols-4 gap-2 sm:gap-3">
        {Array.from({ length: state.deal.cards }, (_, card) => {
          const up = progress.open.includes(card) || progress.matched.includes(card);
          const found = progress.matched.includes(card);
          return (
            <button key={card} type="button" data-card={card} aria-label={up ? `Card ${card + 1}: ${(faces[card] ?? '').replace(/-/g, ' ')}` : `Card ${card + 1}, face down`} aria-pressed={up}
              onClick={() => void flip(card)}
              className={`flex aspect-square items-center justify-center rounded-xl text-3xl shadow-sm transition sm:text-4xl ${found ? 'bg-emerald-100 ring-2 ring-emerald-400' : up ? 'bg-white ring-2 ring-brand-400' : 'bg-brand-600 text-white hover:bg-brand-700'}`}>
              {up ? <GameIcon name={faces[card] ?? ''} className={found ? 'text-emerald-700' : 'text-brand-700'} /> : <span aria-hidden="true">?</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
