import { REPORT_TYPES, type ReportType } from '@app/shared/browser';
import { ArchiveRoomSchema, CreateBulletinPostSchema, CreateChatRoomSchema, CreateReportSchema, ModerateContentSchema, ModerateRoomSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { createBulletinPost } from '../domain/bulletin/create-bulletin-post.ts';
import { deleteBulletinPost } from '../domain/bulletin/delete-bulletin-post.ts';
import { listAdminBulletinPosts, listBulletinPosts } from '../domain/bulletin/list-bulletin-posts.ts';
import { archiveRoom, listAdminRooms, listFlaggedMessages, listRoomMessages, moderateRoom } from '../domain/chat/admin-rooms.ts';
import { createRoom } from '../domain/chat/create-room.ts';
import { listRooms } from '../domain/chat/list-rooms.ts';
import { createReport } from '../domain/reports/create-report.ts';
import { dismissReport, moderateContent } from '../domain/reports/moderate-content.ts';
import { listReports } from '../domain/reports/review-queue.ts';
import { AppError } from '../lib/app-error.ts';
import { idParam } from './params.ts';
import type { UserReader } from './session-cookie.ts';
import { noStore } from './no-store.ts';

const contentType = (value: string | undefined): ReportType => {
  // The spec's admin screen says "article" for comments on articles.
  const type = value === 'article' ? 'comment' : value;
  if (!REPORT_TYPES.includes(type as ReportType)) throw new AppError('not_found', 'Unknown content type');
  return type as ReportType;
};

/** The bulletin board, chat rooms, reports and the one moderation queue (spec 02 §7). */
export function communityRoutes(deps: { db: Db; readUser: UserReader }): Router {
  const { db, readUser } = deps;
  const r = Router();

  r.get('/bulletin', async (req, res) => {
    noStore(res);
    res.json(await listBulletinPosts(db, await readUser(req)));
  });
  r.post('/bulletin', async (req, res) => {
    res.status(201).json(await createBulletinPost(db, await readUser(req), CreateBulletinPostSchema.parse(req.body)));
  });
  r.delete('/bulletin/:id', async (req, res) => {
    await deleteBulletinPost(db, await readUser(req), idParam(req.params.id, 'Post'));
    res.status(204).end();
  });

  r.get('/chat/rooms', async (req, res) => {
    noStore(res);
    res.json(await listRooms(db, await readUser(req)));
  });
  r.post('/chat/rooms', async (req, res) => {
    res.status(201).json(await createRoom(db, await readUser(req), CreateChatRoomSchema.parse(req.body)));
  });

  r.post('/reports', async (req, res) => {
    res.status(201).json(await createReport(db, await readUser(req), CreateReportSchema.parse(req.body)));
  });

  r.get('/admin/reports', async (req, res) => {
    noStore(res);
    res.json(await listReports(db, await readUser(req)));
  });
  r.post('/admin/reports/:id/dismiss', async (req, res) => {
    res.json(await dismissReport(db, await readUser(req), idParam(req.params.id, 'Report')));
  });
  r.get('/admin/bulletin-posts', async (req, res) => {
    noStore(res);
    res.json(await listAdminBulletinPosts(db, await readUser(req)));
  });
  r.get('/admin/chat-messages/flagged', async (req, res) => {
    noStore(res);
    res.json(await listFlaggedMessages(db, await readUser(req)));
  });
  r.post('/admin/content/:contentType/:contentId/moderate', async (req, res) => {
    const user = await readUser(req);
    res.json(await moderateContent(db, user, contentType(req.params.contentType), idParam(req.params.contentId, 'Content'), ModerateContentSchema.parse(req.body)));
  });
  r.get('/admin/chat-rooms', async (req, res) => {
    noStore(res);
    res.json(await listAdminRooms(db, await readUser(req)));
  });
  r.post('/admin/chat-rooms/:roomId/moderate', async (req, res) => {
    res.json(await moderateRoom(db, await readUser(req), idParam(req.params.roomId, 'Chat room'), ModerateRoomSchema.parse(req.body)));
  });
  r.post('/admin/chat-rooms/:roomId/archive', async (req, res) => {
    res.json(await archiveRoom(db, await readUser(req), idParam(req.params.roomId, 'Chat room'), ArchiveRoomSchema.parse(req.body)));
  });
  r.get('/admin/chat-rooms/:roomId/messages', async (req, res) => {
    noStore(res);
    res.json(await listRoomMessages(db, await readUser(req), idParam(req.params.roomId, 'Chat room')));
  });
  return r;
}
