import { TIERS } from '@app/shared/browser';
import { and, eq } from 'drizzle-orm';
import { reports, users } from '../../db/schema/index.ts';
import type { ContentItem, Tx } from '../moderation/moderated-kind.ts';

/** How old an account must be before its reports count towards hiding anything. */
export const TRUSTED_ACCOUNT_AGE_MS = 24 * 60 * 60_000;

type Reporter = { createdAt: Date; emailConfirmedAt: Date | null; membershipTier: (typeof TIERS)[number]; reportsIgnoredAt: Date | null };

/**
 * Whether a reporter could plausibly be trusted (DESIGN §7.15): an account older than a day, with
 * a confirmed address or a paid tier, not marked by staff for abusing reports. Three throwaway
 * accounts must not be able to hide anyone's words.
 */
export function isTrustedReporter(r: Reporter, now: Date): boolean {
  const paid = r.membershipTier !== TIERS[0];
  return r.reportsIgnoredAt === null && now.getTime() - r.createdAt.getTime() >= TRUSTED_ACCOUNT_AGE_MS && (r.emailConfirmedAt !== null || paid);
}

/**
 * How many trusted reporters, from different addresses, have an open report on the item. Two
 * accounts behind one address count once.
 */
export async function trustedReportCount(tx: Tx, item: ContentItem, now: Date): Promise<number> {
  const rows = await tx
    .select({ ip: reports.reporterIp, reporterId: reports.reporterId, createdAt: users.createdAt, emailConfirmedAt: users.emailConfirmedAt, membershipTier: users.membershipTier, reportsIgnoredAt: users.reportsIgnoredAt })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.type, item.type), eq(reports.contentId, item.id), eq(reports.status, 'pending')));
  const addresses = new Set(rows.filter((r) => isTrustedReporter(r, now)).map((r) => r.ip ?? `user:${r.reporterId}`));
  return addresses.size;
}
