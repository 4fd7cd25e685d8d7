import { fireEvent, render, screen } from '@testing-library/react';
import type { DeploymentDetail, DeploymentOverview, DeployStarted } from '@app/shared/browser';
import { $toasts } from '@app/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import DeploymentTab from './deployment-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  $toasts.set([]);
});

const running: DeploymentDetail = {
  id: 5, kind: 'admin', trigger: 'admin', actor: { id: 1, username: 'owner' }, commit: 'abc1234def', contentVersion: 'v1', status: 'running',
  startedAt: '2026-11-24T00:00:00.000Z', finishedAt: null, durationMs: null, restartNeeded: [], restart: null, log: 'building',
};
const live: DeploymentDetail = { ...running, status: 'succeeded', finishedAt: '2026-11-24T00:00:30.000Z', durationMs: 30_000, restartNeeded: ['api'], restart: { status: 'requested', log: 'asked the supervisor' }, log: 'deployed' };
const restarted: DeploymentDetail = { ...live, restart: { status: 'restarted', log: 'asked the supervisor\nrestarted: api' } };
const overview: DeploymentOverview = { repository: '/srv/origin.git', branch: 'main', liveCommit: 'abc1234def', running: null, webhook: { configured: false, url: 'http://localhost:3000/api/webhooks/github', lastDelivery: null }, deployments: [] };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API as the tab sees it: each read of the deployment gives the next answer (a function throws, as a refused connection does). */
function stubApi(reads: (DeploymentDetail | (() => Response))[]) {
  vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/api/deploy') && init?.method === 'POST') return json({ deployment: running, joined: false, message: 'Deployment started.' } satisfies DeployStarted, 202);
    if (url.endsWith('/api/admin/deployments')) return json(overview);
    const next = reads.length > 1 ? reads.shift()! : reads[0]!;
    return typeof next === 'function' ? next() : json(next);
  }));
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
});
