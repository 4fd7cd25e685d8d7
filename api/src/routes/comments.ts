import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { listComments } from '../domain/comments/list-comments.ts';
import { deleteComment } from '../domain/comments/delete-comment.ts';
import { editComment } from '../domain/comments/edit-comment.ts';
import { postComment } from '../domain/comments/post-comment.ts';
import type { CommentNotices } from '../domain/comments/comment-notices.ts';
import { setCommentHidden } from '../domain/comments/set-comment-hidden.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { checkQuizAnswer } from '../domain/quiz/check-quiz-answer.ts';
import { scoreQuiz } from '../domain/quiz/score-quiz.ts';
import { CreateCommentSchema, HideCommentSchema, QuizAnswersSchema, QuizCheckSchema, UpdateCommentSchema } from '@app/shared/schemas';
import { idParam as id } from './params.ts';
import type { UserReader } from './session-cookie.ts';
import { noStore } from './no-store.ts';
import { anyone, signedIn } from './access.ts';


/** Comments on articles (spec 01 §7), hiding and restoring one, and quiz scoring. */
export function commentRoutes(deps: { db: Db; content: ContentReadModel; readUser: UserReader; notices: CommentNotices }): Router {
  const r = Router();
  const index = () => deps.content.current();

  r.get('/articles/:id/comments', anyone, async (req, res) => {
    noStore(res);
    res.json(await listComments(deps.db, index(), id(req.params.id, 'Article'), await deps.readUser(req)));
  });
  r.post('/articles/:id/comments', signedIn, async (req, res) => {
    res.status(201).json(await postComment(deps, index(), id(req.params.id, 'Article'), await deps.readUser(req), CreateCommentSchema.parse(req.body)));
  });
  r.put('/articles/comments/:commentId', signedIn, async (req, res) => {
    res.json(await editComment(deps.db, await deps.readUser(req), id(req.params.commentId, 'Comment'), UpdateCommentSchema.parse(req.body)));
  });
  r.delete('/articles/comments/:commentId', signedIn, async (req, res) => {
    await deleteComment(deps.db, await deps.readUser(req), id(req.params.commentId, 'Comment'));
    res.status(204).end();
  });
  r.post('/articles/comments/:commentId/hide', signedIn, async (req, res) => {
    res.json(await setCommentHidden(deps.db, await deps.readUser(req), id(req.params.commentId, 'Comment'), HideCommentSchema.parse(req.body ?? {})));
  });
  r.post('/articles/comments/:commentId/restore', signedIn, async (req, res) => {
    res.json(await setCommentHidden(deps.db, await deps.readUser(req), id(req.params.commentId, 'Comment'), null));
  });
  r.post('/articles/:id/quiz/check', anyone, async (req, res) => {
    res.json(checkQuizAnswer(index(), id(req.params.id, 'Article'), await deps.readUser(req), QuizCheckSchema.parse(req.body)));
  });
  r.post('/articles/:id/quiz', anyone, async (req, res) => {
    res.json(await scoreQuiz(deps.db, index(), id(req.params.id, 'Article'), await deps.readUser(req), QuizAnswersSchema.parse(req.body)));
  });
  return r;
}
