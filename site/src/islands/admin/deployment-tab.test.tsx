import { fireEvent, render, screen, within } from '@testing-library/react';
import type { DeploymentDetail, DeploymentOverview, DeployStarted } from '@app/shared/browser';
import { $toasts } from '@app/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DeploymentTab, { deploySuccessText } from './deployment-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const running: DeploymentDetail = {
  id: 5, kind: 'admin', trigger: 'admin', actor: { id: 1, username: 'owner' }, commit: 'abc1234def', contentVersion: 'v1', status: 'running',
  startedAt: '2026-11-24T00:00:00.000Z', finishedAt: null, durationMs: null, steps: [], rollback: null, restartNeeded: [], restart: null, log: 'building',
};
const live: DeploymentDetail = { ...running, status: 'succeeded', finishedAt: '2026-11-24T00:00:30.000Z', durationMs: 30_000, restartNeeded: ['api'], restart: { status: 'requested', log: 'asked the supervisor' }, log: 'deployed' };
const restarted: DeploymentDetail = { ...live, restart: { status: 'restarted', log: 'asked the supervisor\nrestarted: api' } };
const overview: DeploymentOverview = { repository: '/srv/origin.git', branch: 'main', liveCommit: 'abc1234def', running: null, webhook: { configured: false, url: 'http://localhost:3000/api/webhooks/github', lastDelivery: null }, deployments: [], rollbackTargets: [] };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the tab sees it: each read of the deployment gives the next answer (a function throws, as a refused connection does). */
function stubApi(reads: (DeploymentDetail | (() => Response))[], tab: DeploymentOverview = overview) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${new URL(url, 'http://x').pathname}`);
    if (url.endsWith('/api/deploy') && init?.method === 'POST') return json({ deployment: running, joined: false, message: 'Deployment started.' } satisfies DeployStarted, 202);
    if (url.endsWith('/api/admin/deployments')) return json(tab);
    const next = reads.length > 1 ? reads.shift()! : reads[0]!;
    return typeof next === 'function' ? next() : json(next);
  }));
  return calls;
}

describe('Admin → Deployment', () => {
  it('follows a deployment through the seconds its API restarts on the new code: live, then restarted, never “failed”', async () => {
    const refused = () => {
      throw new TypeError('Failed to fetch');
    };
    stubApi([running, refused, () => json({ message: 'API unavailable' }, 502), live, restarted]);
    render(<DeploymentTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deploy Latest Changes' }));
    expect(await screen.findByTestId('restart-note', {}, { timeout: 8_000 })).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('restart-note').textContent).toBe('The api code changed: restarted, the new code is running.'), { timeout: 8_000 });
    expect($toasts.get().map((t) => t.title)).toEqual(['Deployment successful']);
    expect(screen.getByText(/Deployment 5: Live/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  }, 15_000);

  it('says the site was updated from GitHub only when a repository is connected', async () => {
    expect(deploySuccessText('https://github.com/owner/site.git')).toBe('The site has been updated with the latest changes from GitHub.');
    stubApi([running, { ...live, restartNeeded: [], restart: null, steps: [{ step: 'site build', ms: 31_200 }, { step: 'switch', ms: 40 }] }], { ...overview, repository: null, branch: null });
    render(<DeploymentTab />);
    expect((await screen.findByTestId('deploy-source')).textContent).toContain('Not connected');
    fireEvent.click(screen.getByRole('button', { name: 'Deploy Latest Changes' }));
    await vi.waitFor(() => expect($toasts.get().map((t) => [t.title, t.description])).toEqual([['Deployment successful', 'The site has been rebuilt with the latest content (no repository is connected).']]), { timeout: 5_000 });
    expect(screen.getByTestId('deploy-steps').textContent).toBe('Time: site build 31.2 s · switch 0.0 s');
  });

  it('rolls back to an earlier deployment after asking, only from the rows whose build is kept', async () => {
    const earlier: DeploymentDetail = { ...live, id: 4, commit: 'fedcba987', restartNeeded: [], restart: null };
    const pruned: DeploymentDetail = { ...earlier, id: 3 };
    const rolledBack: DeploymentDetail = { ...earlier, id: 6, kind: 'rollback', rollback: { from: 5, to: 4 }, steps: [{ step: 'switch', ms: 3 }], log: 'rolling back' };
    const calls = stubApi([rolledBack], { ...overview, deployments: [live, earlier, pruned], rollbackTargets: [4] });
    render(<DeploymentTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Roll back to deployment 4' }));
    expect(screen.queryByRole('button', { name: 'Roll back to deployment 3' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Roll back to deployment 5' })).toBeNull();
    // Only the newest successful deployment reads as live.
    expect(screen.getAllByTestId('deployment-row').map((r) => r.textContent)).toEqual([expect.stringContaining('Live'), expect.stringContaining('Deployed'), expect.stringContaining('Deployed')]);
    const dialog = await screen.findByRole('dialog', { name: 'Roll back to deployment 4?' });
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await vi.waitFor(() => expect($toasts.get().map((t) => t.title)).toEqual(['Rolled back']));
    expect(calls).toContain('POST /api/admin/deployments/4/rollback');
    expect(await screen.findByText(/Deployment 6: Live .* rolled back to deployment 4/)).toBeTruthy();
  });
});
