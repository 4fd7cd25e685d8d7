import type { CmsSecondFactorReset } from '@app/shared/schemas';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ReviewRequestDeps } from '../notifications/notify-review-requested.ts';
import { cmsFactorResetMail } from '../second-factor/factor-mails.ts';

type Deps = Pick<ReviewRequestDeps, 'db' | 'mailer' | 'logger' | 'publicUrl' | 'siteName'>;

/**
 * POST /api/internal/cms-sign-in/second-factor-reset (issue 52 #5): a CMS admin reset a CMS user's
 * authenticator (the CMS did it already), so it is audited as the site's own reset is, and the user
 * is mailed at their CMS address. The entry's actor is the admin's site account when they came in
 * by single sign-on (and it still exists); otherwise their CMS address is in the details. A mail
 * that cannot be sent is logged; the entry stands. Answers whether the mail went out.
 */
export async function cmsSecondFactorReset(deps: Deps, input: CmsSecondFactorReset): Promise<{ recorded: true; mailed: boolean }> {
  const [actor] = input.actorSiteUserId === null ? [] : await deps.db.select({ id: users.id }).from(users).where(and(eq(users.id, input.actorSiteUserId), isNull(users.deletedAt)));
  await recordAudit(deps.db, { actorId: actor?.id ?? null, action: 'cms_user.second_factor_reset', details: { targetEmail: input.targetEmail, actorEmail: actor ? null : input.actorEmail } });
  try {
    await deps.mailer.send({ to: input.targetEmail, ...cmsFactorResetMail(deps.siteName(), deps.publicUrl.replace(/\/$/, '')) });
    return { recorded: true, mailed: true };
  } catch (err) {
    deps.logger.error({ err }, 'could not mail a CMS user about their authenticator reset');
    return { recorded: true, mailed: false };
  }
}
