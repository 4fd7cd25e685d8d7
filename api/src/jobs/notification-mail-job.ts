import { sendNotificationMails, type NotificationMailDeps } from '../domain/notifications/notification-mails.ts';
import type { Job } from './schedule-job.ts';

export const NOTIFICATION_MAIL_JOB = 'notification-mails';

/**
 * The notification mails (issue 37 #6), once per round across every API instance: each member's
 * pending mails sent, never twice (a round is claimed by one instance; exclusive, so a slow mail
 * server's round is not overlapped; each mail is marked sent as it goes).
 */
export function notificationMailJob(deps: NotificationMailDeps, every: number): Job {
  return {
    name: NOTIFICATION_MAIL_JOB,
    every,
    firstAfterMs: Math.min(every, 2000),
    exclusive: true,
    run: async () => {
      const { sent, skipped } = await sendNotificationMails(deps);
      return `${sent} sent${skipped ? `, ${skipped} skipped` : ''}`;
    },
  };
}
