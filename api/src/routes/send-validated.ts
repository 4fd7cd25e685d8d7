import type { Request, Response } from 'express';

/**
 * Sends JSON text with a strong ETag, or 304 when the client already holds it. `private, no-cache`:
 * the viewer's own browser may keep it but asks again each time, so a change shows at once.
 */
export function sendValidated(req: Request, res: Response, answer: { json: Buffer; etag: string }): void {
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', answer.etag);
  const asked = req.headers['if-none-match'];
  if (asked && asked.split(',').some((tag) => tag.trim() === answer.etag)) {
    res.status(304).end();
    return;
  }
  sendJson(res, answer.json);
}

/**
 * Sends JSON already serialized, with nothing worked out per request (Express's `send` parses the
 * content type back and re-encodes the text each time). Answers kept for many requests are best
 * kept as bytes.
 */
export function sendJson(res: Response, json: string | Buffer): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', typeof json === 'string' ? Buffer.byteLength(json) : json.length);
  res.end(res.req.method === 'HEAD' ? undefined : json);
}
