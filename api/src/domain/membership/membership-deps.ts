import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { PaymentProvider } from '../ports/payment-provider.ts';

export type MembershipDeps = {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** Now, as the membership rules see it (tests move it past a period's end). */
  clock: () => Date;
  /** The site's name as its settings say now (mails name it); unset: today's default. */
  siteName?: () => string;
};
