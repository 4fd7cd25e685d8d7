import type { Db } from '../db/client.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { signalContentChanged } from '../integrations/content-change-listener.ts';
import type { Job } from './schedule-job.ts';

export const SCHEDULED_PUBLISHING_JOB = 'scheduled-publishing';

/**
 * Scheduled publishing (DESIGN §7.21). The content snapshot leaves out articles whose publish date
 * is still to come (and those past their unpublish date) and keeps the times when that changes
 * (content-snapshot.ts). Each round — one instance per round, however many tick, and one round at
 * each such time — looks for such a time that has passed and, when one has, sends the CMS's own
 * change signal: every instance reloads the content, which now shows the article, and the site is
 * rebuilt once (the deployment lock builds each content version once). Nothing is written to the CMS.
 */
export function scheduledPublishingJob(deps: { db: Db; content: ContentReadModel }, every: number, clock: () => Date = () => new Date()): Job {
  const upcoming = () => deps.content.current().snapshot.records.schedule?.upcoming ?? [];
  return {
    name: SCHEDULED_PUBLISHING_JOB,
    every,
    // Each publish and unpublish time is a round of its own, at that time (within half a second),
    // besides the rounds every `every` (which catch a time an instance was down for).
    at: upcoming,
    run: async () => {
      const now = clock().getTime();
      const due = upcoming().filter((t) => Date.parse(t) <= now);
      if (due.length === 0) return null;
      await signalContentChanged(deps.db, 'schedule');
      return `${due.length === 1 ? 'a scheduled time' : `${due.length} scheduled times`} passed (${due[0]}): the content is read again`;
    },
  };
}
