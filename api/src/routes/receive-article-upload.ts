import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { RequestHandler } from 'express';
import multer from 'multer';
import { IMPORT_LIMITS, sizeText } from '../domain/articles/import-limits.ts';
import type { UploadedFile } from '../domain/articles/read-upload.ts';
import { AppError } from '../lib/app-error.ts';

// Streamed to a temporary file as it arrives (issue 40): a 200 MB archive never sits whole in memory.
const upload = multer({ storage: multer.diskStorage({ destination: tmpdir() }), limits: { fileSize: IMPORT_LIMITS.maxArchiveBytes, files: 1, fields: 5, fieldSize: 1024 } }).single('file');

/** Receives the article upload's one file onto disk, turning multer's limit errors into the API's error shape. */
export const receiveArticleUpload: RequestHandler = (req, res, next) =>
  upload(req, res, (err: unknown) => {
    if (!err) return next();
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('payload_too_large', `The ZIP file is larger than ${sizeText(IMPORT_LIMITS.maxArchiveBytes)}.`));
      return next(new AppError('bad_request', 'Upload one ZIP file in the "file" field.'));
    }
    next(new AppError('bad_request', 'The upload could not be read.'));
  });

/** The received file as the import reads it, and its removal once the import is done (whatever happened to the browser). */
export function uploadedArticleFile(file: Express.Multer.File): { file: UploadedFile; remove(): Promise<void> } {
  return { file: { name: file.originalname, mimetype: file.mimetype, path: file.path, size: file.size }, remove: () => rm(file.path, { force: true }) };
}
