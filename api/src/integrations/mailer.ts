import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';
import type { Mailer } from '../domain/ports/mailer.ts';


/** Links that act on an account (reset links and the like) are credentials: `https://…?reset=…` → `[link removed]`. */
export function withoutLiveLinks(text: string): string {
  return text.replace(/https?:\/\/\S+\?\S*/g, '[link removed]');
}

/**
 * Every mail is recorded in app.mail_outbox. With SMTP_URL it is sent over SMTP and the outbox
 * keeps the text without live links; without it (development only: production refuses to start
 * without SMTP_URL) the outbox keeps the whole text, for `npm run mail` and the tests. Mail
 * bodies and links are never logged.
 */
/** The sender: MAIL_FROM when set, else the site's current name (its settings) at a no-reply address. */
export type MailSender = string | { name: string; address: string };

export function createMailer(deps: { db: Db; logger: Logger; smtpUrl?: string; from: MailSender | (() => MailSender) }): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(mail) {
      // With SMTP the outbox keeps no HTML part (its links are as live as the text's).
      const kept = transport ? { ...mail, text: withoutLiveLinks(mail.text), html: null } : mail;
      const [row] = await deps.db.insert(mailOutbox).values(kept).returning({ id: mailOutbox.id });
      if (!transport) {
        deps.logger.info({ outboxId: row!.id, subject: mail.subject }, 'mail kept in app.mail_outbox (no SMTP configured; `npm run mail` shows it)');
        return;
      }
      await transport.sendMail({ from: typeof deps.from === 'function' ? deps.from() : deps.from, ...mail });
      await deps.db.update(mailOutbox).set({ sentAt: sql`now()` }).where(eq(mailOutbox.id, row!.id));
    },
  };
}
