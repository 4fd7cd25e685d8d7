import type { Deployment } from '@app/shared/browser';
import type { DeploymentLog, FinishedStatus } from './deployment-log.ts';

/** What the API sends the supervisor that started it (scripts/lib/rolling-restart.mjs reads it). */
export type RestartRequest = { type: 'restart-services'; deployment: number; services: string[]; root: string };
/** Node IPC to the supervising process, or null when nothing supervises this one (Docker, tests). */
export type RestartChannel = ((request: RestartRequest) => void) | null;

export function processRestartChannel(): RestartChannel {
  return typeof process.send === 'function' ? (request) => void process.send!(request) : null;
}

/**
 * After a successful deployment whose commit changed the API's or the CMS's own code: asks the
 * supervisor to restart those services one at a time from the deployed code (`root`), and records
 * that it asked. Without a supervisor the record says so, and the tab tells the admin to restart
 * them; compose restarts containers itself when their images change.
 */
export function restartAfterDeploy(deps: { log: DeploymentLog; channel: RestartChannel; root: () => string }) {
  return async (d: Deployment, status: FinishedStatus) => {
    if (status !== 'succeeded' || d.restartNeeded.length === 0) return;
    if (!deps.channel) {
      await deps.log.restartProgress(d.id, 'not_supervised', 'No supervisor runs these services here: restart them to run the new code.');
      return;
    }
    await deps.log.restartProgress(d.id, 'requested', `asked the supervisor to restart the ${d.restartNeeded.join(' and ')}, one at a time`);
    deps.channel({ type: 'restart-services', deployment: d.id, services: d.restartNeeded, root: deps.root() });
  };
}
