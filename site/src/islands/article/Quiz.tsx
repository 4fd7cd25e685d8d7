import { useState } from 'react';
import { api, type InteractiveData } from '@app/shared';
import { toast } from '@app/ui';

type QuizData = NonNullable<InteractiveData['quiz']>;
type State = { phase: 'idle' } | { phase: 'running'; index: number; answers: number[]; selected: number | null } | { phase: 'done'; correct: number; points: number; saved: boolean };

/**
 * The article quiz (spec 01 §4): an answer is needed before Next, the last question says
 * "Finish Quiz", then the score and Retake. Signed-in readers' points are scored and kept by the API.
 */
export default function Quiz({ articleId, quiz, signedIn }: { articleId: number; quiz: QuizData; signedIn: boolean }) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const total = quiz.questions.length;

  async function finish(answers: number[]) {
    let correct = quiz.questions.filter((q, i) => q.correctAnswer === answers[i]).length;
    let points = correct * quiz.pointsPerQuestion;
    let saved = false;
    if (signedIn) {
      try {
        ({ correct, points } = await api.post<{ correct: number; points: number }>(`/api/articles/${articleId}/quiz`, { answers }));
        saved = true;
      } catch {
        /* the local score still stands; it just is not saved */
      }
    }
    toast({ title: 'Quiz Complete!', description: `You got ${correct} out of ${total} correct and earned ${points} points!` });
    setState({ phase: 'done', correct, points, saved });
  }

  function next() {
    if (state.phase !== 'running') return;
    if (state.selected === null) {
      toast({ title: 'Please select an answer', description: 'You need to select an answer before proceeding.', variant: 'destructive' });
      return;
    }
    const answers = [...state.answers, state.selected];
    if (answers.length === total) void finish(answers);
    else setState({ phase: 'running', index: state.index + 1, answers, selected: null });
  }

  return (
    <section className="card p-6" aria-labelledby="quiz-title">
      <h2 id="quiz-title" className="text-xl font-bold text-slate-900">{quiz.title}</h2>
      {quiz.description && <p className="mt-1 text-slate-600">{quiz.description}</p>}
      {state.phase === 'idle' && (
        <button type="button" className="btn-primary mt-4" onClick={() => setState({ phase: 'running', index: 0, answers: [], selected: null })}>Start Quiz</button>
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
          <button type="button" className="btn-primary mt-4" onClick={next}>{state.index === total - 1 ? 'Finish Quiz' : 'Next'}</button>
        </fieldset>
      )}
      {state.phase === 'done' && (
        <div className="mt-4" role="status">
          <p className="text-2xl font-bold text-slate-900">{state.correct} / {total}</p>
          <p className="text-slate-600">You earned {state.points} points.{' '}{signedIn ? (state.saved ? 'Your points are saved.' : '') : <a className="text-brand-700 underline" href={`/auth?redirect=${encodeURIComponent(`/articles/${articleId}`)}`}>Sign in to save your points.</a>}</p>
          <ul className="mt-4 space-y-2 text-sm">
            {quiz.questions.map((q, i) => <li key={i} className="text-slate-700"><span className="font-medium">{q.question}</span> — {q.options[q.correctAnswer]}. {q.explanation}</li>)}
          </ul>
          <button type="button" className="btn-outline mt-4" onClick={() => setState({ phase: 'idle' })}>Retake</button>
        </div>
      )}
    </section>
  );
}
