import type { Deployment } from '@app/shared/browser';
import { RestartRequestSchema, type RestartRequest } from '@app/supervisor/restart-protocol';
import type { DeploymentLog, FinishedStatus } from './deployment-log.ts';

/** Node IPC to the supervising process, or null when nothing supervises this one (Docker, tests). */
export type RestartChannel = ((request: RestartRequest) => void) | null;

export function processRestartChannel(): RestartChannel {
  return typeof process.send === 'function' ? (request) => void process.send!(request) : null;
}

/**
 * After a successful deployment whose commit changed the API's or the CMS's own code: asks the
 * supervisor to restart those services one at a time from that commit's release folder (`release`,
 * git-source.ts), and records that it asked. Without a supervisor the record says so, and the tab
 * tells the admin to restart them; compose restarts containers itself when their images change.
 */
export function restartAfterDeploy(deps: { log: DeploymentLog; channel: RestartChannel; release: (commit: string) => Promise<string> }) {
  return async (d: Deployment, status: FinishedStatus) => {
    if (status !== 'succeeded' || d.restartNeeded.length === 0 || !d.commit) return;
    if (!deps.channel) {
      await deps.log.restartProgress(d.id, 'not_supervised', 'No supervisor runs these services here: restart them to run the new code.');
      return;
    }
    let root: string;
    try {
      root = await deps.release(d.commit);
    } catch (err) {
      await deps.log.restartProgress(d.id, 'failed', `could not make a release folder of ${d.commit.slice(0, 12)} to restart from (${(err as Error).message}): the previous code keeps running`);
      return;
    }
    // Parsed with the schema the supervisor reads it by: what it would ignore is never sent.
    const request = RestartRequestSchema.parse({ type: 'restart-services', deployment: d.id, services: d.restartNeeded, root });
    await deps.log.restartProgress(d.id, 'requested', `asked the supervisor to restart the ${d.restartNeeded.join(' and ')} from ${root}, one at a time`);
    deps.channel(request);
  };
}
