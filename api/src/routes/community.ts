import { CreateBulletinPostSchema, CreateChatRoomSchema, CreateReportSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { createBulletinPost } from '../domain/bulletin/create-bulletin-post.ts';
import { deleteBulletinPost } from '../domain/bulletin/delete-bulletin-post.ts';
import { listBulletinPosts } from '../domain/bulletin/list-bulletin-posts.ts';
import { createRoom } from '../domain/chat/create-room.ts';
import { listRooms } from '../domain/chat/list-rooms.ts';
import type { ListCache } from '../domain/public-lists/list-cache.ts';
import { createReport } from '../domain/reports/create-report.ts';
import { idParam } from './params.ts';
import type { UserReader } from './session-cookie.ts';
import { sendValidated } from './send-validated.ts';
import { anyone, signedIn } from './access.ts';

/** The bulletin board, chat rooms and reports (spec 02 §7); their moderation is Admin → Content Moderation's (routes/admin/moderation.ts). */
export function communityRoutes(deps: { db: Db; readUser: UserReader; lists: ListCache }): Router {
  const { db, readUser } = deps;
  const r = Router();

  r.get('/bulletin', anyone, async (req, res) => {
    const user = await readUser(req);
    sendValidated(req, res, await deps.lists.get(`bulletin:${user?.id ?? 'visitor'}`, () => listBulletinPosts(db, user)));
  });
  r.post('/bulletin', signedIn, async (req, res) => {
    res.status(201).json(await createBulletinPost(db, await readUser(req), CreateBulletinPostSchema.parse(req.body)));
  });
  r.delete('/bulletin/:id', signedIn, async (req, res) => {
    await deleteBulletinPost(db, await readUser(req), idParam(req.params.id, 'Post'));
    res.status(204).end();
  });

  r.get('/chat/rooms', signedIn, async (req, res) => {
    const user = await readUser(req);
    sendValidated(req, res, await deps.lists.get(`rooms:${user?.id ?? 'visitor'}`, () => listRooms(db, user)));
  });
  r.post('/chat/rooms', signedIn, async (req, res) => {
    res.status(201).json(await createRoom(db, await readUser(req), CreateChatRoomSchema.parse(req.body)));
  });

  r.post('/reports', signedIn, async (req, res) => {
    res.status(201).json(await createReport(db, await readUser(req), CreateReportSchema.parse(req.body), { ip: req.ip ?? null, now: new Date() }));
  });

  return r;
}
