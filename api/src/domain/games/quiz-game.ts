import { QUIZ_QUESTIONS_PER_GAME } from '@app/shared/browser';
import type { QuizQuestion } from '@app/shared/server';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { pick, type GameKind } from './game-kind.ts';

type QuizDealt = { questions: Omit<QuizQuestion, 'id'>[] };
type QuizStep = { question: number; answer: number };
const QuizDealtSchema: z.ZodType<QuizDealt> = z.object({ questions: z.array(z.object({ question: z.string(), options: z.array(z.string()), correctAnswer: z.number().int() })) });
const QuizStepRecordSchema: z.ZodType<QuizStep> = z.object({ question: z.number().int(), answer: z.number().int() });

/** The quiz (spec 02 §4): five questions of four options from the CMS's pool; one answer each. */
export const quizGame: GameKind<'quiz', QuizDealt, QuizStep> = {
  dealSchema: QuizDealtSchema,
  stepSchema: QuizStepRecordSchema,
  deal(index, random) {
    if (index.quizQuestions.length < QUIZ_QUESTIONS_PER_GAME) return null;
    return { questions: pick(index.quizQuestions, QUIZ_QUESTIONS_PER_GAME, random).map(({ question, options, correctAnswer }) => ({ question, options, correctAnswer })) };
  },
  visible: (deal) => ({ game: 'quiz', questions: deal.questions.map(({ question, options }) => ({ question, options })) }),
  step(deal, steps, input) {
    if (steps.some((s) => s.question === input.question)) throw new AppError('conflict', 'This question has been answered already.');
    const { correctAnswer } = deal.questions[input.question]!;
    return { result: { correct: input.answer === correctAnswer, correctAnswer }, record: { question: input.question, answer: input.answer } };
  },
  replay(deal, steps, input) {
    const answers = new Map(steps.map((s) => [s.question, s.answer]));
    for (const [i, sent] of (input.answers ?? []).entries()) {
      if (typeof sent !== 'number') return { ok: false, reason: 'These answers are not answers to this quiz.' };
      const recorded = answers.get(i);
      if (recorded !== undefined && recorded !== sent) return { ok: false, reason: 'These answers are not the ones given during the game.' };
      answers.set(i, sent);
    }
    if (answers.size !== deal.questions.length) return { ok: false, reason: `Answer all ${deal.questions.length} questions first.` };
    const correct = deal.questions.filter((q, i) => answers.get(i) === q.correctAnswer).length;
    return { ok: true, score: correct, maxScore: deal.questions.length, correct, moves: null };
  },
};
