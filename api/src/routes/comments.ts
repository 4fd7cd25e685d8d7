import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { listComments } from '../domain/comments/list-comments.ts';
import { listCommentsForModeration } from '../domain/comments/moderation-list.ts';
import { deleteComment, editComment, postComment, setCommentHidden } from '../domain/comments/write-comments.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { checkQuizAnswer, scoreQuiz } from '../domain/quiz/score-quiz.ts';
import { idParam as id } from './params.ts';
import type { UserReader } from './session-cookie.ts';


/** Comments on articles (spec 01 §7), their moderation, and quiz scoring. */
export function commentRoutes(deps: { db: Db; content: ContentReadModel; user: UserReader }): Router {
  const r = Router();
  const viewer = deps.user;
  const index = () => deps.content.current();

  r.get('/articles/:id/comments', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await listComments(deps.db, index(), id(req.params.id, 'Article'), await viewer(req)));
  });
  r.post('/articles/:id/comments', async (req, res) => {
    res.status(201).json(await postComment(deps.db, index(), id(req.params.id, 'Article'), await viewer(req), req.body));
  });
  r.put('/articles/comments/:commentId', async (req, res) => {
    res.json(await editComment(deps.db, await viewer(req), id(req.params.commentId, 'Comment'), req.body));
  });
  r.delete('/articles/comments/:commentId', async (req, res) => {
    await deleteComment(deps.db, await viewer(req), id(req.params.commentId, 'Comment'));
    res.status(204).end();
  });
  r.post('/articles/comments/:commentId/hide', async (req, res) => {
    res.json(await setCommentHidden(deps.db, await viewer(req), id(req.params.commentId, 'Comment'), true, req.body));
  });
  r.post('/articles/comments/:commentId/restore', async (req, res) => {
    res.json(await setCommentHidden(deps.db, await viewer(req), id(req.params.commentId, 'Comment'), false));
  });
  r.get('/admin/comments', async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await listCommentsForModeration(deps.db, index(), await viewer(req), req.query));
  });
  r.post('/articles/:id/quiz/check', async (req, res) => {
    res.json(checkQuizAnswer(index(), id(req.params.id, 'Article'), await viewer(req), req.body));
  });
  r.post('/articles/:id/quiz', async (req, res) => {
    res.json(await scoreQuiz(deps.db, index(), id(req.params.id, 'Article'), await viewer(req), req.body));
  });
  return r;
}
