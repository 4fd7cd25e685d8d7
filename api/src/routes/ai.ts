import { randomBytes } from 'node:crypto';
import { AskAssistantSchema } from '@app/shared/schemas';
import { parse, serialize } from 'cookie';
import { Router, type Request, type Response } from 'express';
import type { AiDeps, Asker } from '../domain/ai/ai-deps.ts';
import { askAssistant } from '../domain/ai/ask-assistant.ts';
import { getTalk } from '../domain/ai/get-talk.ts';
import { listPresenters } from '../domain/ai/list-presenters.ts';
import { noStore } from './no-store.ts';
import type { CookieSettings, UserReader } from './session-cookie.ts';
import { anyone } from './access.ts';

const TOKEN = /^[\w-]{43}$/;
const askerCookie = (s: CookieSettings) => (s.secure ? '__Host-ai_asker' : 'ai_asker');

/** A visitor's asker token (their talks are theirs by it), or null for members and new visitors. */
function visitorToken(req: Request, s: CookieSettings): string | null {
  const value = req.headers.cookie ? parse(req.headers.cookie)[askerCookie(s)] : undefined;
  return value && TOKEN.test(value) ? value : null;
}

/** A new visitor gets a random token in an HttpOnly cookie, so their talks can be read by them and nobody else. */
function giveVisitorToken(res: Response, s: CookieSettings): string {
  const token = randomBytes(32).toString('base64url');
  res.append('Set-Cookie', serialize(askerCookie(s), token, { httpOnly: true, sameSite: 'lax', secure: s.secure, path: '/', maxAge: 30 * 24 * 60 * 60 }));
  return token;
}

/** The AI assistant (spec 02 §7): presenters, asking, and polling a talk. */
export function aiRoutes(deps: AiDeps & { readUser: UserReader; cookies: CookieSettings }): Router {
  const r = Router();
  const askerOf = async (req: Request): Promise<Asker> => {
    const user = await deps.readUser(req);
    return { user, visitorToken: user ? null : visitorToken(req, deps.cookies), address: req.ip ?? 'unknown' };
  };

  r.get('/ai/presenters', anyone, async (_req, res) => {
    noStore(res);
    res.json(await listPresenters(deps));
  });
  r.post('/ai/talk', anyone, async (req, res) => {
    const input = AskAssistantSchema.parse(req.body ?? {});
    const asker = await askerOf(req);
    if (!asker.user && !asker.visitorToken) asker.visitorToken = giveVisitorToken(res, deps.cookies);
    res.status(201).json(await askAssistant(deps, input, asker));
  });
  r.get('/ai/talk/:id', anyone, async (req, res) => {
    noStore(res);
    res.json(await getTalk(deps, req.params.id, await askerOf(req)));
  });
  return r;
}
