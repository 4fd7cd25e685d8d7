import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deployments } from '../../db/schema/index.ts';

export type DeploymentStatus = 'queued' | 'running' | 'succeeded' | 'failed';
export type Deployment = { id: number; trigger: string; contentVersion: string | null; status: DeploymentStatus; log: string; createdAt: string; finishedAt: string | null };

/** The record of every rebuild, shown to admins on the Deployment tab. */
export function createDeploymentLog(db: Db) {
  return {
    async start(trigger: string, contentVersion: string): Promise<number> {
      const [row] = await db.insert(deployments).values({ trigger, contentVersion, status: 'running' }).returning({ id: deployments.id });
      return row!.id;
    },
    async finish(id: number, status: 'succeeded' | 'failed', log: string): Promise<void> {
      // Keep the tail: a build log can be long and the end is where failures are.
      await db.update(deployments).set({ status, log: log.slice(-20_000), finishedAt: sql`now()` }).where(eq(deployments.id, id));
    },
  };
}
export type DeploymentLog = ReturnType<typeof createDeploymentLog>;
