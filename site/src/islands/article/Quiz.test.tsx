import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $toasts } from '@app/ui';
import Quiz from './Quiz';

const quiz = {
  title: 'Focus Check',
  description: 'Two questions',
  pointsPerQuestion: 10,
  questions: [
    { question: 'One?', options: ['A', 'B'], correctAnswer: 1, explanation: 'B it is.' },
    { question: 'Two?', options: ['C', 'D'], correctAnswer: 0, explanation: 'C it is.' },
  ],
};
afterEach(() => {
  $toasts.set([]);
  vi.unstubAllGlobals();
});

describe('the article quiz', () => {
  it('needs an answer before Next, says "Finish Quiz" last, scores and retakes', async () => {
    render(<Quiz articleId={4} quiz={quiz} signedIn={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Quiz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect($toasts.get()[0]).toMatchObject({ title: 'Please select an answer', description: 'You need to select an answer before proceeding.' });
    await userEvent.click(screen.getByLabelText('B'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByLabelText('D'));
    await userEvent.click(screen.getByRole('button', { name: 'Finish Quiz' }));
    expect($toasts.get()[0]).toMatchObject({ title: 'Quiz Complete!', description: 'You got 1 out of 2 correct and earned 10 points!' });
    expect(screen.getByRole('link', { name: 'Sign in to save your points.' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retake' }));
    expect(screen.getByRole('button', { name: 'Start Quiz' })).toBeTruthy();
  });

  it('sends a signed-in reader’s answers to the API and shows the saved score', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ correct: 2, total: 2, points: 20 }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    render(<Quiz articleId={4} quiz={quiz} signedIn />);
    await userEvent.click(screen.getByRole('button', { name: 'Start Quiz' }));
    await userEvent.click(screen.getByLabelText('B'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByLabelText('C'));
    await userEvent.click(screen.getByRole('button', { name: 'Finish Quiz' }));
    expect(await screen.findByText(/Your points are saved/)).toBeTruthy();
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string)).toEqual({ answers: [1, 0] });
  });
});
