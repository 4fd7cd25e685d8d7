import { ConfirmDialog } from '@app/ui/confirm-dialog';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ADMIN_SECTIONS, callEndpoint, DEPLOYMENT_KINDS, errorMessage, formatShortDateTime, formatStepTimes, type Deployment, type DeploymentDetail } from '@app/shared/browser';
import { toast } from '@app/ui';
import { endpointStore, invalidateKeys } from '../../lib/queries';
import { AdminTable } from './admin-table';
import { withSecondFactor } from '../../lib/step-up';

const DEPLOYMENT = ADMIN_SECTIONS.deployment.api;
const $overview = endpointStore(DEPLOYMENT.overview);
const STATUS_TEXT: Record<Deployment['status'], string> = { queued: 'Queued', running: 'Running...', succeeded: 'Live', failed: 'Failed', rolled_back: 'Rolled back' };
const short = (commit: string | null) => (commit ? commit.slice(0, 7) : '—');
const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);

/**
 * The success toast's words: the spec's when a repository is connected (Deploy pulls from it);
 * without one, Deploy rebuilds the site from the current content and working folder, and says so.
 */
export function deploySuccessText(repository: string | null): string {
  return repository ? 'The site has been updated with the latest changes from GitHub.' : 'The site has been rebuilt with the latest content (no repository is connected).';
}

/** The supervisor is still restarting the services this deployment changed. */
const restarting = (d: Deployment) => d.restart?.status === 'requested' || d.restart?.status === 'restarting';

/** What the tab says about the services whose code a deployment changed. */
function restartNote(d: Deployment): string {
  const services = d.restartNeeded.join(' and ');
  switch (d.restart?.status) {
    case 'requested':
    case 'restarting':
      return `The ${services} code changed: restarting ${d.restartNeeded.length > 1 ? 'them' : 'it'} one at a time...`;
    case 'restarted':
      return `The ${services} code changed: restarted, the new code is running.`;
    case 'failed':
      return `The ${services} code changed, but the restart failed: the previous code keeps running (see the restart log).`;
    default:
      return `The ${services} code changed: a restart is needed to run it.`;
  }
}

/**
 * Reads of a followed deployment that may fail in a row (one a second) before the tab gives up: a
 * failed read is not a failed deployment — with one API instance, the API is away for the seconds
 * it takes to restart on the code it has just deployed, often right as the deployment goes live.
 */
const MISSES_ALLOWED = 60;

/** Follows one deployment, polling its log each second until it ends (and its services' restart with it); then the spec's toast. */
function useFollow(onDone: () => void, successText: string) {
  const [followed, setFollowedState] = useState<DeploymentDetail | null>(null);
  const [unreachable, setUnreachable] = useState<string | null>(null);
  const misses = useRef(0);
  const setFollowed = useCallback((d: DeploymentDetail) => {
    misses.current = 0;
    setUnreachable(null);
    setFollowedState(d);
  }, []);
  useEffect(() => {
    if (!followed || unreachable || (followed.status !== 'running' && !restarting(followed))) return;
    const timer = setTimeout(async () => {
      try {
        const next = await callEndpoint(DEPLOYMENT.detail, { params: { id: followed.id } });
        misses.current = 0;
        const wasRunning = followed.status === 'running';
        setFollowedState(next);
        if (next.status === 'running') return;
        // The deployment had ended: this was its services' restart, followed until it ends too.
        if (!wasRunning) {
          if (!restarting(next)) onDone();
          return;
        }
        onDone();
        if (next.status === 'succeeded') toast({ title: 'Deployment successful', description: successText });
        else toast({ title: 'Deployment failed', description: 'There was an error deploying the latest changes.', variant: 'destructive' });
      } catch (err) {
        misses.current += 1;
        if (misses.current < MISSES_ALLOWED) return setFollowedState({ ...followed });
        setUnreachable(`Deployment ${followed.id} could not be read for a minute (${errorMessage(err)}): its state is in the history once the API answers.`);
        onDone();
      }
    }, 1000);
    return () => clearTimeout(timer);
  }, [followed, unreachable, onDone, successText]);
  return [followed, setFollowed, unreachable] as const;
}

