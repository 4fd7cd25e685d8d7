import type { QuizCheck, QuizCheckInput } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { quizOf } from './quiz-of.ts';

/**
 * Tells the reader whether their answer to one question is right, with the right answer and the
 * explanation. The answer key never ships with the page; anyone who may read the article may check.
 */
export function checkQuizAnswer(index: ContentIndex, articleId: number, caller: UserRow | null, input: QuizCheckInput): QuizCheck {
  const quiz = quizOf(index, articleId, caller);
  const { question, answer } = input;
  const q = quiz.questions[question];
  if (!q) throw new AppError('bad_request', `This quiz has ${quiz.questions.length} questions.`);
  return { correct: q.correctAnswer === answer, correctAnswer: q.correctAnswer, explanation: q.explanation };
}
