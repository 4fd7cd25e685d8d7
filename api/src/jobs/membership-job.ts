import { expireSubscriptions } from '../domain/membership/expire-subscriptions.ts';
import type { MembershipDeps } from '../domain/membership/membership-deps.ts';
import type { DemoProvider } from '../domain/ports/payment-provider.ts';
import type { Job } from './schedule-job.ts';

export const MEMBERSHIP_JOB = 'membership-check';

/**
 * The membership check, once per round across every API instance: the demo provider's passage of
 * time, then every ended period re-read from the provider. Exclusive: a round still running when
 * the next is claimed (a slow provider) is not overlapped.
 */
export function membershipJob(deps: MembershipDeps & { demo: DemoProvider | null }, every: number): Job {
  return {
    name: MEMBERSHIP_JOB,
    every,
    exclusive: true,
    run: async () => {
      const ended = await expireSubscriptions(deps, deps.demo ? () => deps.demo!.advance() : undefined);
      if (ended) deps.logger.info({ ended }, 'membership check: ended periods re-read');
      return `${ended} ended period${ended === 1 ? '' : 's'} re-read`;
    },
  };
}
