import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatMessages, chatRoomMembers } from '../../db/schema/index.ts';

/**
 * Members have seen these rooms up to their newest message (issue 37 #5): the rooms a socket had
 * open when it closed (what arrived there meanwhile was read live). Any number of members' closes in
 * one statement: a front door restart or a network cut closes thousands of sockets at once.
 */
export async function markRoomsRead(db: Pick<Db, 'execute'>, reads: { userId: number; roomIds: number[] }[]): Promise<void> {
  const pairs = new Map<string, [number, number]>();
  for (const { userId, roomIds } of reads) for (const roomId of roomIds) pairs.set(`${userId}:${roomId}`, [userId, roomId]);
  if (pairs.size === 0) return;
  const [userIds, roomIds] = [[...pairs.values()].map((p) => p[0]), [...pairs.values()].map((p) => p[1])];
  await db.execute(sql`
    update ${chatRoomMembers} as m set last_read_message_id = greatest(m.last_read_message_id, coalesce(newest.id, 0))
    from (select unnest(${sql.param(userIds)}::int[]) as user_id, unnest(${sql.param(roomIds)}::int[]) as room_id) as p
      left join lateral (select max(${chatMessages.id}) as id from ${chatMessages} where ${chatMessages.roomId} = p.room_id) as newest on true
    where m.user_id = p.user_id and m.room_id = p.room_id`);
}
