import type { Payload, PayloadRequest } from 'payload';
import { secondFactorStateOf } from '../auth/second-factor';
import { RegenerateRecoveryCodes, ResetAuthenticator } from './second-factor-controls';

/**
 * On a CMS user's page (issue 52): a CMS admin looking at another user who signs in with a
 * password and has an authenticator can reset it; a user on their own page with an authenticator
 * can make new recovery codes. Nothing for anyone else (site admins have no password). The
 * endpoints check all of it again (endpoints/second-factor-endpoints.ts).
 */
export async function SecondFactorPanel({ id, payload, req }: { id?: number | string; payload: Payload; req: PayloadRequest }) {
  const viewer = req.user as { id: number; role?: string | null } | null;
  const userId = Number(id);
  if (!viewer || !Number.isInteger(userId) || userId < 1) return null;
  const api = payload.config.routes.api;
  const own = viewer.id === userId;
  if (!own && viewer.role !== 'admin') return null;
  const state = await secondFactorStateOf(payload, userId);
  if (!state?.hasPassword || !state.hasAuthenticator) return null;
  return own ? <RegenerateRecoveryCodes url={`${api}/users/regenerate-recovery-codes`} /> : <ResetAuthenticator url={`${api}/users/${userId}/reset-second-factor`} />;
}
