import type { QuizAnswers, QuizScore } from '@app/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { quizResults } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { quizOf } from './quiz-of.ts';

/**
 * Scores a finished quiz from the submitted answers against the article's own answer key (a
 * client-sent score is never trusted) and keeps the member's best result (DESIGN §7.10).
 */
export async function scoreQuiz(db: Db, index: ContentIndex, articleId: number, caller: UserRow | null, input: QuizAnswers): Promise<QuizScore> {
  const user = requireUser(caller);
  const quiz = quizOf(index, articleId, user);
  const { answers } = input;
  if (answers.length !== quiz.questions.length) throw new AppError('bad_request', `Answer all ${quiz.questions.length} questions.`);
  const correct = quiz.questions.filter((q, i) => q.correctAnswer === answers[i]).length;
  const points = correct * quiz.pointsPerQuestion;
  const total = quiz.questions.length;
  await db
    .insert(quizResults)
    .values({ userId: user.id, articleId, correct, total, points })
    .onConflictDoUpdate({
      target: [quizResults.userId, quizResults.articleId],
      set: { correct: sql`greatest(${quizResults.correct}, excluded.correct)`, points: sql`greatest(${quizResults.points}, excluded.points)`, total, updatedAt: sql`now()` },
    });
  return { correct, total, points };
}
