import { useState } from 'react';
import { errorMessage, QUIZ_QUESTIONS_PER_GAME, scoreVerdict, type ScoreVerdict } from '@app/shared/browser';
import type { GameResult, QuizDeal } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { finishGame, playStep, startGame } from './game-api';
import { GameResultPanel, StartPanel } from './game-result';

type State =
  | { phase: 'idle'; busy: boolean }
  | { phase: 'playing'; deal: QuizDeal; index: number; answers: number[]; busy: boolean }
  | { phase: 'done'; result: GameResult };

export const QUIZ_MESSAGES: Record<ScoreVerdict, string> = {
  perfect: 'Perfect score! You know your stuff.',
  great: 'Great job! You really know your self-improvement.',
  'keep-going': 'Good effort! Keep learning and try again.',
};

/** The quiz (spec 02 §4, §8): five questions; each answer is judged by the server with a "Correct!" or "Incorrect!" toast. */
export default function QuizGame() {
  const [state, setState] = useState<State>({ phase: 'idle', busy: false });

  async function start() {
    setState({ phase: 'idle', busy: true });
    try {
      setState({ phase: 'playing', deal: await startGame('quiz'), index: 0, answers: [], busy: false });
    } catch (err) {
      toast({ title: 'Could not start the quiz', description: errorMessage(err), variant: 'destructive' });
      setState({ phase: 'idle', busy: false });
    }
  }

  async function answer(option: number) {
    if (state.phase !== 'playing' || state.busy) return;
    const { deal, index } = state;
    setState({ ...state, busy: true });
    try {
      const verdict = await playStep('quiz', { playId: deal.playId, question: index, answer: option });
      const right = deal.questions[index]!.options[verdict.correctAnswer];
      toast(verdict.correct ? { title: 'Correct!', description: `${right} is the right answer.` } : { title: 'Incorrect!', description: `The right answer is: ${right}`, variant: 'destructive' });
      const answers = [...state.answers, option];
      if (answers.length < deal.questions.length) {
        setState({ phase: 'playing', deal, index: index + 1, answers, busy: false });
        return;
      }
      setState({ phase: 'done', result: await finishGame('quiz', { playId: deal.playId, answers }) });
    } catch (err) {
      toast({ title: 'Could not check your answer', description: errorMessage(err), variant: 'destructive' });
      setState({ ...state, busy: false });
    }
  }

  if (state.phase === 'idle') return <StartPanel title="Self-Improvement Quiz" text={`${QUIZ_QUESTIONS_PER_GAME} questions, four options each. Pick an answer to see if you are right.`} busy={state.busy} onStart={() => void start()} />;
  if (state.phase === 'done') {
    const { score, maxScore, saved } = state.result;
    return <GameResultPanel title="Quiz Complete!" score={<>You scored <strong>{score}</strong> out of {maxScore}</>} message={QUIZ_MESSAGES[scoreVerdict(score, maxScore)]} saved={saved} onPlayAgain={() => void start()} />;
  }
  const q = state.deal.questions[state.index]!;
  return (
    <div>
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>Question {state.index + 1} of {state.deal.questions.length}</span>
        <span>{state.answers.length} answered</span>
      </div>
      <div className="mt-2 h-2 rounded-full bg-slate-100"><div className="h-2 rounded-full bg-brand-600" style={{ width: `${(state.index / state.deal.questions.length) * 100}%` }} /></div>
      <h3 className="mt-5 text-lg font-semibold text-slate-900">{q.question}</h3>
      <div className="mt-4 grid gap-2 sm:grid-cols-2">
        {q.options.map((option, i) => (
          <button key={i} type="button" disabled={state.busy} onClick={() => void answer(i)} className="rounded-lg border border-slate-300 bg-white p-3 text-left text-slate-800 hover:border-brand-500 hover:bg-brand-50 disabled:opacity-60">{option}</button>
        ))}
      </div>
    </div>
  );
}
