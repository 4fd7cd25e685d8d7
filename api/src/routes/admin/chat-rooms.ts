import { ArchiveRoomSchema, ModerateRoomSchema } from '@app/shared/schemas';
import type { Router } from 'express';
import type { Db } from '../../db/client.ts';
import { archiveRoom } from '../../domain/chat/archive-room.ts';
import { listAdminRooms } from '../../domain/chat/list-admin-rooms.ts';
import { listRoomMessages } from '../../domain/chat/list-room-messages.ts';
import { moderateRoom } from '../../domain/chat/moderate-room.ts';
import { noStore } from '../no-store.ts';
import { idParam } from '../params.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

/** Admin → Chat Rooms: every room, its moderation and archiving, and its messages whatever their state. */
export function adminChatRoomRoutes(deps: { db: Db; readUser: UserReader }): Router {
  const { db, readUser } = deps;
  return sectionRouter('chat-rooms', readUser, (route) => {
    route('list', async (req, res) => {
      noStore(res);
      res.json(await listAdminRooms(db, await readUser(req)));
    });
    route('moderate', async (req, res) => {
      res.json(await moderateRoom(db, await readUser(req), idParam(req.params.roomId, 'Chat room'), ModerateRoomSchema.parse(req.body)));
    });
    route('archive', async (req, res) => {
      res.json(await archiveRoom(db, await readUser(req), idParam(req.params.roomId, 'Chat room'), ArchiveRoomSchema.parse(req.body)));
    });
    route('messages', async (req, res) => {
      noStore(res);
      res.json(await listRoomMessages(db, await readUser(req), idParam(req.params.roomId, 'Chat room')));
    });
  });
}
