import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { importArticles, type ArticleSink } from '../domain/articles/import-articles.ts';
import { requirePermission } from '../domain/accounts/permissions.ts';
import { AppError } from '../lib/app-error.ts';
import { idParam } from './params.ts';
import type { UserReader } from './session-cookie.ts';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export type CmsWriter = ArticleSink & { deleteArticle(id: number): Promise<void> };

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024 } }).single('file');

/** Runs multer, turning its limit errors into the API's error shape. */
const receiveZip: RequestHandler = (req, res, next) =>
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('payload_too_large', 'The ZIP file is larger than 20 MB.'));
      return next(new AppError('bad_request', 'Upload one ZIP file in the "file" field.'));
    }
    next(new AppError('bad_request', 'The upload could not be read.'));
  });

/** Admin → Articles: ZIP import (spec 02 §7) and deletion. */
export function adminArticleRoutes(deps: { readUser: UserReader; cms: CmsWriter }): Router {
  const r = Router();
  r.post('/articles/upload', async (req, _res, next) => {
    // Check the admin before reading a 20 MB body.
    requirePermission(await deps.readUser(req), 'administer');
    next();
  }, receiveZip, async (req, res) => {
    const file = req.file;
    if (!file) throw new AppError('bad_request', 'Please select a ZIP file to upload.');
    if (!/\.zip$/i.test(file.originalname) && !/zip/.test(file.mimetype)) throw new AppError('bad_request', 'Please upload a ZIP file containing your articles.');
    res.json(await importArticles(await deps.readUser(req), file.buffer, deps.cms));
  });
  r.delete('/articles/:id', async (req, res) => {
    requirePermission(await deps.readUser(req), 'administer');
    await deps.cms.deleteArticle(idParam(req.params.id, 'Article'));
    res.status(204).end();
  });
  return r;
}
