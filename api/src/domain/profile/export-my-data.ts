import { asc, eq, inArray } from 'drizzle-orm';
import {
  bulletinPosts, chatMessages, chatRooms, comments, gameScores, invoices, orderItems, orders, orderStatusHistory, quizResults, reports, savedVideos, sessions, subscriptions,
} from '../../db/schema/index.ts';
import { requireUser } from '../accounts/permissions.ts';
import { toUserDto, type UserRow } from '../accounts/user-dto.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import type { ProfileDeps } from './profile-deps.ts';

const EXPORTS_PER_HOUR = 5;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * GET /api/profile/export: everything the site keeps about the member, as one JSON document —
 * account, sessions (never their tokens), comments, bulletin posts, chat messages, reports made,
 * orders with their lines and status history, subscriptions and payments, saved videos, quiz
 * results and game scores. Staff's private notes are not the member's data and stay out. It reads
 * a dozen tables, so it is limited to 5 an hour per member.
 */
export async function exportMyData(deps: Pick<ProfileDeps, 'db'>, caller: UserRow | null) {
  const user = requireUser(caller);
  const { db } = deps;
  await takeAttempt(db, [{ key: `export:${user.id}`, max: EXPORTS_PER_HOUR, windowMs: 60 * 60 * 1000 }], (s) => `You can download your data again in ${waitText(s)}.`);
  const [sessionRows, commentRows, postRows, messageRows, reportRows, orderRows, subscriptionRows, invoiceRows, savedRows, quizRows, scoreRows] = await Promise.all([
    db.select().from(sessions).where(eq(sessions.userId, user.id)).orderBy(asc(sessions.createdAt)),
    db.select().from(comments).where(eq(comments.userId, user.id)).orderBy(asc(comments.id)),
    db.select().from(bulletinPosts).where(eq(bulletinPosts.userId, user.id)).orderBy(asc(bulletinPosts.id)),
    db.select({ message: chatMessages, roomName: chatRooms.name }).from(chatMessages).innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId)).where(eq(chatMessages.userId, user.id)).orderBy(asc(chatMessages.id)),
    db.select().from(reports).where(eq(reports.reporterId, user.id)).orderBy(asc(reports.id)),
    db.select().from(orders).where(eq(orders.userId, user.id)).orderBy(asc(orders.id)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)).orderBy(asc(subscriptions.id)),
    db.select().from(invoices).where(eq(invoices.userId, user.id)).orderBy(asc(invoices.id)),
    db.select().from(savedVideos).where(eq(savedVideos.userId, user.id)).orderBy(asc(savedVideos.savedAt)),
    db.select().from(quizResults).where(eq(quizResults.userId, user.id)).orderBy(asc(quizResults.id)),
    db.select().from(gameScores).where(eq(gameScores.userId, user.id)).orderBy(asc(gameScores.id)),
  ]);
  const orderIds = orderRows.map((o) => o.id);
  const [itemRows, historyRows] = orderIds.length
    ? await Promise.all([
        db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)),
        db.select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, orderIds)).orderBy(asc(orderStatusHistory.id)),
      ])
    : [[], []];

  return {
    exportedAt: new Date().toISOString(),
    account: { ...toUserDto(user), bio: user.bio ?? '', publicProfile: user.publicProfile, searchIndexing: user.profileIndexable, emailConfirmedAt: iso(user.emailConfirmedAt) },
    sessions: sessionRows.map((s) => ({ createdAt: iso(s.createdAt), lastSeenAt: iso(s.lastSeenAt), expiresAt: iso(s.expiresAt), userAgent: s.userAgent, ip: s.ip })),
    comments: commentRows.map((c) => ({ id: c.id, articleId: c.articleId, parentCommentId: c.parentCommentId, content: c.deletedAt ? '' : c.content, createdAt: iso(c.createdAt), updatedAt: iso(c.updatedAt), isHidden: c.isHidden, hiddenReason: c.hiddenReason, deletedAt: iso(c.deletedAt) })),
    bulletinPosts: postRows.map((p) => ({ id: p.id, title: p.title, content: p.content, category: p.category, postedAt: iso(p.createdAt), isHidden: p.isHidden, hiddenReason: p.hiddenReason })),
    chatMessages: messageRows.map(({ message: m, roomName }) => ({ id: m.id, roomId: m.roomId, roomName, content: m.content, sentAt: iso(m.sentAt), isHidden: m.isHidden, pendingReview: m.pendingReview })),
    reports: reportRows.map((r) => ({ id: r.id, type: r.type, contentId: r.contentId, reason: r.reason, notes: r.notes, status: r.status, reportedAt: iso(r.createdAt) })),
    orders: orderRows.map((o) => ({
      id: o.id, status: o.status, orderDate: iso(o.createdAt), subtotal: o.subtotal, discount: o.discount, shipping: o.shipping, tax: o.tax, total: o.total, shippingAddress: o.shippingAddress,
      items: itemRows.filter((i) => i.orderId === o.id).map((i) => ({ productId: i.productId, name: i.name, color: i.color, quantity: i.quantity, unitPrice: i.unitPrice })),
      statusHistory: historyRows.filter((h) => h.orderId === o.id).map((h) => ({ status: h.status, note: h.note, at: iso(h.createdAt) })),
    })),
    subscriptions: subscriptionRows.map((s) => ({ id: s.id, provider: s.provider, plan: s.plan, interval: s.interval, status: s.status, cancelAtPeriodEnd: s.cancelAtPeriodEnd, currentPeriodEnd: iso(s.currentPeriodEnd), createdAt: iso(s.createdAt), updatedAt: iso(s.updatedAt) })),
    payments: invoiceRows.map((i) => ({ id: i.id, provider: i.provider, subscriptionId: i.subscriptionId, amountCents: i.amountCents, status: i.status, at: iso(i.createdAt) })),
    savedVideos: savedRows.map((v) => ({ list: v.list, videoId: v.videoId, savedAt: iso(v.savedAt) })),
    quizResults: quizRows.map((q) => ({ articleId: q.articleId, correct: q.correct, total: q.total, points: q.points, updatedAt: iso(q.updatedAt) })),
    gameScores: scoreRows.map((g) => ({ game: g.game, score: g.score, maxScore: g.maxScore, moves: g.moves, playedAt: iso(g.playedAt) })),
  };
}

export type MyDataExport = Awaited<ReturnType<typeof exportMyData>>;
