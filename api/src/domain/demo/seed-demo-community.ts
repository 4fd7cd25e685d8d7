import type { BulletinCategory, Tier } from '@app/shared/browser';
import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, chatMessages, chatRoomMembers, chatRooms, users } from '../../db/schema/index.ts';
import { DEMO_ACCOUNTS } from '../accounts/demo-accounts.ts';

// Written for this site; one post in each category and rooms for each kind of member.
const POSTS: { by: string; title: string; category: BulletinCategory; content: string }[] = [
  { by: 'Admin', category: 'Announcement', title: 'Welcome to the community board', content: 'This is the place for questions, small wins and good resources. Be kind, stay on topic, and use Report if something looks wrong: a moderator reads every report.' },
  { by: 'free_member', category: 'Question', title: 'How do you keep a journaling habit past week two?', content: 'I start strong every January and stop around day ten. What actually helped you keep going once the novelty wore off?' },
  { by: 'pro_member', category: 'Discussion', title: 'Two-minute rule: does it really scale?', content: 'Starting every habit with two minutes worked for reading and stretching. It did not work for running. Where has it worked or failed for you?' },
  { by: 'vip_member', category: 'Resource', title: 'A printable weekly review sheet', content: 'I use one page every Sunday: three wins, one lesson, the one thing that matters next week. Happy to share how I lay it out in the comments of the chat room.' },
  { by: 'free_member', category: 'General', title: 'Ninety days without sugary drinks', content: 'Small one, but it is the longest streak I have ever kept. Swapping for sparkling water with lemon made the difference.' },
];

const ROOMS: { name: string; description: string; membershipRequired: Tier; isPrivate: boolean; owner: string; members: string[]; messages: [string, string][] }[] = [
  {
    // Created by the migration; the demo members belong to it, so its member count is real.
    name: 'General Chat', description: '', membershipRequired: 'free', isPrivate: false, owner: 'Admin',
    members: ['Admin', 'free_member', 'pro_member', 'vip_member'],
    messages: [['Admin', 'Welcome, everyone! Say hello and share one small win from this week.'], ['vip_member', 'Hello! I finally kept my phone out of the bedroom for seven nights.']],
  },
  {
    name: 'Morning Check-in', description: 'Say what you will do today, then come back tonight and say how it went.', membershipRequired: 'free', isPrivate: false, owner: 'Admin',
    members: ['Admin', 'free_member', 'pro_member', 'vip_member'],
    messages: [['Admin', 'Good morning! One thing you will finish today?'], ['free_member', 'Twenty minutes of reading before work.'], ['pro_member', 'Finishing the budget sheet I keep postponing.']],
  },
  {
    // Created by the migration with every community; the demo adds its members and talk.
    name: 'Pro Lounge', description: '', membershipRequired: 'pro', isPrivate: false, owner: 'pro_member',
    members: ['pro_member', 'vip_member'],
    messages: [['pro_member', 'Anyone want an accountability partner for a 30-day writing streak?'], ['vip_member', 'Count me in. Daily check-in at 8pm?']],
  },
  {
    name: 'VIP Mastermind', description: 'A private room for the monthly VIP mastermind group.', membershipRequired: 'vip', isPrivate: true, owner: 'vip_member',
    members: ['vip_member', 'Admin'],
    messages: [['vip_member', 'Agenda for Thursday: quarterly goals, then one hot seat each.']],
  },
];

/** Demo mode only: bulletin posts, a few rooms and their talk by the demo accounts, once (nothing if any post exists). */
export async function seedDemoCommunity(db: Db): Promise<boolean> {
  const [posts] = await db.select({ n: count() }).from(bulletinPosts);
  if (Number(posts?.n) > 0) return false;
  const accounts = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, DEMO_ACCOUNTS.map((a) => a.username)));
  const id = new Map(accounts.map((a) => [a.username, a.id]));
  if (id.size < DEMO_ACCOUNTS.length) return false;
  const idOf = (username: string) => id.get(username)!;
  await db.transaction(async (tx) => {
    const day = 24 * 60 * 60_000;
    await tx.insert(bulletinPosts).values(POSTS.map((p, i) => ({ userId: idOf(p.by), title: p.title, content: p.content, category: p.category, createdAt: new Date(Date.now() - (POSTS.length - i) * day) })));
    for (const room of ROOMS) {
      const [existing] = await tx.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.name, room.name));
      const [row] = existing ? [existing] : await tx.insert(chatRooms).values({ name: room.name, description: room.description, membershipRequired: room.membershipRequired, isPrivate: room.isPrivate, ownerId: idOf(room.owner) }).returning({ id: chatRooms.id });
      await tx.insert(chatRoomMembers).values(room.members.map((m) => ({ roomId: row!.id, userId: idOf(m) }))).onConflictDoNothing();
      const start = Date.now() - 60 * 60_000;
      await tx.insert(chatMessages).values(room.messages.map(([by, content], i) => ({ roomId: row!.id, userId: idOf(by), content, sentAt: new Date(start + i * 3 * 60_000) })));
    }
  });
  return true;
}
