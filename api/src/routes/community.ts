import { REPORT_TYPES, type ReportType } from '@app/shared/browser';
import { ArchiveRoomSchema, CreateBulletinPostSchema, CreateChatRoomSchema, CreateReportSchema, IgnoreReporterSchema, ModerateContentSchema, ModerateRoomSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { createBulletinPost } from '../domain/bulletin/create-bulletin-post.ts';
import { deleteBulletinPost } from '../domain/bulletin/delete-bulletin-post.ts';
import { listAdminBulletinPosts } from '../domain/bulletin/list-admin-bulletin-posts.ts';
import { listBulletinPosts } from '../domain/bulletin/list-bulletin-posts.ts';
import { archiveRoom } from '../domain/chat/archive-room.ts';
import { listAdminRooms } from '../domain/chat/list-admin-rooms.ts';
import { listFlaggedMessages } from '../domain/chat/list-flagged-messages.ts';
import { listRoomMessages } from '../domain/chat/list-room-messages.ts';
import { moderateRoom } from '../domain/chat/moderate-room.ts';
import { createRoom } from '../domain/chat/create-room.ts';
import { listRooms } from '../domain/chat/list-rooms.ts';
import type { ListCache } from '../domain/public-lists/list-cache.ts';
import { createReport } from '../domain/reports/create-report.ts';
import { dismissReport } from '../domain/reports/dismiss-report.ts';
import { ignoreReporter } from '../domain/reports/ignore-reporter.ts';
import { moderateContent } from '../domain/reports/moderate-content.ts';
import { listReports } from '../domain/reports/review-queue.ts';
import { AppError } from '../lib/app-error.ts';
import { idParam } from './params.ts';
import type { UserReader } from './session-cookie.ts';
import { noStore } from './no-store.ts';
import { sendValidated } from './send-validated.ts';
import { anyone, signedIn } from './access.ts';

const contentType = (value: string | undefined): ReportType => {
  // The spec's admin screen says "article" for comments on articles.
  const type = value === 'article' ? 'comment' : value;
  if (!(REPORT_TYPES as readonly (string | undefined)[]).includes(type)) throw new AppError('not_found', 'Unknown content type');
  return type as ReportType;
};

/** The bulletin board, chat rooms, reports and the one moderation queue (spec 02 §7). */
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

  r.get('/admin/reports', signedIn, async (req, res) => {
    noStore(res);
    res.json(await listReports(db, await readUser(req)));
  });
  r.post('/admin/reports/:id/dismiss', signedIn, async (req, res) => {
    res.json(await dismissReport(db, await readUser(req), idParam(req.params.id, 'Report')));
  });
  r.post('/admin/reporters/:userId/ignore', signedIn, async (req, res) => {
    const caller = await readUser(req);
    res.json(await ignoreReporter(db, caller, idParam(req.params.userId, 'User'), IgnoreReporterSchema.parse(req.body).ignored));
  });
  r.get('/admin/bulletin-posts', signedIn, async (req, res) => {
    noStore(res);
    res.json(await listAdminBulletinPosts(db, await readUser(req)));
  });
  r.get('/admin/chat-messages/flagged', signedIn, async (req, res) => {
    noStore(res);
    res.json(await listFlaggedMessages(db, await readUser(req)));
  });
  r.post('/admin/content/:contentType/:contentId/moderate', signedIn, async (req, res) => {
    const user = await readUser(req);
    res.json(await moderateContent(db, user, contentType(req.params.contentType), idParam(req.params.contentId, 'Content'), ModerateContentSchema.parse(req.body)));
  });
  r.get('/admin/chat-rooms', signedIn, async (req, res) => {
    noStore(res);
    res.json(await listAdminRooms(db, await readUser(req)));
  });
  r.post('/admin/chat-rooms/:roomId/moderate', signedIn, async (req, res) => {
    res.json(await moderateRoom(db, await readUser(req), idParam(req.params.roomId, 'Chat room'), ModerateRoomSchema.parse(req.body)));
  });
  r.post('/admin/chat-rooms/:roomId/archive', signedIn, async (req, res) => {
    res.json(await archiveRoom(db, await readUser(req), idParam(req.params.roomId, 'Chat room'), ArchiveRoomSchema.parse(req.body)));
  });
  r.get('/admin/chat-rooms/:roomId/messages', signedIn, async (req, res) => {
    noStore(res);
    res.json(await listRoomMessages(db, await readUser(req), idParam(req.params.roomId, 'Chat room')));
  });
  return r;
}
