import type { Router, RequestHandler } from 'express';
import multer from 'multer';
import { ArticleUploadOptionsSchema, type ImportProgressLine } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { deleteArticle } from '../../domain/articles/delete-article.ts';
import { importArticles, type ArticleSink, type FetchImage } from '../../domain/articles/import-articles.ts';
import { requirePermission } from '../../domain/accounts/permissions.ts';
import { recordAudit } from '../../domain/audit/record-audit.ts';
import { createPublicImageFetcher } from '../../integrations/public-image-fetcher.ts';
import { AppError, errorStatus } from '../../lib/app-error.ts';
import { idParam } from '../params.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export type CmsWriter = ArticleSink & { deleteArticle(id: number): Promise<void> };

const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024 } }).single('file');

/** Runs multer, turning its limit errors into the API's error shape. */
const receiveFile: RequestHandler = (req, res, next) =>
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('payload_too_large', 'The ZIP file is larger than 20 MB.'));
      return next(new AppError('bad_request', 'Upload one ZIP file in the "file" field.'));
    }
    next(new AppError('bad_request', 'The upload could not be read.'));
  });

/**
 * Admin → Articles: the import (spec 02 §7; issue 24) and deletion. `?dryRun=true` previews and
 * writes nothing. A client that accepts `application/x-ndjson` is sent the import's progress as it
 * goes (one JSON line per article written) and then the result; others get the result as JSON.
 */
export function adminArticleRoutes(deps: { db: Db; readUser: UserReader; cms: CmsWriter; fetchImage?: FetchImage }): Router {
  const fetchImage = deps.fetchImage ?? createPublicImageFetcher();
  return sectionRouter('articles', deps.readUser, (route) => {
    // The section's power is checked before the 20 MB body is read.
    route('upload', receiveFile, async (req, res) => {
      const file = req.file;
      if (!file) throw new AppError('bad_request', 'Please select a ZIP file to upload.');
      const options = { ...ArticleUploadOptionsSchema.parse(req.body ?? {}), dryRun: req.query.dryRun === 'true' };
      const streaming = req.accepts(['application/json', 'application/x-ndjson']) === 'application/x-ndjson';
      const line = (l: ImportProgressLine) => res.write(`${JSON.stringify(l)}\n`);
      const startStream = () => {
        if (!res.headersSent) res.writeHead(200, { 'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store' });
      };
      const onProgress = streaming
        ? (done: number, total: number) => {
            startStream();
            line({ progress: { done, total } });
          }
        : undefined;
      try {
        const admin = requirePermission(await deps.readUser(req), 'administer');
        const result = await importArticles(admin, { name: file.originalname, mimetype: file.mimetype, data: file.buffer }, options, { sink: deps.cms, fetchImage }, onProgress);
        // A dry run writes nothing; an import is an admin action for the audit log.
        if (!options.dryRun) await recordAudit(deps.db, { actorId: admin.id, action: 'articles.imported', details: { file: file.originalname, imported: result.articlesImported, skipped: result.skipped.length } });
        if (!streaming) return void res.json(result);
        startStream();
        line({ result });
        res.end();
      } catch (err) {
        // Before the first progress line the error handler answers as for any request.
        if (!res.headersSent) throw err;
        line({ error: err instanceof AppError ? { status: errorStatus[err.code], message: err.message } : { status: 500, message: 'The import stopped on our side. Please try again.' } });
        res.end();
      }
    });
    route('remove', async (req, res) => {
      await deleteArticle(deps, await deps.readUser(req), idParam(req.params.id, 'Article'));
      res.status(204).end();
    });
  });
}