/** Admin → Deployment: the source and live commit, Deploy Latest Changes with its live log, the webhook's state and the history. */
export default function DeploymentTab() {
  const { data, error } = useStore($overview);
  const reload = () => invalidateKeys(DEPLOYMENT.overview.path);
  const [followed, setFollowed, unreachable] = useFollow(reload, deploySuccessText(data?.repository ?? null));
  const [pending, setPending] = useState(false);
  const [rollingBack, setRollingBack] = useState<Deployment | null>(null);
  // The newest successful deployment is live; earlier ones were (a rollback makes one live again as a new row).
  const liveId = data?.deployments.find((d) => d.status === 'succeeded')?.id;
  const deploying = pending || (followed?.status === 'running' && !unreachable);

  async function deploy() {
    setPending(true);
    try {
      const started = await withSecondFactor(() => callEndpoint(DEPLOYMENT.deploy));
      if (started.joined) toast({ title: 'Deployment in progress', description: started.message });
      setFollowed({ ...started.deployment, log: '' });
      reload();
    } catch (err) {
      toast({ title: 'Deployment failed', description: errorMessage(err, 'There was an error deploying the latest changes.'), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  }

  async function rollBack(to: Deployment) {
    try {
      const done = await withSecondFactor(() => callEndpoint(DEPLOYMENT.rollback, { params: { id: to.id } }));
      toast({ title: 'Rolled back', description: `The build of deployment ${to.id} (${formatShortDateTime(to.startedAt)}) is live again.` });
      setFollowed(done);
    } catch (err) {
      toast({ title: 'Rollback failed', description: errorMessage(err, 'The deployment could not be rolled back.'), variant: 'destructive' });
    }
    reload();
  }

  return (
    <section aria-labelledby="deployment-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="deployment-title" className="text-xl font-bold text-slate-900">Deployment</h2>
          {error && <p role="alert" className="text-sm text-red-700">Could not load deployments: {errorMessage(error)}</p>}
          {data && (
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="deploy-source">
              <dt className="text-slate-500">Repository</dt><dd className="font-medium text-slate-900">{data.repository ?? 'Not connected'}</dd>
              <dt className="text-slate-500">Branch</dt><dd className="font-medium text-slate-900">{data.branch ?? 'Not connected'}</dd>
              <dt className="text-slate-500">Live commit</dt><dd className="font-mono text-slate-900" data-testid="live-commit">{short(data.liveCommit)}</dd>
            </dl>
          )}
        </div>
        <button type="button" className="btn-primary" disabled={deploying} onClick={() => void deploy()}>{deploying ? 'Deploying...' : 'Deploy Latest Changes'}</button>
      </div>
      {followed && (
        <div className="card space-y-2 p-4" aria-live="polite">
          <p className="text-sm font-medium text-slate-900">Deployment {followed.id}: {STATUS_TEXT[followed.status]}{followed.commit ? ` · ${short(followed.commit)}` : ''}{followed.rollback ? ` · rolled back to deployment ${followed.rollback.to}` : ''}</p>
          {followed.steps.length > 0 && <p className="text-xs text-slate-600" data-testid="deploy-steps">Time: {formatStepTimes(followed.steps)}</p>}
          {followed.restartNeeded.length > 0 && <p className={`rounded-md px-3 py-2 text-sm ${followed.restart?.status === 'restarted' ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`} data-testid="restart-note">{restartNote(followed)}</p>}
          {unreachable && <p role="alert" className="text-sm text-red-700">{unreachable}</p>}
          {followed.restart?.log && <pre className="max-h-40 overflow-auto whitespace-pre-wrap rounded-md bg-slate-100 p-3 text-xs text-slate-800" data-testid="restart-log">{followed.restart.log}</pre>}
          <pre className="max-h-72 overflow-auto whitespace-pre-wrap rounded-md bg-slate-900 p-3 text-xs text-slate-100" data-testid="deploy-log">{followed.log || 'Starting...'}</pre>
        </div>
      )}
      {data && (
        <p className="card p-4 text-sm text-slate-600" data-testid="webhook-note">
          {data.webhook.configured ? <>GitHub webhook: pushes to <span className="font-medium">{data.branch}</span> deploy automatically. Payload URL <span className="font-mono break-all">{data.webhook.url}</span> (content type application/json, the secret from GITHUB_WEBHOOK_SECRET). </> : <>GitHub webhook not configured: set DEPLOY_REPOSITORY and GITHUB_WEBHOOK_SECRET, then add <span className="font-mono break-all">{data.webhook.url}</span> to the repository’s webhooks. </>}
          {data.webhook.lastDelivery ? `Last fired ${formatShortDateTime(data.webhook.lastDelivery.at)} (${data.webhook.lastDelivery.event}${data.webhook.lastDelivery.ref ? ` ${data.webhook.lastDelivery.ref.replace('refs/heads/', '')}` : ''}): ${data.webhook.lastDelivery.result}.` : 'It has not fired yet.'}
        </p>
      )}
      <AdminTable what="deployments" data={data?.deployments} error={error} retry={reload} empty="No deployments yet." columns={['Started', 'Trigger', 'Commit', 'Content', 'Status', 'Duration', '']} minWidth={820}>
        {(rows) => rows.map((d) => (
          <tr key={d.id} data-testid="deployment-row">
            <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatShortDateTime(d.startedAt)}</td>
            <td className="px-4 py-3 text-slate-700">{DEPLOYMENT_KINDS[d.kind]}{d.actor ? ` (${d.actor.username})` : ''}{d.rollback ? ` to deployment ${d.rollback.to}` : ''}</td>
            <td className="px-4 py-3 font-mono text-slate-700">{short(d.commit)}</td>
            <td className="px-4 py-3 font-mono text-slate-700">{d.contentVersion?.slice(0, 7) ?? '—'}</td>
            <td className={`px-4 py-3 ${d.status === 'succeeded' ? (d.id === liveId ? 'text-emerald-700' : 'text-slate-700') : d.status === 'running' ? 'text-slate-700' : 'text-red-700'}`}>{d.status === 'succeeded' && d.id !== liveId ? 'Deployed' : STATUS_TEXT[d.status]}{d.restartNeeded.length ? ` · ${d.restart?.status === 'restarted' ? 'restarted' : d.restart?.status === 'failed' ? 'restart failed' : restarting(d) ? 'restarting' : 'restart needed'}` : ''}</td>
            <td className="px-4 py-3 text-slate-700">{seconds(d.durationMs)}</td>
            <td className="whitespace-nowrap px-4 py-3 text-right">
              {data?.rollbackTargets.includes(d.id) && <button type="button" className="btn-outline mr-2" disabled={deploying} aria-label={`Roll back to deployment ${d.id}`} onClick={() => setRollingBack(d)}>Roll back</button>}
              <button type="button" className="btn-outline" aria-label={`Show the log of deployment ${d.id}`} onClick={() => void callEndpoint(DEPLOYMENT.detail, { params: { id: d.id } }).then(setFollowed, (err: unknown) => toast({ title: 'Error', description: errorMessage(err, 'The deployment log could not be loaded.'), variant: 'destructive' }))}>Log</button>
            </td>
          </tr>
        ))}
      </AdminTable>
      {rollingBack && (
        <ConfirmDialog
          title={`Roll back to deployment ${rollingBack.id}?`}
          description={<>The site built on {formatShortDateTime(rollingBack.startedAt)} (commit {short(rollingBack.commit)}, content {rollingBack.contentVersion?.slice(0, 7) ?? '—'}) goes live again in place of the current build. Content edited since then is back with the next rebuild (the next content change or deploy).</>}
          confirmLabel="Roll back"
          onConfirm={() => void rollBack(rollingBack)}
          onClose={() => setRollingBack(null)}
        />
      )}
    </section>
  );
}
