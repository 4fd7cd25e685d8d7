import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema/index.ts';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Every mail is kept in app.mail_outbox. With SMTP_URL it is also sent over SMTP; without it,
 * it is printed to the console so a demo user can follow a reset link.
 */
export function createMailer(deps: { db: Db; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await deps.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!transport) {
        deps.logger.info({ to: mail.to, subject: mail.subject }, `mail (no SMTP configured):\n${mail.text}`);
        return;
      }
      await transport.sendMail({ from: deps.from, ...mail });
      await deps.db.update(mailOutbox).set({ sentAt: sql`now()` }).where(eq(mailOutbox.id, row!.id));
    },
  };
}
