import { QuizCheckSchema, type QuizCheck, type QuizScore } from '@app/shared/schemas';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { quizResults } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { requireReadableArticle } from '../comments/comment-rules.ts';

const AnswersSchema = z.object({ answers: z.array(z.number().int().min(0).max(20)).max(100) });

function quizOf(index: ContentIndex, articleId: number, viewer: UserRow | null) {
  const quiz = requireReadableArticle(index, articleId, viewer).interactiveData?.quiz;
  if (!quiz) throw new AppError('not_found', 'This article has no quiz.');
  return quiz;
}

/**
 * Tells the reader whether their answer to one question is right, with the right answer and the
 * explanation. The answer key never ships with the page; anyone who may read the article may check.
 */
export function checkQuizAnswer(index: ContentIndex, articleId: number, viewer: UserRow | null, input: unknown): QuizCheck {
  const quiz = quizOf(index, articleId, viewer);
  const { question, answer } = QuizCheckSchema.parse(input);
  const q = quiz.questions[question];
  if (!q) throw new AppError('bad_request', `This quiz has ${quiz.questions.length} questions.`);
  return { correct: q.correctAnswer === answer, correctAnswer: q.correctAnswer, explanation: q.explanation };
}

/**
 * Scores a finished quiz from the submitted answers against the article's own answer key (a
 * client-sent score is never trusted) and keeps the member's best result (DESIGN §7.10).
 */
export async function scoreQuiz(db: Db, index: ContentIndex, articleId: number, viewer: UserRow | null, input: unknown): Promise<QuizScore> {
  const user = requireUser(viewer);
  const quiz = quizOf(index, articleId, user);
  const { answers } = AnswersSchema.parse(input);
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
