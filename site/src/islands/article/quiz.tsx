import { useState } from 'react';
import { api, errorMessage } from '@app/shared/browser';
import type { PublicQuiz, QuizCheck, QuizScore } from '@app/shared/schemas';
import { toast } from '@app/ui';

type Checked = QuizCheck & { chosen: number };
type State =
  | { phase: 'idle' }
  | { phase: 'running'; index: number; checked: Checked[]; selected: number | null; busy: boolean }
  | { phase: 'done'; checked: Checked[]; points: number; saved: boolean };

/**
 * The article quiz (spec 01 §4): an answer is needed before Next, the last question says
 * "Finish Quiz", then the score and Retake. The page has no answer key: each answer is checked
 * by the API as the reader moves on, and signed-in readers' points are scored and kept there.
 */
export default function Quiz({ articleId, quiz, signedIn }: { articleId: number; quiz: PublicQuiz; signedIn: boolean }) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const total = quiz.questions.length;

  async function finish(checked: Checked[]) {
    let correct = checked.filter((c) => c.correct).length;
    let points = correct * quiz.pointsPerQuestion;
    let saved = false;
    if (signedIn) {
      try {
        ({ correct, points } = await api.post<QuizScore>(`/api/articles/${articleId}/quiz`, { answers: checked.map((c) => c.chosen) }));
        saved = true;
      } catch {
        /* the score still stands; it just is not saved */
      }
    }
    toast({ title: 'Quiz Complete!', description: `You got ${correct} out of ${total} correct and earned ${points} points!` });
    setState({ phase: 'done', checked, points, saved });
  }

  async function next() {
    if (state.phase !== 'running' || state.busy) return;
    if (state.selected === null) {
      toast({ title: 'Please select an answer', description: 'You need to select an answer before proceeding.', variant: 'destructive' });
      return;
    }
    const chosen = state.selected;
    setState({ ...state, busy: true });
    let result: QuizCheck;
    try {
      result = await api.post<QuizCheck>(`/api/articles/${articleId}/quiz/check`, { question: state.index, answer: chosen });
    } catch (err) {
      toast({ title: 'Could not check your answer', description: errorMessage(err), variant: 'destructive' });
      setState({ ...state, busy: false });
      return;
    }
    const checked = [...state.checked, { ...result, chosen }];
    if (checked.length === total) void finish(checked);
    else setState({ phase: 'running', index: state.index + 1, checked, selected: null, busy: false });
  }

  return (
    <section className="card p-6" aria-labelledby="quiz-title">
      <h2 id="quiz-title" className="text-xl font-bold text-slate-900">{quiz.title}</h2>
      {quiz.description && <p className="mt-1 text-slate-600">{quiz.description}</p>}
      {state.phase === 'idle' && (
        <button type="button" className="btn-primary mt-4" onClick={() => setState({ phase: 'running', index: 0, checked: [], selected: null, busy: false })}>Start Quiz</button>
      )}
      {state.phase === 'running' && (
        <fieldset className="mt-4">
          <legend className="text-sm text-slate-500">Question {state.index + 1} of {total}</legend>
          <p className="mt-1 font-semibold text-slate-900">{quiz.questions[state.index]!.question}</p>
          <div className="mt-3 space-y-2">
            {quiz.questions[state.index]!.options.map((option, i) => (
              <label key={i} className={`flex cursor-pointer items-center gap-3 rounded-lg border p-3 ${state.selected === i ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'}`}>
                <input type="radio" name={`q${state.index}`} checked={state.selected === i} onChange={() => setState({ ...state, selected: i })} />
                <span>{option}</span>
              </label>
            ))}
          </div>
          <button type="button" className="btn-primary mt-4" disabled={state.busy} onClick={() => void next()}>{state.index === total - 1 ? 'Finish Quiz' : 'Next'}</button>
        </fieldset>
      )}
      {state.phase === 'done' && (
        <div className="mt-4" role="status">
          <p className="text-2xl font-bold text-slate-900">{state.checked.filter((c) => c.correct).length} / {total}</p>
          <p className="text-slate-600">You earned {state.points} points.{' '}{signedIn ? (state.saved ? 'Your points are saved.' : '') : <a className="text-brand-700 underline" href={`/auth?redirect=${encodeURIComponent(`/articles/${articleId}`)}`}>Sign in to save your points.</a>}</p>
          <ul className="mt-4 space-y-2 text-sm">
            {quiz.questions.map((q, i) => {
              const c = state.checked[i]!;
              return <li key={i} className="text-slate-700"><span className="font-medium">{q.question}</span> — {c.correct ? 'Right: ' : 'Answer: '}{q.options[c.correctAnswer]}. {c.explanation}</li>;
            })}
          </ul>
          <button type="button" className="btn-outline mt-4" onClick={() => setState({ phase: 'idle' })}>Retake</button>
        </div>
      )}
    </section>
  );
}
