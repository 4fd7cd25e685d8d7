import { sendDigests } from '../domain/notifications/digest-mails.ts';
import { sendNewsletters, type NewsletterDeps } from '../domain/notifications/newsletter.ts';
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

export const NOTIFICATION_DIGEST_JOB = 'notification-digests';

/**
 * The daily and weekly digests (issue 37 #6): each round, once across every API instance, every
 * member whose digest is due gets one mail of their unread notifications (a member is claimed in
 * the database, so a round that overlaps another still sends each digest once).
 */
export function notificationDigestJob(deps: NotificationMailDeps & { clock: () => Date }, every: number): Job {
  return {
    name: NOTIFICATION_DIGEST_JOB,
    every,
    firstAfterMs: Math.min(every, 5000),
    exclusive: true,
    run: async () => {
      const { sent, members } = await sendDigests(deps, deps.clock());
      return `${sent} digests sent (${members} members due)`;
    },
  };
}

export const NEWSLETTER_JOB = 'newsletters';

/**
 * The newsletter's copies (issue 37 #8), sent by one instance at a time within the mail server's
 * rate; a round works for at most a minute and the next goes on, so a newsletter survives the
 * death of the instance sending it (its next round, on any instance, resumes where it stopped).
 */
export function newsletterJob(deps: NewsletterDeps, every: number): Job {
  return {
    name: NEWSLETTER_JOB,
    every,
    firstAfterMs: Math.min(every, 3000),
    exclusive: true,
    run: async () => {
      const t = await sendNewsletters(deps, 60_000);
      return t.sent + t.failed + t.unsubscribed + t.interrupted === 0 ? null : `${t.sent} sent, ${t.failed} failed, ${t.unsubscribed} unsubscribed${t.interrupted ? `, ${t.interrupted} interrupted (not resent)` : ''}`;
    },
  };
}
