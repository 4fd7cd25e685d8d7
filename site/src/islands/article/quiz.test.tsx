import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '@app/ui';
import Quiz from './quiz';

// What the page gets: no answer key.
const quiz = {
  title: 'Focus Check',
  description: 'Two questions',
  pointsPerQuestion: 10,
  questions: [
    { question: 'One?', options: ['A', 'B'] },
    { question: 'Two?', options: ['C', 'D'] },
  ],
};
// What only the API knows.
const key = [
  { correctAnswer: 1, explanation: 'B it is.' },
  { correctAnswer: 0, explanation: 'C it is.' },
];

/** The API's quiz calls: checking one answer, and scoring a signed-in reader's finished quiz. */
function stubQuizApi() {
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body));
    if (url.endsWith('/quiz/check')) {
      const k = key[body.question]!;
      return json({ correct: k.correctAnswer === body.answer, ...k });
    }
    const correct = (body.answers as number[]).filter((a, i) => key[i]!.correctAnswer === a).length;
    return json({ correct, total: key.length, points: correct * 10 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  $toasts.set([]);
  vi.unstubAllGlobals();
});

describe('the article quiz', () => {
  it('needs an answer before Next, says "Finish Quiz" last, scores from the API’s answers and retakes', async () => {
    stubQuizApi();
    render(<Quiz articleId={4} quiz={quiz} signedIn={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Quiz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect($toasts.get()[0]).toMatchObject({ title: 'Please select an answer', description: 'You need to select an answer before proceeding.' });
    await userEvent.click(screen.getByLabelText('B'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByLabelText('D'));
    await userEvent.click(screen.getByRole('button', { name: 'Finish Quiz' }));
    expect(await screen.findByText('1 / 2')).toBeTruthy();
    expect($toasts.get()[0]).toMatchObject({ title: 'Quiz Complete!', description: 'You got 1 out of 2 correct and earned 10 points!' });
    expect(screen.getByText(/Answer: C\. C it is\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to save your points.' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retake' }));
    expect(screen.getByRole('button', { name: 'Start Quiz' })).toBeTruthy();
  });

  it('sends a signed-in reader’s answers to the API and shows the saved score', async () => {
    const fetch = stubQuizApi();
    render(<Quiz articleId={4} quiz={quiz} signedIn />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Quiz' }));
    await userEvent.click(screen.getByLabelText('B'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByLabelText('C'));
    await userEvent.click(screen.getByRole('button', { name: 'Finish Quiz' }));
    expect(await screen.findByText(/Your points are saved/)).toBeTruthy();
    const calls = fetch.mock.calls as unknown as [string, RequestInit][];
    expect(calls.map(([url]) => url)).toEqual(['/api/articles/4/quiz/check', '/api/articles/4/quiz/check', '/api/articles/4/quiz']);
    expect(JSON.parse(calls[2]![1].body as string)).toEqual({ answers: [1, 0] });
  });
});
