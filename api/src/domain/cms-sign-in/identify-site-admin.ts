import type { SiteAdminIdentity } from '@app/shared/browser';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/**
 * The CMS's single sign-on asks whose site session a request carries: a site admin
 * (`can(viewer, 'administer')`) is named; moderators, members and visitors are refused (403/401),
 * so the CMS shows them its own login.
 */
export function identifySiteAdmin(caller: UserRow | null): SiteAdminIdentity {
  const admin = requirePermission(caller, 'administer');
  return { id: admin.id, username: admin.username, email: admin.email, displayName: admin.displayName || admin.username, emailConfirmed: admin.emailConfirmedAt !== null };
}
