import type { Logger } from 'pino';
import type { Mail, Mailer } from '../ports/mailer.ts';
import type { UserRow } from './user-dto.ts';

export type MemberMailDeps = { mailer: Mailer; logger: Logger };
type Recipient = Pick<UserRow, 'email' | 'emailConfirmedAt'>;

/**
 * The one rule for mail to a member (DESIGN §7.18): it goes only to an address its owner has
 * confirmed, so signing up with a stranger's address cannot make us write to them (orders,
 * membership, notices). Only mail about the address itself (its confirmation, a reset link,
 * "someone tried to sign up with your address") is sent without it, by the account use cases,
 * and carries no text a member chose.
 *
 * Never throws: a mail that cannot be sent is logged, and the caller's work stands. Answers
 * whether the mail went out.
 */
export async function mailToMember(deps: MemberMailDeps, member: Recipient, mail: Omit<Mail, 'to'>): Promise<boolean> {
  if (!member.emailConfirmedAt) return false;
  try {
    await deps.mailer.send({ to: member.email, ...mail });
    return true;
  } catch (err) {
    deps.logger.error({ err, subject: mail.subject }, 'could not send a mail to a member');
    return false;
  }
}
