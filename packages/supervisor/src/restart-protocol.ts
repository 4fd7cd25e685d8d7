// What the API and the supervisor that started it say to each other about a rolling restart, stated
// once: the API sends a RestartRequest over Node IPC (api/src/domain/deploy/request-restart.ts) and
// the supervisor reads it with the same schema (rolling-restart.mjs); the supervisor reports its
// progress to POST /api/internal/deployments/{id}/restart, which the API parses with
// RestartProgressSchema.
import { z } from 'zod';

/** The services a deployment may need restarted, in the order they are restarted: every API instance, then the CMS. */
export const RESTARTABLE_SERVICES = ['api', 'cms'] as const;

/** API → supervisor: restart these services from the release folder `root` (a commit's), one instance at a time. */
export const RestartRequestSchema = z.object({
  type: z.literal('restart-services'),
  deployment: z.number().int().positive(),
  services: z.array(z.enum(RESTARTABLE_SERVICES)).min(1),
  root: z.string().min(1),
});
export type RestartRequest = z.infer<typeof RestartRequestSchema>;

/** Supervisor → API: where the restart stands, and a line for the deployment's log. */
export const RestartProgressSchema = z.object({
  status: z.enum(['restarting', 'restarted', 'failed']),
  line: z.string().min(1).max(2000),
});
export type RestartProgress = z.infer<typeof RestartProgressSchema>;
