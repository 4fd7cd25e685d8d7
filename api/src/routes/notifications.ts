import { MarkNotificationsReadSchema, MentionQuerySchema, NotificationListQuerySchema, NotificationSettingsSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { listNotifications, markRead, readNotificationSettings, saveNotificationSettings } from '../domain/notifications/member-notifications.ts';
import { unsubscribe } from '../domain/notifications/notification-mails.ts';
import { mentionCandidates } from '../domain/notifications/mention-candidates.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { readUnsubscribeToken } from '../domain/notifications/unsubscribe-token.ts';
import { AppError } from '../lib/app-error.ts';
import { anyone, signedIn } from './access.ts';
import { noStore } from './no-store.ts';
import type { SessionReader } from './session-cookie.ts';

/**
 * A member's notifications (issue 37 #2): the list with the unread count, marking them read, and
 * the member's choices. Signed-in members only, each their own.
 */
export function notificationRoutes(deps: { db: Db; session: SessionReader; internalSecret: string; content: ContentReadModel }): Router {
  const r = Router();
  const caller = async (req: Parameters<SessionReader>[0]) => (await deps.session(req))?.user ?? null;
  r.get('/notifications', signedIn, async (req, res) => {
    noStore(res);
    res.json(await listNotifications(deps.db, await caller(req), NotificationListQuerySchema.parse(req.query)));
  });
  r.post('/notifications/read', signedIn, async (req, res) => {
    res.locals.listsUnchanged = true;
    res.json(await markRead(deps.db, await caller(req), MarkNotificationsReadSchema.parse(req.body ?? {})));
  });
  r.get('/notifications/settings', signedIn, async (req, res) => {
    noStore(res);
    res.json(await readNotificationSettings(deps.db, await caller(req)));
  });
  r.put('/notifications/settings', signedIn, async (req, res) => {
    res.locals.listsUnchanged = true;
    res.json(await saveNotificationSettings(deps.db, await caller(req), NotificationSettingsSchema.parse(req.body)));
  });
  // Who a composer may @mention (issue 37 #4): members who may read the place.
  r.get('/mentions', signedIn, async (req, res) => {
    noStore(res);
    res.json(await mentionCandidates({ db: deps.db, index: deps.content.current() }, await caller(req), MentionQuerySchema.parse(req.query)));
  });
  // A notification mail's one-click unsubscribe (RFC 8058: mail clients POST it, without a session).
  r.post('/notifications/unsubscribe', anyone, async (req, res) => {
    res.locals.listsUnchanged = true;
    const member = readUnsubscribeToken(deps.internalSecret, req.query.token);
    if (!member) throw new AppError('not_found', 'This unsubscribe link is not valid.');
    res.json(await unsubscribe(deps.db, member));
  });
  return r;
}
