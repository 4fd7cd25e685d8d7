import type { Request, Response } from 'express';
import { preferredCoding, type SharedJson } from '../lib/shared-json.ts';

/**
 * Sends JSON text with a strong ETag, or 304 when the client already holds it. `private, no-cache`:
 * the viewer's own browser may keep it but asks again each time, so a change shows at once.
 */
export function sendValidated(req: Request, res: Response, answer: { json: Buffer; etag: string }): void {
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', answer.etag);
  if (holds(req, answer.etag)) return void res.status(304).end();
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

/**
 * The header that says an answer is the same for every visitor who sends no cookie and no
 * Authorization (whatever else they send, but for Accept-Encoding and If-None-Match), until the
 * content read model's generation it names changes. The front door keeps such answers and answers
 * visitors with them itself (packages/front-door/src/shared-answers.mjs), and takes the header off.
 */
export const SHARED_ANSWER_HEADER = 'X-Content-Generation';

/**
 * Sends an answer every caller gets alike (lib/shared-json.ts) in the coding the client accepts —
 * brotli or gzip made once per content version, not per request — with its strong ETag, or 304 when
 * the client holds it. `no-cache`: kept, but asked for again each time, so a change shows at once.
 * `generation`: the content read model's (ContentReadModel.generation) when the answer is made from
 * nothing else (SHARED_ANSWER_HEADER); `vary`: what else it varies by for a cache (a visitor's list
 * is not a member's: Cookie).
 */
export function sendShared(req: Request, res: Response, answer: SharedJson, { generation, vary = 'Accept-Encoding' }: { generation?: string; vary?: string } = {}): void {
  const coding = preferredCoding(req.headers['accept-encoding']);
  const etag = answer.etag(coding);
  res.setHeader('Cache-Control', 'public, no-cache');
  res.setHeader('Vary', vary);
  res.setHeader('ETag', etag);
  if (generation !== undefined) res.setHeader(SHARED_ANSWER_HEADER, generation);
  if (holds(req, etag)) return void res.status(304).end();
  if (coding) res.setHeader('Content-Encoding', coding);
  sendJson(res, coding ? answer.encoded(coding) : answer.json);
}

/** Whether the client's If-None-Match names this strong tag. */
function holds(req: Request, etag: string): boolean {
  return req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag) ?? false;
}
