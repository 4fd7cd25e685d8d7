import type { Request, Response } from 'express';

/**
 * Sends JSON text with a strong ETag, or 304 when the client already holds it. `private, no-cache`:
 * the viewer's own browser may keep it but asks again each time, so a change shows at once.
 */
export function sendValidated(req: Request, res: Response, answer: { json: string; etag: string }): void {
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', answer.etag);
  const asked = req.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim() === answer.etag)) {
    res.status(304).end();
    return;
  }
  res.type('application/json').send(answer.json);
}
